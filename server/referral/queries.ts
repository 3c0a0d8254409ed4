import type { Queryable } from '../db/index';

/**
 * A mint whose TON counts as referral turnover (alias `m`): paid in TON (not given by a farming link), payment confirmed. Every turnover
 * here (the tier's and each referral's on the list) reads through this one rule.
 */
const PAID_MINT = "m.activated_at IS NOT NULL AND m.source = 'payment'";

export async function referrerOf(q: Queryable, userId: number): Promise<number | null> {
  const [row] = await q.query<{ referrer_id: number | null }>('SELECT referrer_id FROM users WHERE id = $1', [userId]);
  return row?.referrer_id ?? null;
}

/** The first name a friend's notification names them by. */
export async function firstNameOf(q: Queryable, userId: number): Promise<string> {
  const [row] = await q.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [userId]);
  return row?.first_name ?? '';
}

/**
 * The tier's turnover: TON the user's referrals have paid for mints (payment confirmed), in nanotons.
 * Farming mints were never paid in TON: they do not count.
 */
/**
 * The referral turnover of the referrer whose id is the SQL expression `referrerId` (nanotons, bigint), as
 * a scalar subquery another statement can embed: /user/me reads it in its one statement.
 */
export function referralTurnoverSql(referrerId: string): string {
  return `(SELECT COALESCE(SUM(m.amount_ton), 0)::bigint
     FROM mints m JOIN users ru ON ru.id = m.user_id
     WHERE ru.referrer_id = ${referrerId} AND ${PAID_MINT})`;
}

/** How many users the referrer whose id is the SQL expression `referrerId` invited (int), as a scalar subquery. */
export function referralCountSql(referrerId: string): string {
  return `(SELECT COUNT(*)::int FROM users ru WHERE ru.referrer_id = ${referrerId})`;
}

export async function referralTurnover(q: Queryable, referrerId: number): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(`SELECT ${referralTurnoverSql('$1')} AS total`, [referrerId]);
  return row?.total ?? 0n;
}

export interface ReferrerRow {
  telegram_id: bigint;
  ref_code: string;
  language_code: string;
  seen_referrals_count: number;
}

/**
 * The referrer's row, locked. FOR UPDATE also holds back a new referral's sign-up (its foreign key
 * check takes a key-share lock on this row) until the reading transaction ends, so the count and the
 * page read after it agree.
 */
export async function lockReferrer(q: Queryable, userId: number): Promise<ReferrerRow | undefined> {
  const [row] = await q.query<ReferrerRow>(
    'SELECT telegram_id, ref_code, language_code, seen_referrals_count FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return row;
}

export async function findReferrer(q: Queryable, userId: number): Promise<ReferrerRow | undefined> {
  const [row] = await q.query<ReferrerRow>(
    'SELECT telegram_id, ref_code, language_code, seen_referrals_count FROM users WHERE id = $1',
    [userId],
  );
  return row;
}

export async function countReferrals(q: Queryable, referrerId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM users WHERE referrer_id = $1', [
    referrerId,
  ]);
  return row?.n ?? 0;
}

/** Referrals who have paid at least one mint in TON (the same "paid" rule as the turnover). */
export async function countPayingReferrals(q: Queryable, referrerId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM users u
     WHERE u.referrer_id = $1 AND EXISTS (SELECT 1 FROM mints m WHERE m.user_id = u.id AND ${PAID_MINT})`,
    [referrerId],
  );
  return row?.n ?? 0;
}

/** Never lowers the mark: a slower reader of an older count cannot bring seen referrals back as new. */
export async function markReferralsSeen(q: Queryable, userId: number, count: number): Promise<void> {
  await q.query('UPDATE users SET seen_referrals_count = GREATEST(seen_referrals_count, $2) WHERE id = $1', [
    userId,
    count,
  ]);
}

export interface ReferralRow {
  id: number;
  first_name: string;
  username: string | null;
  photo_url: string | null;
  created_at: Date;
  /** Nanotons the referral has paid for mints. */
  turnover: bigint;
  /** Base units the referral's mints have earned the referrer (its referral_reward ledger entries). */
  earned: bigint;
}

/** One page of the referrer's referrals, newest first (by sign-up order). */
export async function referralPage(
  q: Queryable,
  referrerId: number,
  limit: number,
  offset: number,
): Promise<ReferralRow[]> {
  return q.query<ReferralRow>(
    `WITH page AS (
       SELECT id, first_name, username, photo_url, created_at FROM users
        WHERE referrer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3
     )
     SELECT p.*,
            COALESCE((SELECT SUM(m.amount_ton) FROM mints m WHERE m.user_id = p.id AND ${PAID_MINT}), 0)::bigint AS turnover,
            COALESCE((SELECT SUM(l.delta) FROM ledger l JOIN mints m ON l.ref_id = m.id::text
                       WHERE l.user_id = $1 AND l.reason = 'referral_reward' AND l.ref_type = 'mint'
                         AND m.user_id = p.id), 0)::bigint AS earned
       FROM page p ORDER BY p.id DESC`,
    [referrerId, limit, offset],
  );
}

/** Every referral reward the user has earned (all referrals, all pages). */
export async function referralEarnedTotal(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(
    `SELECT COALESCE(SUM(delta), 0)::bigint AS total FROM ledger WHERE user_id = $1 AND reason = 'referral_reward'`,
    [userId],
  );
  return row?.total ?? 0n;
}

/** The referral turnover (nanotons) of the user with this ref code, for the story image; undefined when none has it. */
export async function turnoverByRefCode(q: Queryable, refCode: string): Promise<bigint | undefined> {
  const [row] = await q.query<{ turnover: bigint }>(
    `SELECT ${referralTurnoverSql('u.id')} AS turnover FROM users u WHERE u.ref_code = $1`,
    [refCode],
  );
  return row?.turnover;
}
