import type { Queryable } from '../db/index';

export async function referrerOf(q: Queryable, userId: number): Promise<number | null> {
  const [row] = await q.query<{ referrer_id: number | null }>('SELECT referrer_id FROM users WHERE id = $1', [userId]);
  return row?.referrer_id ?? null;
}

/**
 * The tier's turnover: TON the user's referrals have paid for mints (payment confirmed), in nanotons.
 * Farming mints were never paid in TON: they do not count.
 */
export async function referralTurnover(q: Queryable, referrerId: number): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(
    `SELECT COALESCE(SUM(m.amount_ton), 0)::bigint AS total
     FROM mints m JOIN users u ON u.id = m.user_id
     WHERE u.referrer_id = $1 AND m.activated_at IS NOT NULL AND m.source = 'payment'`,
    [referrerId],
  );
  return row?.total ?? 0n;
}
