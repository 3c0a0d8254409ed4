/**
 * GET /user/holdings (the contract's holdingsSchema): what the user owns, by where it sits, in one
 * statement, so the parts are of one moment and add up to the Total value the dashboard shows.
 */
import type { Holdings } from '@/shared/api/contract';
import type { Queryable } from '../db/index';
import { NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';

interface HoldingsRow {
  balance_token: bigint;
  referral_balance: bigint;
  task_balance: bigint;
  staked: bigint;
  minting: bigint;
}

export async function userHoldings(q: Queryable, userId: number): Promise<Holdings> {
  const [row] = await q.query<HoldingsRow>(
    `SELECT u.balance_token, u.referral_balance, u.task_balance,
            (SELECT COALESCE(SUM(total_amount), 0)::bigint FROM stakes
              WHERE user_id = u.id AND status <> 'completed') AS staked,
            (SELECT COALESCE(SUM(amount_token), 0)::bigint FROM mints
              WHERE user_id = u.id AND status = 'active') AS minting
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw new NotFoundError('userNotFound');
  return {
    balance_token: formatUnits(row.balance_token),
    referral_balance: formatUnits(row.referral_balance),
    task_balance: formatUnits(row.task_balance),
    staked: formatUnits(row.staked),
    minting: formatUnits(row.minting),
  };
}
