/**
 * Who is calling, for every domain's routes: access tokens (short-lived HS256 JWTs, sub = user id,
 * tg = Telegram id), the bearer guard that puts their claims on the request, `currentUser` for a
 * guarded route, and the operator API's admin-token guard (`config.operator` routes, checked in app.ts).
 *
 * Platform code: it imports no domain. The composition root (app.ts) decides what `bearerAuth` checks
 * beyond the signature and expiry (that the token's session is not one this process knows was revoked:
 * ./revoked-sessions.ts, no database read; the reads a guarded call makes anyway find an account that no
 * longer exists).
 */
import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { OperatorActor } from '@contract';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { secretMatcher } from '../lib/secret';

export interface AccessClaims {
  userId: number;
  telegramId: number;
}

/** A verified token's claims and when it expires (unix seconds): a socket closes then. */
export interface VerifiedClaims extends AccessClaims {
  expiresAt: number;
  /**
   * The session (refresh-token family, a UUID) the token was issued in (`sid`). Required: a token that
   * names no session could not be refused when its session is revoked.
   */
  sessionId: string;
}

/** An operator session's token (server/operators): a named operator's console, not a user's session. */
export interface OperatorClaims {
  telegramId: number;
  name: string;
  sessionId: string;
  expiresAt: number;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The `aud` of an operator session's token. Users' tokens carry none: each kind is refused where the other
 * belongs (403), with one signing key.
 */
const OPERATOR_AUDIENCE = 'operator';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `bearerAuth` on guarded routes; null elsewhere. */
    auth: AccessClaims | null;
    /**
     * Who makes an operator call, once the guard accepted it: a named operator's session or the admin
     * token; null everywhere else (and on a refused call).
     */
    operator: OperatorActor | null;
    /** The operator session the guard accepted (null for the admin token and everywhere else). */
    operatorSession: OperatorSessionRef | null;
  }
  interface FastifyContextConfig {
    /**
     * The route is the operator API (/api/admin/*): the admin token is required (app.ts), the route stays
     * open during maintenance, is limited per address, and its state-changing calls are audited once the
     * token was accepted. Every /api/admin route must have it (app.ts refuses to register one without).
     */
    operator?: boolean;
    /**
     * The operator route checks who calls it itself: the console's sign-in (it makes the token) and the
     * operator socket (the token is its first message). The guard lets it through; the rest is as above.
     */
    ownAuth?: boolean;
    /**
     * The route is Telegram's call to the bot (server/telegram): it proves itself with its own secret, and
     * stays open during maintenance; no community gate or per-user limit applies (no user calls it).
     */
    webhook?: boolean;
  }
}

/** Route options of an operator API route (see `config.operator`). */
export const OPERATOR_ROUTE = { config: { operator: true } } as const;

/** How many verified tokens a process remembers (a token is ~200 bytes: ~4 MB at most). */
const VERIFIED_TOKENS_KEPT = 20_000;

/**
 * The tokens' keys: every token is signed with JWT_SECRET's; one signed with JWT_SECRET_PREVIOUS's (a secret
 * being rotated out) is still accepted, until that setting is removed, so a rotation signs no one out
 * (docs/security.md "Rotating JWT_SECRET").
 */
