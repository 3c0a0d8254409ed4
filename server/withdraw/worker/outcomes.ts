/**
 * What a step does to an open batch once it knows: confirm it (each withdrawal paid by its outgoing message),
 * expire it (queued again), hold it for an operator, note why it waits, or send its very message again.
 */
import { type Transaction } from '@ton/core';
import type { PayoutReason } from '@contract';
import { PAYOUT_MAX_SEND_ATTEMPTS } from '../../constants';
import { inTransaction } from '../../events/transaction';
import type { PayoutDeps } from './types';
import {
  type BatchRow,
  batchWithdrawals,
  completeWithdrawals,
  confirmBatch,
  expireBatch,
  failWithdrawals,
  holdBatch,
  lockOpenBatch,
  markBatchSent,
  markSendFailed,
  noteBatchError,
  requeueBatch,
} from '../queries';
import { payoutCompletedNotice } from '../wire';
import { noteWaiting, publishWithdrawals } from '../service';
import { notifyMany } from '../../notifications/service';
import { errorText, matchPayments } from './chain';
import { payoutReasonText, storedReason } from '../reasons';
import type { PayoutStepResult } from './types';

export const SKIPPED_ON_CHAIN: PayoutReason = { code: 'skipped_on_chain', params: {} };

const SENT_WAITING: PayoutReason = { code: 'sent_waiting', params: {} };

export async function confirm(p: PayoutDeps, batch: BatchRow, transaction: Transaction): Promise<PayoutStepResult> {
  const txHash = transaction.hash().toString('base64');
  const outcome = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    const withdrawals = await batchWithdrawals(tx, batch.id);
    const { paid, skipped } = matchPayments(transaction, withdrawals);
    // Each owner hears of each change (user:withdrawal), once the transaction commits; one statement per
    // kind of write for the whole batch (docs/performance.md "Payouts").
    const completed = await completeWithdrawals(tx, txHash, paid);
    const failed = await failWithdrawals(tx, skipped, SKIPPED_ON_CHAIN);
    await publishWithdrawals(tx, [...completed, ...failed]);
    await notifyMany(tx, completed.map(payoutCompletedNotice));
    await confirmBatch(tx, batch.id, txHash);
    return { paid: paid.map((payment) => payment.id), skipped };
  });
  if (!outcome) return { kind: 'busy' };
  p.log.info({ batchId: batch.id, txHash, completed: outcome.paid }, 'payout confirmed');
  if (outcome.skipped.length > 0) {
    p.log.error({ batchId: batch.id, txHash, failed: outcome.skipped }, 'payouts skipped on chain need an operator');
  }
  return { kind: 'confirmed', batchId: batch.id, txHash, completed: outcome.paid, failed: outcome.skipped };
}

export async function expire(p: PayoutDeps, batch: BatchRow, reason: PayoutReason): Promise<PayoutStepResult> {
  const requeued = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    await expireBatch(tx, batch.id, reason);
    const rows = await requeueBatch(tx, batch.id, reason);
    await publishWithdrawals(tx, rows);
    return rows.map((row) => row.id);
  });
  if (!requeued) return { kind: 'busy' };
  const why = payoutReasonText(reason);
  p.log.warn({ batchId: batch.id, seqno: String(batch.seqno), requeued, why }, 'payout batch expired: signing again');
  return { kind: 'expired', batchId: batch.id, requeued };
}

/**
 * The batch waits for an operator (or for the proof), its withdrawals saying why; logged at error level once.
 * `gap`: the history read's own words for the log (the reason keeps only what an operator acts on).
 */
export async function hold(
  p: PayoutDeps,
  batch: BatchRow,
  coded: PayoutReason,
  gap: string | null = null,
): Promise<PayoutStepResult> {
  const reason = payoutReasonText(coded);
  if (batch.status !== 'held' || batch.last_error !== reason || batch.last_error_code !== coded.code) {
    const stillOpen = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
      if (!(await lockOpenBatch(tx, batch.id))) return false;
      await holdBatch(tx, batch.id, coded);
      await noteWaiting(
        tx,
        (await batchWithdrawals(tx, batch.id)).map((w) => w.id),
        coded,
      );
      return true;
    });
    if (!stillOpen) return { kind: 'busy' }; // another worker closed it meanwhile
  }
  if (batch.status !== 'held') {
    p.log.error(
      { batchId: batch.id, seqno: String(batch.seqno), reason, ...(gap ? { gap } : {}) },
      'payout batch held: needs an operator',
    );
  }
  return { kind: 'held', batchId: batch.id, reason, coded };
}

export async function waiting(
  p: PayoutDeps,
  batch: BatchRow,
  coded: PayoutReason,
  gap: string | null = null,
): Promise<PayoutStepResult> {
  await noteBatchError(p.deps.db, batch.id, coded);
  const reason = payoutReasonText(coded);
  p.log.warn({ batchId: batch.id, ...(gap ? { gap } : {}) }, reason);
  return { kind: 'waiting', batchId: batch.id, reason, coded };
}

/** A waiting step that notes nothing (the batch's own state says it all). */
export const waitingOnly = (batch: BatchRow, coded: PayoutReason): PayoutStepResult => ({
  kind: 'waiting',
  batchId: batch.id,
  reason: payoutReasonText(coded),
  coded,
});

/**
 * Not on chain and still valid: the very same message again (a duplicate can never pay twice). A seqno
 * wallet's is sent PAYOUT_MAX_SEND_ATTEMPTS times at most; a highload wallet's (`untilProcessed`) is sent
 * again at every step until the wallet reports it processed, once the node has taken it at least once.
 */
export async function send(p: PayoutDeps, batch: BatchRow, untilProcessed = false): Promise<PayoutStepResult> {
  if (batch.attempts >= PAYOUT_MAX_SEND_ATTEMPTS && !(untilProcessed && batch.status === 'sent')) {
    // Sent (or refused) often enough: wait for it to land or expire.
    // Why, as last noted (a row older than the codes: its own text).
    const coded = storedReason(batch.last_error_code, batch.last_error_params) ?? SENT_WAITING;
    return { kind: 'waiting', batchId: batch.id, reason: batch.last_error ?? payoutReasonText(coded), coded };
  }
  try {
    await p.node.sendFile(Buffer.from(batch.signed_boc, 'base64'));
  } catch (error) {
    // The node's words are its own: carried as they came, never translated (contract payout-reasons.ts).
    const reason: PayoutReason = { code: 'node_refused', params: { node_error: errorText(error) } };
    const text = `The node refused the transfer: ${errorText(error)}`;
    const attempts = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
      const count = await markSendFailed(tx, batch.id, reason);
      const ids = (await batchWithdrawals(tx, batch.id)).map((w) => w.id);
      await noteWaiting(tx, ids, reason);
      return count;
    });
    if (attempts >= PAYOUT_MAX_SEND_ATTEMPTS) {
      p.log.error({ batchId: batch.id, attempts, error: text }, 'payout refused by the node: needs an operator');
    } else {
      p.log.warn({ batchId: batch.id, attempts, error: text }, 'payout send failed; will retry');
    }
    return { kind: 'send_failed', batchId: batch.id, attempts, error: text };
  }
  await markBatchSent(p.deps.db, batch.id);
  return { kind: 'sent', batchId: batch.id };
}
