/**
 * Access tokens: short-lived HS256 JWTs (sub = user id, tg = Telegram id).
 * Refresh tokens: 32 random bytes; only their SHA-256 is stored, so a database leak cannot sign anyone in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../lib/errors';

export interface AccessClaims {
  userId: number;
  telegramId: number;
}

export class TokenKeys {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ tg: claims.telegramId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Throws UnauthorizedError: 'Token expired' for an expired token, 'Not authenticated' otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const telegramId = payload['tg'];
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof telegramId !== 'number') {
        throw new UnauthorizedError();
      }
      return { userId, telegramId };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('Token expired');
      throw new UnauthorizedError();
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
