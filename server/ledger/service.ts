/**
 * Every balance change goes through changeBalance (docs/foundations.md §3): the change and its ledger entry are
 * written in the caller's transaction, and the spending check is part of the UPDATE itself, so
 * concurrent debits cannot overdraw.
 */
import type { OperationHistory, OperationType, UserBalanceEvent } from '@contract';
import { DomainError, NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import type { Tx } from '../events/transaction';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import {
  type Account,
  type BalanceRow,
  type JournalDirection,
  type JournalType,
  type Unit,
  addToAccount,
  balances,
  entriesPage,
  insertEntry,
  insertJournalRow,
} from './queries';
import { toOperation } from './wire';
import { type HistoryPageQuery, pageWindow } from '../lib/paging';

export type { Account } from './queries';
export { ACCOUNTS } from './queries';

export class InsufficientFundsError extends DomainError {
  constructor(readonly account: Account) {
    super(400, 'insufficientFunds');
  }
}

export interface BalanceChange {
  userId: number;
  account: Account;
  /** Base units; negative debits. */
  delta: bigint;
  /** Why: one of the contract's operation types, which the operations history shows (not a journal-only one). */
  reason: Exclude<OperationType, JournalType>;
  refType?: string;
  refId?: string | number;
}

export async function changeBalance(tx: Tx, change: BalanceChange): Promise<BalanceRow> {
  if (change.delta === 0n) throw new Error('changeBalance: delta must not be zero');
  const row = await addToAccount(tx, change.userId, change.account, change.delta);
  if (!row) {
    if (!(await balances(tx, change.userId))) throw new NotFoundError('userNotFound');
    throw new InsufficientFundsError(change.account);
  }
  await insertEntry(tx, {
    userId: change.userId,
    account: change.account,
    delta: change.delta,
    balanceAfter: row[change.account],
    reason: change.reason,
    refType: change.refType ?? null,
    refId: change.refId === undefined ? null : String(change.refId),
  });
  tx.publishToUser(change.userId, { event: 'user:balance', data: balanceEvent(row) });
  return row;
}

/**
 * A money event that changes no token balance (TON paid for a mint, a mint received from a farming link,
 * a mint turned into a stake), journalled in the caller's transaction so the operations history lists it
 * beside the ledger's entries. `amount` in nanotons (TON) or base units (TKN), more than zero.
 */
export interface JournalEvent {
  userId: number;
  type: JournalType;
  unit: Unit;
  direction: JournalDirection;
  amount: bigint;
  refType: string;
  refId: string | number;
}

export async function recordOperation(tx: Tx, event: JournalEvent): Promise<void> {
  if (event.amount <= 0n) throw new Error('recordOperation: amount must be more than zero');
  await insertJournalRow(tx, { ...event, refId: String(event.refId) });
}

/** One account's balance in base units as this transaction sees it; null when the user does not exist. */
export async function accountBalance(q: Queryable, userId: number, account: Account): Promise<bigint | null> {
  const row = await balances(q, userId);
  return row ? row[account] : null;
}

export function balanceEvent(row: BalanceRow): UserBalanceEvent {
  return {
    balance_token: formatUnits(row.balance_token),
    task_balance: formatUnits(row.task_balance),
    referral_balance: formatUnits(row.referral_balance),
    hold_bonus: Number(row.hold_bonus),
    investment_bonus: Number(row.investment_bonus),
  };
}

export async function currentBalances(q: Queryable, userId: number): Promise<UserBalanceEvent> {
  const row = await balances(q, userId);
  if (!row) throw new NotFoundError('userNotFound');
  return balanceEvent(row);
}

/** Tells the user their balances as they stand in this transaction (after a change that is not a ledger entry, e.g. a bonus). */
export async function publishBalance(tx: Tx, userId: number): Promise<void> {
  const row = await balances(tx, userId);
  if (row) tx.publishToUser(userId, { event: 'user:balance', data: balanceEvent(row) });
}

/**
 * The operations history (docs/product.md §7 GET /operations/history): the user's ledger entries and journalled
 * events, a page at a time, by time (then by id: the order they were written in), with how many there are.
 */
export async function operationHistory(
  deps: Pick<Deps, 'db'>,
  userId: number,
  query: HistoryPageQuery,
): Promise<OperationHistory> {
  const { rows, total } = await entriesPage(deps.db, userId, pageWindow(query));
  return { data: rows.map(toOperation), total };
}