export class TokenKeys {
  private readonly key: Uint8Array;
  /** Verification only: the signing key first, then the previous one's. */
  private readonly verifyKeys: readonly Uint8Array[];
  /**
   * Tokens already verified, with their claims and expiry (seconds): the same bytes were signed by this
   * key, so until it expires a token seen before needs no HMAC again (the signature check
   * with its key import was the largest CPU cost of an authenticated call). Oldest dropped first.
   */
  private readonly verified = new Map<string, VerifiedClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    previousSecret?: string,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verifyKeys = previousSecret === undefined ? [this.key] : [this.key, new TextEncoder().encode(previousSecret)];
  }

  /** jwtVerify with the signing key, else (a signature it did not make) the previous one's. */
  private async verifyWithAnyKey(token: string) {
    for (const [index, key] of this.verifyKeys.entries()) {
      try {
        return await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      } catch (error) {
        const last = index === this.verifyKeys.length - 1;
        if (last || !(error instanceof joseErrors.JWSSignatureVerificationFailed)) throw error;
      }
    }
    throw new UnauthorizedError();
  }

  async sign(claims: AccessClaims & { sessionId: string }): Promise<string> {
    return new SignJWT({ tg: claims.telegramId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Throws UnauthorizedError: 'Token expired' for an expired token, 'Not authenticated' otherwise. */
  async verify(token: string): Promise<VerifiedClaims> {
    const known = this.verified.get(token);
    // jose's rule: expired when exp <= now in whole seconds; then the full check below says so.
    if (known && known.expiresAt > Math.floor(Date.now() / 1000)) return known;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await this.verifyWithAnyKey(token);
      if (payload.aud === OPERATOR_AUDIENCE) throw new ForbiddenError('usersOnly');
      const userId = Number(payload.sub);
      const telegramId = payload['tg'];
      const sessionId = payload['sid'];
      if (
        !Number.isSafeInteger(userId) ||
        userId <= 0 ||
        typeof telegramId !== 'number' ||
        payload.exp === undefined ||
        typeof sessionId !== 'string' ||
        !SESSION_ID.test(sessionId)
      ) {
        throw new UnauthorizedError();
      }
      const claims: VerifiedClaims = { userId, telegramId, expiresAt: payload.exp, sessionId };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof ForbiddenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('tokenExpired');
      throw new UnauthorizedError();
    }
  }

  /** An operator session's token, for `ttlSeconds` (server/operators). */
  async signOperator(claims: Omit<OperatorClaims, 'expiresAt'>, ttlSeconds: number): Promise<string> {
    return new SignJWT({ name: claims.name, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(OPERATOR_AUDIENCE)
      .setSubject(String(claims.telegramId))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * An operator session's claims. A user's access token → ForbiddenError('operatorOnly'); expired →
   * 'operatorSessionEnded'; anything else → null (not this key's operator token: maybe the admin token).
   */
  async verifyOperator(token: string): Promise<OperatorClaims | null> {
    let payload;
    try {
      ({ payload } = await this.verifyWithAnyKey(token));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired && error.payload.aud === OPERATOR_AUDIENCE) {
        throw new UnauthorizedError('operatorSessionEnded');
      }
      if (error instanceof joseErrors.JWTExpired) throw new ForbiddenError('operatorOnly');
      return null;
    }
    if (payload.aud !== OPERATOR_AUDIENCE) throw new ForbiddenError('operatorOnly');
    const telegramId = Number(payload.sub);
    const { name, sid } = payload;
    if (
      !Number.isSafeInteger(telegramId) ||
      telegramId <= 0 ||
      typeof name !== 'string' ||
      typeof sid !== 'string' ||
      !SESSION_ID.test(sid) ||
      payload.exp === undefined
    ) {
      return null;
    }
    return { telegramId, name, sessionId: sid, expiresAt: payload.exp };
  }
}

/** The token of `Authorization: Bearer <token>`, if the request has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** onRequest hook of a guarded scope: `Authorization: Bearer <access token>`, checked by `verify`. */
export function bearerAuth(verify: (token: string) => Promise<AccessClaims>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    request.auth = await verify(token);
  };
}

/** The authenticated user of a guarded route. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/**
 * The operator API's guard: `Authorization: Bearer <ADMIN_TOKEN>` (the CLI, automation: actor "token") or
 * an operator session's token, checked by `authenticateOperator` (server/operators: the session is live and
 * its Telegram id still an operator's). Sets `request.operator` to who acts. A user's token → 403; no or
 * another token → 401 invalidAdminToken. Routes that check for themselves (`config.ownAuth`) pass.
 */
/** An accepted operator session: who, which session (to end it), until when. */
export interface OperatorSessionRef {
  actor: Extract<OperatorActor, { kind: 'operator' }>;
  sessionId: string;
  expiresAt: number;
}

export function operatorGuard(
  adminToken: string,
  authenticateOperator: (token: string) => Promise<OperatorSessionRef | null>,
) {
  const isAdminToken = secretMatcher(adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    if (request.routeOptions.config.ownAuth) return;
    const token = bearerToken(request);
    if (isAdminToken(token)) {
      request.operator = { kind: 'token' };
      return;
    }
    const session = token ? await authenticateOperator(token) : null;
    if (!session) throw new UnauthorizedError('invalidAdminToken');
    request.operator = session.actor;
    request.operatorSession = session;
  };
}
