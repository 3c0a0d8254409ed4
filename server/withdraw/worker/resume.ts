/**
 * An open batch, one step further: for a seqno wallet by its seqno and valid_until, for a highload wallet by
 * its query id and the chain's time (README.md).
 */
import type { PayoutReason } from '@contract';
import { PAYOUT_EXPIRY_MARGIN_SECONDS, PAYOUT_VALID_FOR_SECONDS } from '../../constants';
import { inTransaction } from '../../events/transaction';
import { START_OF_HISTORY, pagesOf, readHistory } from './history';
import type { HighloadHotWallet, PayoutDeps, SeqnoHotWallet } from './types';
import { type BatchRow, batchWithdrawals, lockOpenBatch, resignBatch } from '../queries';
import { noteWaiting } from '../service';
import { normalizedMessageHash } from './wallet';
import { type WalletState, walletState, batchHashes, searchBatch, outMessageCells, inMessageCell } from './chain';
import { confirm, expire, hold, waiting, waitingOnly, send } from './outcomes';
import { signTransfer } from './sign';
import type { PayoutStepResult } from './types';

/** A held batch's withdrawals signed again with the batch's own seqno (an operator asked; the seqno read is still it). */
export async function resign(
  p: PayoutDeps,
  wallet: SeqnoHotWallet,
  batch: BatchRow,
  state: WalletState,
  now: number,
): Promise<PayoutStepResult> {
  const withdrawals = await batchWithdrawals(p.deps.db, batch.id);
  const validUntil = now + PAYOUT_VALID_FOR_SECONDS;
  const signed = await signTransfer(p, wallet, withdrawals, state, validUntil);
  const ids = withdrawals.map((w) => w.id);
  const row = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    const updated = await resignBatch(tx, batch.id, { ...signed, validUntil });
    if (updated) await noteWaiting(tx, ids, null);
    return updated ?? null;
  });
  if (!row) return { kind: 'busy' };
  p.log.warn(
    { batchId: batch.id, seqno: String(batch.seqno), withdrawals: ids },
    'held payout batch signed again with its own seqno',
  );
  return { kind: 'resigned', batchId: batch.id, seqno: Number(batch.seqno), withdrawals: ids };
}

export async function resume(p: PayoutDeps, batch: BatchRow, now: number): Promise<PayoutStepResult> {
  const { wallet } = p;
  if (wallet.version === 'highload-v3') return resumeHighload(p, wallet, batch);
  const state = await walletState(p);
  const seqno = Number(batch.seqno);
  const moved = state.seqno > seqno;
  const validUntil = Number(batch.valid_until);
  const givenUp = now > validUntil + PAYOUT_EXPIRY_MARGIN_SECONDS;

  if (!moved && !givenUp && batch.status !== 'held') {
    if (now >= validUntil) return waitingOnly(batch, { code: 'expiry_margin', params: {} });
    return send(p, batch);
  }

  const search = await searchBatch(p, batch, state);
  if (search.transaction) return confirm(p, batch, search.transaction);
  if (moved && search.covered) {
    if (givenUp) {
      return expire(p, batch, { code: 'seqno_moved_expired', params: { seqno } });
    }
    return waiting(p, batch, { code: 'seqno_moved_waiting', params: { seqno } });
  }
  const reason: PayoutReason = moved
    ? { code: 'seqno_moved_unread', params: { seqno, gap: search.gapKind ?? { kind: 'node_behind' } } }
    : { code: 'seqno_unmoved', params: { seqno: state.seqno } };
  if (!givenUp) return waiting(p, batch, reason, search.gap);
  // Re-signed with its own seqno only while that seqno is the wallet's: then at most one of its messages lands.
  if (batch.status === 'held' && batch.resign_requested_at !== null && state.seqno === seqno)
    return resign(p, wallet, batch, state, now);
  return hold(p, batch, reason, search.gap);
}

/** What the wallet's `processed?` get method says of the query id now (need_clean: as the next external would see it). */
export async function processed(p: PayoutDeps, wallet: HighloadHotWallet, queryId: bigint): Promise<boolean> {
  const { stack } = await p.node.runMethod(wallet.address, 'processed?', [
    { type: 'int', value: queryId },
    { type: 'int', value: -1n },
  ]);
  return stack.readBoolean();
}

/**
 * Each step on an open highload batch, from one state read S (its last transaction, the chain's time T)
 * and every transaction from S's last one down to the batch's start:
 *  - the external's transaction found: the batch is paid only by the transaction of its internal_transfer
 *    (the message it sent to itself), whose outgoing messages are matched (confirm); until that one is read,
 *    wait; an external accepted that sent nothing can pay nothing: expired, queued again;
 *  - not found, T < valid_until: `processed?` true → wait for its transactions; false → the same BOC again;
 *  - not found, T ≥ valid_until and the read complete: the contract refuses it from now on → expired, queued
 *    again with a new query id; the read incomplete (a node behind, a gap) → held until it reads in full.
 * T is the node's own time: a node stuck on an old state answers an old T, which proves nothing. A held
 * highload batch is never re-signed on an operator's word: the chain's time proves its expiry by itself.
 */
export async function resumeHighload(
  p: PayoutDeps,
  wallet: HighloadHotWallet,
  batch: BatchRow,
): Promise<PayoutStepResult> {
  const state = await walletState(p);
  const start = batch.start_lt === null ? START_OF_HISTORY : { lt: batch.start_lt, hash: batch.start_hash };
  const read =
    state.last.lt <= start.lt
      ? {
          transactions: [],
          complete: state.last.lt === start.lt,
          gap: 'the state read is older than the batch',
          gapKind: { kind: 'node_behind' } as const,
        }
      : await readHistory(p.node, wallet.address, { from: state.last, downTo: start, ...pagesOf(p) });
  const hashes = batchHashes(batch);
  const accepted = read.transactions.find(
    (t) => t.inMessage?.info.type === 'external-in' && hashes.has(normalizedMessageHash(t.inMessage)),
  );
  const queryId = BigInt(batch.query_id ?? 0n);
  const idText = String(queryId);
  if (accepted) {
    const toSelf = outMessageCells(accepted).get(0);
    if (!toSelf) {
      return expire(p, batch, { code: 'query_sent_nothing', params: { query_id: idText } });
    }
    const paying = read.transactions.find((t) => inMessageCell(t)?.hash().equals(toSelf.hash()));
    if (paying) return confirm(p, batch, paying);
    return waiting(p, batch, { code: 'query_accepted_unread', params: { query_id: idText } });
  }
  const validUntil = Number(batch.valid_until);
  if (state.time < validUntil) {
    if (state.active && (await processed(p, wallet, queryId))) {
      return waiting(p, batch, { code: 'query_processed_unread', params: { query_id: idText } });
    }
    return send(p, batch, true);
  }
  if (read.complete) {
    return expire(p, batch, {
      code: 'query_timed_out',
      params: { query_id: idText, chain_time: state.time, valid_until: validUntil },
    });
  }
  const gap = read.gapKind ?? { kind: 'node_behind' as const };
  return hold(p, batch, { code: 'query_timed_out_unread', params: { query_id: idText, gap } }, read.gap);
}
