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
 * The platform's figures in one statement (one snapshot). Figures that belong together are computed over
 * the same rows (docs/decisions.md "Price, candles and financial stats"):
 *  - total_minted / ton_paid_in: the mints paid in TON whose payment was confirmed (source 'payment',
 *    activated: active, staked or matured; the referral turnover's rule): their amount_token (the tokens
 *    the TON bought, at the mint's price) and their amount_ton, from one scan of one set. Pending and
 *    cancelled mints were never paid; a farming link's mint was paid by its author in tokens already on a
 *    balance, not in TON: neither is in either figure;
 *  - total_staked / active_stakes: the active stakes' total_amount and count;
 *  - circulating: every user's three balances, i.e. the sum of the ledger's deltas (each balance is the
 *    ledger's running total, written in one transaction with its entry);
 *  - ton_paid_out: the ton_amount of completed withdrawals;
 *  - users: every user.
 */
export async function financialRow(q: Queryable): Promise<FinancialRow> {
  const [row] = await q.query<FinancialRow>(
    `WITH paid AS (
       SELECT COALESCE(SUM(amount_token), 0)::bigint AS tokens, COALESCE(SUM(amount_ton), 0)::bigint AS ton
         FROM mints WHERE source = 'payment' AND activated_at IS NOT NULL
     )
     SELECT
       paid.tokens AS total_minted,
       paid.ton AS ton_paid_in,
       (SELECT COALESCE(SUM(total_amount), 0)::bigint FROM stakes WHERE status = 'active') AS total_staked,
       (SELECT COUNT(*)::bigint FROM stakes WHERE status = 'active') AS active_stakes,
       (SELECT COALESCE(SUM(balance_token + task_balance + referral_balance), 0)::bigint FROM users) AS circulating,
       (SELECT COUNT(*)::bigint FROM users) AS users,
       (SELECT COALESCE(SUM(ton_amount), 0)::bigint FROM withdrawals WHERE status = 'completed') AS ton_paid_out
     FROM paid`,
  );
  if (!row) throw new Error('financial figures: no row');
  return row;
}
