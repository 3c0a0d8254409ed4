/**
 * What the worker reads of the chain: the wallet's state from one answer, its transactions since a batch was
 * signed, and which outgoing message of a transaction paid which withdrawal.
 */
import { Address, Cell, Dictionary, type Transaction, beginCell, storeMessage } from '@ton/core';
import type { HistoryGap } from '@contract';
import { type HistoryPoint, START_OF_HISTORY, pagesOf, readHistory } from './history';
import type { PayoutDeps } from './types';
import { type BatchRow, type WithdrawalRow } from '../queries';
import { normalizedMessageHash } from './wallet';

/** An error as an operator reads it: TonClient's HTTP errors carry the node's own reason in the response body. */
export function errorText(error: unknown): string {
  const response = (error as { response?: { data?: { error?: unknown } } } | null)?.response;
  const reason = typeof response?.data?.error === 'string' ? response.data.error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (reason ? `${reason} (${message})` : message).slice(0, 500);
}

export interface WalletState {
  /** 0 for a highload wallet (it has none). */
  seqno: number;
  balance: bigint;
  active: boolean;
  /** Its last transaction in the same answer: the seqno is the one after it. */
  last: HistoryPoint;
  /** The chain's time of the answer (the node's last block, toncenter's sync_utime), unix seconds. */
  time: number;
}

/**
 * The wallet's seqno, balance and last transaction from one answer of the node (the seqno read from the
 * data cell, not by a separate get method that another liteserver may answer); an account that is not
 * active has seqno 0 and needs its state init.
 */
export async function walletState({ node, wallet, onBalance }: PayoutDeps): Promise<WalletState> {
  const state = await node.getContractState(wallet.address);
  onBalance?.(state.balance);
  const last = state.lastTransaction
    ? { lt: BigInt(state.lastTransaction.lt), hash: state.lastTransaction.hash }
    : START_OF_HISTORY;
  const time = state.timestampt;
  if (state.state !== 'active') return { seqno: 0, balance: state.balance, active: false, last, time };
  if (wallet.version === 'highload-v3') return { seqno: 0, balance: state.balance, active: true, last, time };
  const [data] = state.data ? Cell.fromBoc(state.data) : [];
  if (!data) throw new Error('the node answered the active hot wallet without its data: its seqno is unknown');
  return { seqno: wallet.seqnoOf(data), balance: state.balance, active: true, last, time };
}

/** Every message hash of the batch: the one it sends now and those a re-signing replaced. */
export const batchHashes = (batch: BatchRow) => new Set([batch.message_hash, ...batch.previous_hashes]);

export interface Search {
  transaction: Transaction | null;
  /** Every transaction from the state's last one back to the batch's start was read (none of them is the batch's). */
  covered: boolean;
  /** Why it is not covered: in the logs' words, and as an operator reads it (a payout reason's). */
  gap: string | null;
  gapKind: HistoryGap | null;
}

const BEHIND: HistoryGap = { kind: 'node_behind' };

/**
 * The batch's transaction among the wallet's transactions since the batch was signed (from the newest
 * down to its stored start), and whether that read covers the state `state` (history.ts).
 */
export async function searchBatch(p: PayoutDeps, batch: BatchRow, state: WalletState): Promise<Search> {
  // A batch stored before its start was kept is searched back to the account's first transaction.
  const start = batch.start_lt === null ? START_OF_HISTORY : { lt: batch.start_lt, hash: batch.start_hash };
  const read = await readHistory(p.node, p.wallet.address, { downTo: start, ...pagesOf(p) });
  const hashes = batchHashes(batch);
  const transaction =
    read.transactions.find(
      (t) => t.inMessage?.info.type === 'external-in' && hashes.has(normalizedMessageHash(t.inMessage)),
    ) ?? null;
  if (!read.complete) return { transaction, covered: false, gap: read.gap, gapKind: read.gapKind };
  if (state.last.lt <= start.lt) {
    const gap = 'the state read has no transaction since the batch was signed';
    return { transaction, covered: false, gap, gapKind: BEHIND };
  }
  if (read.top === null || read.top.lt < state.last.lt) {
    const gap = `the transactions read end before the state read (lt ${state.last.lt})`;
    return { transaction, covered: false, gap, gapKind: BEHIND };
  }
  return { transaction, covered: true, gap: null, gapKind: null };
}

/** A payment as the transaction made it: the outgoing message (its lt and hash) that paid each withdrawal. */
export interface Payment {
  id: number;
  outMsgLt: bigint;
  outMsgHash: string;
}

/**
 * The transaction's outgoing message cells as the chain stored them, by index (TL-B: the first reference
 * holds the inbound message, maybe, then a HashmapE 15 of references to the outgoing ones): their hashes
 * are the messages' own, which re-serialising a parsed message need not give.
 */
export function outMessageCells(transaction: Transaction): Map<number, Cell> {
  const messages = transaction.raw.refs[0]?.beginParse();
  if (!messages) return new Map();
  if (messages.loadBit()) messages.loadRef();
  const cells = messages.loadDict(Dictionary.Keys.Uint(15), {
    serialize: () => undefined,
    parse: (slice) => slice.loadRef(),
  });
  return new Map(cells);
}

/** The withdrawals a transaction paid: each matched to a distinct outgoing internal message (address and value). */
export function matchPayments(transaction: Transaction, withdrawals: WithdrawalRow[]) {
  const cells = outMessageCells(transaction);
  const outgoing = [...transaction.outMessages].flatMap(([index, message]) =>
    message.info.type === 'internal'
      ? [
          {
            dest: message.info.dest,
            value: message.info.value.coins,
            lt: message.info.createdLt,
            hash: (cells.get(index) ?? beginCell().store(storeMessage(message)).endCell()).hash().toString('base64'),
          },
        ]
      : [],
  );
  const paid: Payment[] = [];
  const skipped: number[] = [];
  for (const withdrawal of withdrawals) {
    const to = parseAddress(withdrawal.address);
    const index = outgoing.findIndex(
      (out) => to !== null && out.dest.equals(to) && out.value === withdrawal.ton_amount,
    );
    const out = outgoing[index];
    if (!out) {
      skipped.push(withdrawal.id);
    } else {
      outgoing.splice(index, 1);
      paid.push({ id: withdrawal.id, outMsgLt: out.lt, outMsgHash: out.hash });
    }
  }
  return { paid, skipped };
}

export function parseAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}

/** The cell of a transaction's inbound message as the chain stored it (its hash is the message's). */
export function inMessageCell(transaction: Transaction): Cell | null {
  const messages = transaction.raw.refs[0]?.beginParse();
  return messages?.loadBit() ? messages.loadRef() : null;
}
