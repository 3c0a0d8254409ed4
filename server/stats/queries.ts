import type { Queryable } from '../db/index';

export interface FinancialRow {
  total_minted: bigint;
  total_staked: bigint;
  circulating: bigint;
  ton_paid_in: bigint;
  ton_paid_out: bigint;
  users: bigint;
  active_stakes: bigint;
}

/**
 * The platform's figures in one statement (one snapshot):
 *  - total_minted: tokens of every mint that matured (its expected_token, paid to the balance) or was
 *    staked (its amount_token, which the stake holds), paid or farmed;
 *  - total_staked / active_stakes: the active stakes' total_amount and count;
 *  - circulating: every user's three balances, i.e. the sum of the ledger's deltas (each balance is the
 *    ledger's running total, written in one transaction with its entry);
 *  - ton_paid_in: TON of mints paid in TON whose payment was confirmed (the referral turnover's rule);
 *  - ton_paid_out: the ton_amount of completed withdrawals;
 *  - users: every user.
 */
export async function financialRow(q: Queryable): Promise<FinancialRow> {
  const [row] = await q.query<FinancialRow>(
    `SELECT
       (SELECT COALESCE(SUM(CASE status WHEN 'completed' THEN expected_token ELSE amount_token END), 0)::bigint
          FROM mints WHERE status IN ('completed', 'move_to_staking')) AS total_minted,
       (SELECT COALESCE(SUM(total_amount), 0)::bigint FROM stakes WHERE status = 'active') AS total_staked,
       (SELECT COUNT(*)::bigint FROM stakes WHERE status = 'active') AS active_stakes,
       (SELECT COALESCE(SUM(balance_token + task_balance + referral_balance), 0)::bigint FROM users) AS circulating,
       (SELECT COUNT(*)::bigint FROM users) AS users,
       (SELECT COALESCE(SUM(amount_ton), 0)::bigint
          FROM mints WHERE activated_at IS NOT NULL AND source = 'payment') AS ton_paid_in,
       (SELECT COALESCE(SUM(ton_amount), 0)::bigint FROM withdrawals WHERE status = 'completed') AS ton_paid_out`,
  );
  if (!row) throw new Error('financial figures: no row');
  return row;
}
