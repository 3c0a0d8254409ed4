import type { Queryable } from '../db/index';

/** The newest tick (nanotons per whole token). */
export async function latestPrice(q: Queryable): Promise<bigint | undefined> {
  const [row] = await q.query<{ price_nanotons: bigint }>(
    'SELECT price_nanotons FROM price_ticks ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  return row?.price_nanotons;
}

/** The price in force at `at` (unix seconds): the newest tick not after it, else the oldest tick. */
export async function priceAt(q: Queryable, at: number): Promise<bigint | undefined> {
  const [row] = await q.query<{ price_nanotons: bigint }>(
    `(SELECT price_nanotons, 0 AS pref, created_at, id FROM price_ticks WHERE created_at <= to_timestamp($1)
      ORDER BY created_at DESC, id DESC LIMIT 1)
     UNION ALL
     (SELECT price_nanotons, 1 AS pref, created_at, id FROM price_ticks ORDER BY created_at ASC, id ASC LIMIT 1)
     ORDER BY pref LIMIT 1`,
    [at],
  );
  return row?.price_nanotons;
}

/** Whether `priceNanotons` was stored by a tick after `since` (unix seconds). */
export async function priceTickedSince(q: Queryable, priceNanotons: bigint, since: number): Promise<boolean> {
  const [row] = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM price_ticks WHERE price_nanotons = $1 AND created_at > to_timestamp($2)) AS found',
    [priceNanotons, since],
  );
  return row?.found === true;
}

/**
 * Stores a tick at `at` (unix seconds, fractions kept to the microsecond; default the database's now()).
 * Returns the stored time in unix seconds (whole, floored).
 */
export async function insertPriceTick(q: Queryable, priceNanotons: bigint, at?: number): Promise<number> {
  const [row] = await q.query<{ time: bigint }>(
    `INSERT INTO price_ticks (price_nanotons, created_at) VALUES ($1, COALESCE(to_timestamp($2::double precision), now()))
     RETURNING floor(extract(epoch FROM created_at))::bigint AS time`,
    [priceNanotons, at ?? null],
  );
  if (!row) throw new Error('price tick not stored');
  return Number(row.time);
}

export interface CandleRow {
  /** Unix seconds at the bucket's start. */
  time: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
}

/**
 * OHLC candles of `seconds`-long buckets from bucket `lo` to bucket `hi` (both unix seconds at a bucket's
 * start, multiples of `seconds`), oldest first, computed in SQL:
 *  - a tick belongs to bucket floor(epoch / seconds) × seconds; open = its bucket's first tick, close =
 *    its last (by created_at, then id), high / low the extremes;
 *  - every bucket of the range is there (generate_series); one without a tick carries the previous
 *    close forward (open = high = low = close), and the range's first buckets take the price in force
 *    before `lo` when the range starts after the first tick;
 *  - nothing before the very first tick's bucket.
 * Reads only the ticks of the range (price_ticks_created_at_idx), plus two index lookups.
 */
export async function candleRows(q: Queryable, seconds: number, lo: number, hi: number): Promise<CandleRow[]> {
  return q.query<CandleRow>(
    `WITH first_tick AS (
       SELECT (floor(extract(epoch FROM created_at) / $1::bigint)::bigint * $1::bigint) AS bucket
         FROM price_ticks ORDER BY created_at, id LIMIT 1
     ),
     bounds AS (
       SELECT GREATEST($2::bigint, first_tick.bucket) AS lo, $3::bigint AS hi FROM first_tick
     ),
     carry_in AS (
       SELECT (SELECT t.price_nanotons FROM price_ticks t
                WHERE t.created_at < to_timestamp(bounds.lo::double precision)
                ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS price
         FROM bounds
     ),
     ticks AS (
       SELECT (floor(extract(epoch FROM t.created_at) / $1::bigint)::bigint * $1::bigint) AS bucket,
              t.price_nanotons, t.created_at, t.id
         FROM price_ticks t, bounds
        WHERE t.created_at >= to_timestamp(bounds.lo::double precision)
          AND t.created_at < to_timestamp((bounds.hi + $1::bigint)::double precision)
     ),
     agg AS (
       SELECT bucket,
              (array_agg(price_nanotons ORDER BY created_at, id))[1] AS open,
              MAX(price_nanotons) AS high,
              MIN(price_nanotons) AS low,
              (array_agg(price_nanotons ORDER BY created_at DESC, id DESC))[1] AS close
         FROM ticks GROUP BY bucket
     ),
     series AS (
       SELECT generate_series(bounds.lo, bounds.hi, $1::bigint) AS bucket FROM bounds
     ),
     joined AS (
       SELECT s.bucket, a.open, a.high, a.low, a.close,
              COUNT(a.close) OVER (ORDER BY s.bucket) AS grp
         FROM series s LEFT JOIN agg a ON a.bucket = s.bucket
     ),
     filled AS (
       SELECT j.*, FIRST_VALUE(j.close) OVER (PARTITION BY j.grp ORDER BY j.bucket) AS carried
         FROM joined j
     )
     SELECT f.bucket AS time,
            COALESCE(f.open, f.carried, c.price) AS open,
            COALESCE(f.high, f.carried, c.price) AS high,
            COALESCE(f.low, f.carried, c.price) AS low,
            COALESCE(f.close, f.carried, c.price) AS close
       FROM filled f, carry_in c
      WHERE COALESCE(f.close, f.carried, c.price) IS NOT NULL
      ORDER BY f.bucket`,
    [seconds, lo, hi],
  );
}
