/**
 * Reading the hot wallet's history between two points, and knowing whether every transaction between
 * them was read. The payout worker searches it for a batch's message and the bounce watcher reads it
 * for bounced payouts (index.ts, bounces.ts).
 *
 * A node pages an account's transactions backwards (toncenter v2 getTransactions: `lt`+`hash` = start
 * from that transaction, `to_lt` = stop above that lt; TonClient's `getTransactions`). Each transaction
 * names the one before it (prev_trans_lt, prev_trans_hash), so a read from the newest transaction down to
 * a stored point is a hash chain: the next page starts at the previous transaction the last one names,
 * every transaction must be the one its successor named, and the read is complete only when a
 * transaction names the stored point itself. A node that skips, reorders or invents a transaction, stops
 * early, or answers from a shorter history breaks the chain and the read is incomplete, never mistaken
 * for "every transaction read". The pages read are bounded; a longer range is also incomplete, with the
 * point where a later read can go on.
 */
import type { Address, Transaction } from '@ton/core';
import type { HistoryGap } from '@contract';
import { PAYOUT_TX_MAX_PAGES, PAYOUT_TX_PAGE_SIZE } from '../../constants';
import type { HistoryPages, PayoutNode } from './types';

/** The worker's pages: its own (tests read in small pieces) or PAYOUT_TX_PAGE_SIZE × PAYOUT_TX_MAX_PAGES. */
export const pagesOf = (p: { historyPages?: HistoryPages | undefined }): HistoryPages =>
  p.historyPages ?? { pageSize: PAYOUT_TX_PAGE_SIZE, maxPages: PAYOUT_TX_MAX_PAGES };

/** A transaction of the wallet as a point in its history; lt 0 (hash null) is before its first one. */
export interface HistoryPoint {
  lt: bigint;
  /** base64; null only for lt 0. */
  hash: string | null;
}

export const START_OF_HISTORY: HistoryPoint = { lt: 0n, hash: null };

export interface HistoryRead {
  /** Newest first, each the one its successor names. */
  transactions: Transaction[];
  /** The first transaction read (the newest, when the read started from the newest). */
  top: HistoryPoint | null;
  /** Every transaction after `downTo` up to `top` was read: the chain reached `downTo` exactly. */
  complete: boolean;
  /** Incomplete: the transaction to read next (a later read goes on from here), when the chain is unbroken. */
  next: HistoryPoint | null;
  /** Incomplete: why, in an operator's words (the logs'), and as what an operator reads of it (a payout reason's). */
  gap: string | null;
  gapKind: HistoryGap | null;
}

const BROKEN: HistoryGap = { kind: 'broken_chain' };

export const transactionPoint = (transaction: Transaction): HistoryPoint => ({
  lt: transaction.lt,
  hash: transaction.hash().toString('base64'),
});

const hashOf = (value: bigint): string => Buffer.from(value.toString(16).padStart(64, '0'), 'hex').toString('base64');

/** The transaction before this one, as it names it. */
export const previousPoint = (transaction: Transaction): HistoryPoint =>
  transaction.prevTransactionLt === 0n
    ? START_OF_HISTORY
    : { lt: transaction.prevTransactionLt, hash: hashOf(transaction.prevTransactionHash) };

/** Two points are the same transaction (hashes compared as bytes: nodes write base64 or base64url). */
export function samePoint(a: HistoryPoint, b: HistoryPoint): boolean {
  if (a.lt !== b.lt) return false;
  if (a.hash === null || b.hash === null) return a.hash === b.hash;
  return Buffer.from(a.hash, 'base64').equals(Buffer.from(b.hash, 'base64'));
}

/**
 * The account's transactions from `from` (inclusive; default: the newest) down to, not including,
 * `downTo`, at most `maxPages` pages of `pageSize`. Node errors propagate.
 */
export async function readHistory(
  node: Pick<PayoutNode, 'getTransactions'>,
  address: Address,
  options: HistoryPages & { from?: HistoryPoint | null; downTo: HistoryPoint },
): Promise<HistoryRead> {
  const { downTo, pageSize } = options;
  const transactions: Transaction[] = [];
  let expected: HistoryPoint | null = options.from ?? null;
  const result = (
    complete: boolean,
    gap: string | null,
    next: HistoryPoint | null,
    gapKind: HistoryGap | null = null,
  ): HistoryRead => {
    const first = transactions[0];
    return { transactions, top: first ? transactionPoint(first) : null, complete, next, gap, gapKind };
  };
  if (expected && expected.lt <= downTo.lt) return result(true, null, null);

  for (let page = 0; page < options.maxPages; page++) {
    const batch = await node.getTransactions(address, {
      limit: pageSize,
      ...(expected?.hash ? { lt: expected.lt.toString(), hash: expected.hash, inclusive: true } : {}),
      ...(downTo.lt > 0n ? { to_lt: downTo.lt.toString() } : {}),
    });
    if (batch.length === 0) {
      // Nothing above `downTo` (to_lt) is complete and empty: users check what the read covers (`top`).
      return expected === null
        ? result(true, null, null)
        : result(false, 'the node answered no transactions where the history goes on', null, BROKEN);
    }
    for (const transaction of batch) {
      const point = transactionPoint(transaction);
      if (expected === null && point.lt <= downTo.lt) {
        // A node that ignores to_lt: the newest transaction is the stored point (nothing new) or older.
        return samePoint(point, downTo)
          ? result(true, null, null)
          : result(false, `the newest transaction ${point.lt} is older than lt ${downTo.lt}`, null, {
              kind: 'node_behind',
            });
      }
      if (expected && !samePoint(point, expected)) {
        return result(
          false,
          `the node answered transaction ${transaction.lt} where ${expected.lt} was named`,
          null,
          BROKEN,
        );
      }
      transactions.push(transaction);
      const previous = previousPoint(transaction);
      if (previous.lt === downTo.lt) {
        return samePoint(previous, downTo)
          ? result(true, null, null)
          : result(false, `transaction ${transaction.lt} names another transaction at lt ${downTo.lt}`, null, BROKEN);
      }
      if (previous.lt < downTo.lt) {
        return result(
          false,
          `the history goes from ${transaction.lt} to ${previous.lt}, past lt ${downTo.lt}`,
          null,
          BROKEN,
        );
      }
      expected = previous;
    }
  }
  const limit = options.maxPages * pageSize;
  return result(false, `more than ${limit} transactions to read`, expected, { kind: 'too_many', limit });
}
