/**
 * GET /user/holdings (the contract's holdingsSchema): what the user owns, by where it sits, in one
 * statement, so the parts are of one moment and add up to the Total value the dashboard shows.
 */
import type { Holdings } from '@contract';
import type { Queryable } from '../db/index';
import { NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { holdingsRow } from './queries';

export async function userHoldings(q: Queryable, userId: number): Promise<Holdings> {
  const row = await holdingsRow(q, userId);
  if (!row) throw new NotFoundError('userNotFound');
  return {
    balance_token: formatUnits(row.balance_token),
    referral_balance: formatUnits(row.referral_balance),
    task_balance: formatUnits(row.task_balance),
    staked: formatUnits(row.staked),
    minting: formatUnits(row.minting),
  };
}
