import type { JOURNAL_OPERATION_TYPES, OPERATION_UNITS, OperationType } from '@contract';
import type { Queryable } from '../db/index';

export type Account = 'balance_token' | 'task_balance' | 'referral_balance';
export const ACCOUNTS: readonly Account[] = ['balance_token', 'task_balance', 'referral_balance'];

export interface BalanceRow {
  balance_token: bigint;
  task_balance: bigint;
  referral_balance: bigint;
  hold_bonus: string;
  investment_bonus: string;
}

const BALANCE_COLUMNS = 'balance_token, task_balance, referral_balance, hold_bonus, investment_bonus';

// The column name comes from this fixed map, never from input, so interpolating it is safe.
const ADD_TO_ACCOUNT: Record<Account, string> = Object.fromEntries(
  ACCOUNTS.map((account) => [
    account,
    `UPDATE users SET ${account} = ${account} + $2
       WHERE id = $1 AND ${account} + $2 >= 0
       RETURNING ${BALANCE_COLUMNS}`,
  ]),
) as Record<Account, string>;

/** Adds `delta` unless the result would go below zero (then no row): the check and the write are one statement. */
export async function addToAccount(
  q: Queryable,
  userId: number,
  account: Account,
  delta: bigint,
): Promise<BalanceRow | undefined> {
  const [row] = await q.query<BalanceRow>(ADD_TO_ACCOUNT[account], [userId, delta]);
  return row;
}

export async function insertEntry(
  q: Queryable,
  entry: {
    userId: number;
    account: Account;
    delta: bigint;
    balanceAfter: bigint;
    reason: OperationType;
    refType: string | null;
    refId: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO ledger (user_id, account, delta, balance_after, reason, ref_type, ref_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.userId, entry.account, entry.delta, entry.balanceAfter, entry.reason, entry.refType, entry.refId],
  );
}

export async function balances(q: Queryable, userId: number): Promise<BalanceRow | undefined> {
  const [row] = await q.query<BalanceRow>(`SELECT ${BALANCE_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return row;
}

/** Sum of a user's ledger entries per account: what the balances must equal. */
export async function ledgerSums(q: Queryable, userId: number): Promise<Record<Account, bigint>> {
  const rows = await q.query<{ account: Account; total: bigint }>(
    `SELECT account, COALESCE(SUM(delta), 0)::bigint AS total FROM ledger WHERE user_id = $1 GROUP BY account`,
    [userId],
  );
  const sums: Record<Account, bigint> = { balance_token: 0n, task_balance: 0n, referral_balance: 0n };
  for (const row of rows) sums[row.account] = row.total;
  return sums;
}

export type JournalType = (typeof JOURNAL_OPERATION_TYPES)[number];
export type Unit = (typeof OPERATION_UNITS)[number];
export type JournalDirection = 'in' | 'out' | 'none';

/** A money event that changes no token balance, journalled beside the ledger (migration 0020). */
export async function insertJournalRow(
  q: Queryable,
  row: {
    userId: number;
    type: JournalType;
    unit: Unit;
    direction: JournalDirection;
    amount: bigint;
    refType: string | null;
    refId: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO operations_journal (user_id, type, unit, direction, amount, ref_type, ref_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.userId, row.type, row.unit, row.direction, row.amount, row.refType, row.refId],
  );
}

/** One row of the operations history: a ledger entry (account and balance_after set) or a journal row (both null). */
export interface EntryRow {
  id: bigint;
  type: OperationType;
  account: Account | null;
  unit: Unit;
  direction: JournalDirection;
  amount: bigint;
  balance_after: bigint | null;
  ref_type: string | null;
  ref_id: string | null;
  /** The public id of the mint or stake it belongs to (mints.mint_id, stakes.staking_id), else null. */
  ref_code: string | null;
  created_at: Date;
}

/**
 * One page of a user's operations: the ledger's entries and the journal's rows in one list, by time, then
 * by id (one sequence: the order they were written in), with how many there are (both by (user_id, id)).
 */
export async function entriesPage(
  q: Queryable,
  userId: number,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: EntryRow[]; total: number }> {
  // The direction comes from a two-value enum, never from text, so interpolating it is safe.
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  // The page first, then each of its rows' mint or stake code (by primary key: a page is at most
  // HISTORY_MAX_PAGE_SIZE rows); a mint's and a stake's ref_id is always the row's id in decimal.
  const rows = await q.query<EntryRow>(
    `SELECT o.id, o.type, o.account, o.unit, o.direction, o.amount, o.balance_after, o.ref_type, o.ref_id,
            CASE o.ref_type
              WHEN 'mint' THEN (SELECT m.mint_id FROM mints m WHERE m.id = o.ref_id::int AND m.user_id = $1)
              WHEN 'stake' THEN (SELECT s.staking_id FROM stakes s WHERE s.id = o.ref_id::int AND s.user_id = $1)
            END AS ref_code,
            o.created_at
       FROM (SELECT id, type, account, unit, direction, amount, balance_after, ref_type, ref_id, created_at
               FROM (SELECT id, reason AS type, account, 'TKN' AS unit,
                            CASE WHEN delta > 0 THEN 'in' ELSE 'out' END AS direction, abs(delta) AS amount,
                            balance_after, ref_type, ref_id, created_at
                       FROM ledger WHERE user_id = $1
                     UNION ALL
                     SELECT id, type, NULL, unit, direction, amount, NULL, ref_type, ref_id, created_at
                       FROM operations_journal WHERE user_id = $1) AS operations
              ORDER BY created_at ${direction}, id ${direction}
              LIMIT $2 OFFSET $3) AS o
      ORDER BY o.created_at ${direction}, o.id ${direction}`,
    [userId, page.limit, page.offset],
  );
  const [count] = await q.query<{ n: number }>(
    `SELECT ((SELECT COUNT(*) FROM ledger WHERE user_id = $1)
           + (SELECT COUNT(*) FROM operations_journal WHERE user_id = $1))::int AS n`,
    [userId],
  );
  return { rows, total: count?.n ?? 0 };
}
