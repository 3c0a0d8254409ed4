/** The platform's SQL under server/http: the rate limits' counters (table rate_limit_counters, rate-limit-store.ts). */
import type { Queryable } from '../db/index';

/** One hit: the key's count in its window (this hit included) and the ms until the window ends. */
const HIT_SQL = /* sql */ `
  INSERT INTO rate_limit_counters AS c (key, count, expires_at)
  VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
    expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
  RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - now())) * 1000))::int AS ttl_ms`;

export interface CounterHit {
  count: number;
  ttlMs: number;
}

/** Counts one hit of `key` in a window of `windowMs` that starts with the key's first hit. */
export async function hitCounter(db: Queryable, key: string, windowMs: number): Promise<CounterHit> {
  const [row] = await db.query<{ count: number; ttl_ms: number }>(HIT_SQL, [key, windowMs]);
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, ttlMs: row.ttl_ms };
}

/** Deletes the counters whose window has ended. */
export async function purgeExpiredCounters(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE expires_at <= now()');
}
