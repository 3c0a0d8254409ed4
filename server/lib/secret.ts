/**
 * A presented secret (a bearer token, a webhook's secret header) checked against the configured one as
 * equal-length SHA-256 digests with timingSafeEqual: the comparison's time says nothing about either.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A check of a presented value against `secret`; a missing value never matches. */
export function secretMatcher(secret: string): (given: string | undefined) => boolean {
  const expected = digest(secret);
  return (given) => given !== undefined && given !== '' && timingSafeEqual(digest(given), expected);
}
