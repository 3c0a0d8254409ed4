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

export async function insertPriceTick(q: Queryable, priceNanotons: bigint, at?: number): Promise<void> {
  await q.query(
    'INSERT INTO price_ticks (price_nanotons, created_at) VALUES ($1, COALESCE(to_timestamp($2), now()))',
    [priceNanotons, at ?? null],
  );
}
