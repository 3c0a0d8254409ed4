/**
 * The rate limits' counters in the database (table rate_limit_counters), as a store of @fastify/rate-limit:
 * every process on one Postgres counts a key in the same row, so N processes allow the limit, not N× it.
 *
 * One hit is one statement (an upsert that starts a new window when the row's has ended), atomic under
 * concurrency: Postgres serialises the updates of one row, and the window is the database's clock, the
 * same for every process. Two things keep the cost off the database:
 * - a key found over its limit is answered by this process alone until its window ends (it can only
 *   stay over it: counts only grow within a window), so a flood of refused calls costs no statements;
 * - expired rows are deleted by the first hit after each RATE_LIMIT_PURGE_INTERVAL_MS, in the background.
 * When the database cannot answer, the hit fails with its error (DatabaseUnavailableError → 503): a
 * limited call is never let through uncounted, and every limited call needs the database anyway.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RATE_LIMIT_BLOCKED_KEYS_MAX, RATE_LIMIT_PURGE_INTERVAL_MS } from '../constants';
import type { Queryable } from '../db/index';
import { hitCounter, purgeExpiredCounters } from './queries';

/** Keys over their limit, with when their window ends (this process's clock); the oldest go first past `max`. */
class ExceededKeys {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly now: () => number,
  ) {}

  /** Ms left of a known exceeded key's window; 0 when it is not known to be over its limit. */
  remainingMs(key: string): number {
    const until = this.until.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return left;
    this.until.delete(key);
    return 0;
  }

  add(key: string, ttlMs: number): void {
    if (this.until.size >= this.max) {
      const oldest = this.until.keys().next();
      if (!oldest.done) this.until.delete(oldest.value);
    }
    this.until.set(key, this.now() + ttlMs);
  }
}

export interface DatabaseRateLimitStore {
  /** The store class to hand to @fastify/rate-limit (`store`). */
  Store: FastifyRateLimitStoreCtor;
  /** Resolves when no purge is running (before the database closes). */
  idle(): Promise<void>;
}

export function databaseRateLimitStore(
  db: Queryable,
  options: { onPurgeError?: (error: unknown) => void; now?: () => number } = {},
): DatabaseRateLimitStore {
  const now = options.now ?? Date.now;
  const exceeded = new ExceededKeys(RATE_LIMIT_BLOCKED_KEYS_MAX, now);
  let lastPurgeAt = Number.NEGATIVE_INFINITY;
  let purging: Promise<void> = Promise.resolve();

  const purgeNowAndThen = () => {
    if (now() - lastPurgeAt < RATE_LIMIT_PURGE_INTERVAL_MS) return;
    lastPurgeAt = now();
    purging = purgeExpiredCounters(db).then(
      () => undefined,
      (error: unknown) => options.onPurgeError?.(error),
    );
  };

  // Keys carry their limit's name (server/http/protection.ts), so every limit shares one store and one table.
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const blockedMs = exceeded.remainingMs(key);
      if (blockedMs > 0) {
        callback(null, { current: max + 1, ttl: blockedMs });
        return;
      }
      hitCounter(db, key, timeWindow).then(
        ({ count, ttlMs }) => {
          if (count > max) exceeded.add(key, ttlMs);
          callback(null, { current: count, ttl: ttlMs });
        },
        (error: Error) => callback(error),
      );
      purgeNowAndThen();
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return { Store, idle: () => purging };
}
