/**
 * Bearer-token guard for user routes, and the admin-token guard for the operator API.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { UnauthorizedError } from '../lib/errors';
import { userExists } from '../users/queries';
import type { AccessClaims } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on guarded routes; null elsewhere. */
    auth: AccessClaims | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Verifies an access token and that its user still exists. */
export async function authenticateToken(deps: Deps, token: string): Promise<AccessClaims> {
  const claims = await deps.tokens.verify(token);
  if (!(await userExists(deps.db, claims.userId))) throw new UnauthorizedError();
  return claims;
}

export function authenticate(deps: Deps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    request.auth = await authenticateToken(deps, token);
  };
}

/** The authenticated user of a guarded route. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function requireAdmin(adminToken: string) {
  const expected = digest(adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    // Equal-length digests: the comparison time says nothing about the token.
    if (!token || !timingSafeEqual(digest(token), expected)) throw new UnauthorizedError('Invalid admin token');
  };
}
