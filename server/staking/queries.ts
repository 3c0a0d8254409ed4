import type { Queryable } from '../db/index';

export interface StakeRow {
  id: number;
  staking_id: string;
  user_id: number;
  mint_id: number;
  status: 'pending' | 'active' | 'completed';
  total_amount: bigint;
  daily_reward: string;
  hold_bonus: string;
  collective_bonus: string;
  investment_bonus: string;
  earned_reward: bigint;
  max_reward: bigint;
  created_at: Date;
  last_updated_at: Date | null;
  completed_at: Date | null;
}

export interface NewStake {
  stakingId: string;
  userId: number;
  mintId: number;
  totalAmount: bigint;
  maxReward: bigint;
  /** NUMERIC text, percent per day. */
  daily: string;
  hold: string;
  collective: string;
  investment: string;
  createdAt: number;
}

/** Undefined when the code is taken (the caller draws another). */
export async function insertStake(q: Queryable, stake: NewStake): Promise<StakeRow | undefined> {
  const [row] = await q.query<StakeRow>(
    `INSERT INTO stakes (staking_id, user_id, mint_id, status, total_amount, max_reward,
                         daily_reward, hold_bonus, collective_bonus, investment_bonus, created_at)
     VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8, $9, to_timestamp($10))
     ON CONFLICT (staking_id) DO NOTHING
     RETURNING *`,
    [
      stake.stakingId,
      stake.userId,
      stake.mintId,
      stake.totalAmount,
      stake.maxReward,
      stake.daily,
      stake.hold,
      stake.collective,
      stake.investment,
      stake.createdAt,
    ],
  );
  return row;
}

export async function findUserStake(q: Queryable, userId: number, id: number): Promise<StakeRow | undefined> {
  const [row] = await q.query<StakeRow>('SELECT * FROM stakes WHERE id = $1 AND user_id = $2', [id, userId]);
  return row;
}

export async function findStake(q: Queryable, id: number): Promise<StakeRow | undefined> {
  const [row] = await q.query<StakeRow>('SELECT * FROM stakes WHERE id = $1', [id]);
  return row;
}

export async function lockStake(q: Queryable, id: number): Promise<StakeRow | undefined> {
  const [row] = await q.query<StakeRow>('SELECT * FROM stakes WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

export async function listUserStakes(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: StakeRow[]; total: number }> {
  const rows = await q.query<StakeRow>('SELECT * FROM stakes WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [
    userId,
    limit,
    offset,
  ]);
  const [count] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM stakes WHERE user_id = $1', [userId]);
  return { rows, total: count?.n ?? 0 };
}

export async function oldestActiveStakeAt(q: Queryable, userId: number): Promise<Date | null> {
  const [row] = await q.query<{ at: Date | null }>(
    `SELECT MIN(created_at) AS at FROM stakes WHERE user_id = $1 AND status = 'active'`,
    [userId],
  );
  return row?.at ?? null;
}

export async function totalActiveStaked(q: Queryable): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(
    `SELECT COALESCE(SUM(total_amount), 0)::bigint AS total FROM stakes WHERE status = 'active'`,
  );
  return row?.total ?? 0n;
}

export interface UserBonusRow {
  hold_bonus: string;
  investment_bonus: string;
}

export async function lockUserBonuses(q: Queryable, userId: number): Promise<UserBonusRow | undefined> {
  const [row] = await q.query<UserBonusRow>('SELECT hold_bonus, investment_bonus FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return row;
}

export async function setUserBonuses(q: Queryable, userId: number, hold: string, investment: string): Promise<void> {
  await q.query('UPDATE users SET hold_bonus = $2, investment_bonus = $3 WHERE id = $1', [userId, hold, investment]);
}

/** The user's active stakes whose hold or investment bonus differs from these, locked. */
export async function lockUserStakesOffRates(
  q: Queryable,
  userId: number,
  hold: string,
  investment: string,
): Promise<StakeRow[]> {
  return q.query<StakeRow>(
    `SELECT * FROM stakes
     WHERE user_id = $1 AND status = 'active' AND (hold_bonus <> $2::numeric OR investment_bonus <> $3::numeric)
     ORDER BY id FOR UPDATE`,
    [userId, hold, investment],
  );
}

/** Active stakes whose collective bonus differs from this one (ids; each is locked with its user). */
export async function stakesOffCollective(
  q: Queryable,
  collective: string,
): Promise<Array<{ id: number; user_id: number }>> {
  return q.query<{ id: number; user_id: number }>(
    `SELECT id, user_id FROM stakes WHERE status = 'active' AND collective_bonus <> $1::numeric ORDER BY id`,
    [collective],
  );
}

/** Users with active stakes or a hold bonus: their hold bonus and oldest active stake. */
export async function holdBonusStates(
  q: Queryable,
): Promise<Array<{ id: number; hold_bonus: string; oldest: Date | null }>> {
  return q.query<{ id: number; hold_bonus: string; oldest: Date | null }>(
    `SELECT u.id, u.hold_bonus, MIN(s.created_at) AS oldest
     FROM users u LEFT JOIN stakes s ON s.user_id = u.id AND s.status = 'active'
     WHERE u.hold_bonus <> 0 OR EXISTS (SELECT 1 FROM stakes a WHERE a.user_id = u.id AND a.status = 'active')
     GROUP BY u.id ORDER BY u.id`,
  );
}

/**
 * Active stakes that may have reached max_reward by `now` (exact NUMERIC arithmetic, so a superset of
 * what the integer rule, which floors, completes; the service decides each one).
 */
export async function stakesPossiblyDone(
  q: Queryable,
  now: number,
  limit: number,
): Promise<Array<{ id: number; user_id: number }>> {
  return q.query<{ id: number; user_id: number }>(
    `SELECT id, user_id FROM stakes
     WHERE status = 'active'
       AND earned_reward::numeric
           + total_amount::numeric * (daily_reward + hold_bonus + collective_bonus + investment_bonus)
             * GREATEST(0, EXTRACT(EPOCH FROM to_timestamp($1) - COALESCE(last_updated_at, created_at)))
             / 8640000
           >= max_reward
     ORDER BY id LIMIT $2`,
    [now, limit],
  );
}

export interface StakeUpdate {
  earned: bigint;
  at: number;
  hold: string;
  collective: string;
  investment: string;
}

export async function accrueStakeRow(q: Queryable, id: number, update: StakeUpdate): Promise<StakeRow> {
  const [row] = await q.query<StakeRow>(
    `UPDATE stakes SET earned_reward = $2, last_updated_at = to_timestamp($3),
                       hold_bonus = $4, collective_bonus = $5, investment_bonus = $6
     WHERE id = $1 RETURNING *`,
    [id, update.earned, update.at, update.hold, update.collective, update.investment],
  );
  if (!row) throw new Error(`stake ${id} vanished`);
  return row;
}

export async function completeStakeRow(q: Queryable, id: number, now: number): Promise<StakeRow> {
  const [row] = await q.query<StakeRow>(
    `UPDATE stakes SET status = 'completed', earned_reward = max_reward,
                       last_updated_at = to_timestamp($2), completed_at = to_timestamp($2)
     WHERE id = $1 RETURNING *`,
    [id, now],
  );
  if (!row) throw new Error(`stake ${id} vanished`);
  return row;
}
