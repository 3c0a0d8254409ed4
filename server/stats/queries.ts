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

export interface PeriodRow {
  users: number;
  users_today: number;
  mint_received_today: bigint;
  mint_received_week: bigint;
  paid_today: bigint;
  paid_week: bigint;
}

/**
 * The operator overview's figures over time, in one statement: today is since midnight UTC, the week the
 * last 7 days (by the database's clock). Same sets as financialRow's:
 *  - mint_received: amount_ton of the mints paid in TON, by when their payment was credited (activated_at);
 *  - paid: ton_amount of the completed withdrawals, what the payout sent (the fee was kept at the sale,
 *    withdraw/service.ts), by when their batch was found on chain.
 */
export async function periodRow(q: Queryable): Promise<PeriodRow> {
  const [row] = await q.query<PeriodRow>(
    `WITH since AS (SELECT date_trunc('day', now(), 'UTC') AS today, now() - interval '7 days' AS week),
     paid AS (
       SELECT m.amount_ton AS ton, m.activated_at AS at FROM mints m
        WHERE m.source = 'payment' AND m.activated_at >= (SELECT week FROM since)
     ),
     sent AS (
       SELECT w.ton_amount AS ton, COALESCE(b.confirmed_at, w.updated_at) AS at
         FROM withdrawals w LEFT JOIN payout_batches b ON b.id = w.batch_id
        WHERE w.status = 'completed' AND COALESCE(b.confirmed_at, w.updated_at) >= (SELECT week FROM since)
     )
     SELECT
       (SELECT COUNT(*)::int FROM users) AS users,
       (SELECT COUNT(*)::int FROM users WHERE created_at >= (SELECT today FROM since)) AS users_today,
       (SELECT COALESCE(SUM(ton) FILTER (WHERE at >= (SELECT today FROM since)), 0)::bigint FROM paid) AS mint_received_today,
       (SELECT COALESCE(SUM(ton), 0)::bigint FROM paid) AS mint_received_week,
       (SELECT COALESCE(SUM(ton) FILTER (WHERE at >= (SELECT today FROM since)), 0)::bigint FROM sent) AS paid_today,
       (SELECT COALESCE(SUM(ton), 0)::bigint FROM sent) AS paid_week`,
  );
  if (!row) throw new Error('period figures: no row');
  return { ...row, users: Number(row.users), users_today: Number(row.users_today) };
}
