/**
 * Refresh tokens: 32 random bytes; only their SHA-256 is stored, so a database leak cannot sign anyone
 * in. (Access tokens are server/http/auth-context.ts's TokenKeys: every guarded route reads them.)
 */
import { createHash, randomBytes } from 'node:crypto';

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
