/**
 * What an operator does to withdrawals (docs/operations.md, the operator API): read them, refund or retry a
 * failed one, ask for a held batch to be signed again; and a withdrawal's tokens back to where they came from.
 */
import { type OperatorWithdrawal, type PayoutReason } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import { ConflictError, NotFoundError } from '../lib/errors';
import {
  type BatchRow,
  type WithdrawalRow,
  batchExists,
  heldBatchRows,
  lockWithdrawal,
  markRefunded,
  requestResign,
  requeueFailed,
  operatorWithdrawal,
  userWithdrawalsForOperator,
  withdrawalsNeedingOperator,
} from './queries';
import { payoutRefundedNotice, toOperatorWithdrawal } from './wire';
import { notify } from '../notifications/service';
import { publishWithdrawal } from './payouts';
import { storedReason } from './reasons';

// ---- operator ------------------------------------------------------------------------------------

/** A withdrawal as the operator reads it, after the change the operator made (same transaction). */
export async function readForOperator(q: Queryable, id: number): Promise<OperatorWithdrawal> {
  const row = await operatorWithdrawal(q, id);
  if (!row) throw new NotFoundError('withdrawalNotFound');
  return toOperatorWithdrawal(row);
}

export const NOT_REFUNDABLE =
  'Only a failed withdrawal, or a queued one waiting with an error outside a batch, can be refunded';

export const NOT_RETRYABLE = 'Only a failed withdrawal can be retried';

/** Failed withdrawals and queued ones waiting with an error (hot wallet short, node refusing), oldest first. */
export async function withdrawalsForOperator(deps: Pick<Deps, 'db'>, limit: number): Promise<OperatorWithdrawal[]> {
  return (await withdrawalsNeedingOperator(deps.db, limit)).map(toOperatorWithdrawal);
}

/** A user's newest withdrawals (the operator's user detail). */
export async function userWithdrawalsOperatorView(
  deps: Pick<Deps, 'db'>,
  userId: number,
  limit: number,
): Promise<OperatorWithdrawal[]> {
  return (await userWithdrawalsForOperator(deps.db, userId, limit)).map(toOperatorWithdrawal);
}

/**
 * Gives a failed withdrawal's tokens (or a waiting one's, not in a batch) back to the balance they came
 * from, once: the row is locked, a second refund is 409 and credits nothing. user:withdrawal and
 * user:balance follow the commit.
 */
export async function refundWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError('withdrawalNotFound');
    const row = await markRefunded(tx, id);
    if (!row) throw new ConflictError({ code: 'conflict', msg: NOT_REFUNDABLE });
    await returnWithdrawalTokens(tx, row);
    await publishWithdrawal(tx, row);
    await notify(tx, payoutRefundedNotice(row));
    return readForOperator(tx, id);
  });
}

/** A failed withdrawal back into the queue (out of its batch), for the worker to pay anew. */
export async function retryWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError('withdrawalNotFound');
    const row = await requeueFailed(tx, id);
    if (!row) throw new ConflictError({ code: 'conflict', msg: NOT_RETRYABLE });
    await publishWithdrawal(tx, row);
    return readForOperator(tx, id);
  });
}

// ---- held payout batches ---------------------------------------------------------------------

/**
 * Held payout batches, for the operator (GET /api/admin/payouts/held, POST /api/admin/payouts/held/:id/resign;
 * `npm run operator -- payouts held|resign <id>`). The worker holds a batch it can neither find on chain
 * nor prove lost after its valid_until (worker/index.ts). What releases one:
 *  - the proof, by itself: the worker searches a held batch again at every step; found → confirmed, the
 *    seqno moved on without it and every transaction since it was signed read → expired, queued again;
 *  - an operator's re-sign: when the transfer is nowhere on chain (an explorer shows the wallet still at the
 *    batch's seqno), the operator asks for the same withdrawals to be signed again with the batch's own seqno.
 *    The worker does it while the seqno it reads is still that one. The two messages share the seqno, so at
 *    most one is ever applied, and the batch is confirmed by whichever landed: even a wrong call pays once.
 *    A highload wallet's batch is refused a re-sign (409, BATCH_HIGHLOAD): the chain's time releases it.
 */
export const BATCH_NOT_FOUND = 'Payout batch not found';

export const BATCH_NOT_HELD = 'Only a held payout batch can be signed again';

/** A highload wallet's batch is released by the chain's time alone (worker/index.ts, resumeHighload). */
export const BATCH_HIGHLOAD =
  "A highload wallet's batch is never signed again on request: once the chain's time passes its created_at + timeout and its history is read, the worker queues it again by itself";

/** A held batch as the operator reads it. */
export interface HeldBatch {
  id: number;
  seqno: number;
  /** Unix seconds: the latest message's. */
  valid_until: number;
  /** Why the worker holds it, in English; and as its code and figures (null for a row older than the codes). */
  reason: string | null;
  reason_coded: PayoutReason | null;
  held_at: number | null;
  /** An operator asked for it to be signed again; the worker does it while the wallet's seqno is the batch's. */
  resign_requested: boolean;
  withdrawals: number[];
}

export const seconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

export const toHeld = (row: BatchRow, withdrawals: number[]): HeldBatch => ({
  id: row.id,
  seqno: Number(row.seqno),
  valid_until: Number(row.valid_until),
  reason: row.last_error,
  reason_coded: storedReason(row.last_error_code, row.last_error_params),
  held_at: seconds(row.held_at),
  resign_requested: row.resign_requested_at !== null,
  withdrawals,
});

export async function heldBatches(deps: Pick<Deps, 'db'>): Promise<HeldBatch[]> {
  return (await heldBatchRows(deps.db)).map((row) => toHeld(row, row.withdrawal_ids));
}

/** Asks the worker to sign a held batch again with its own seqno; 404 for no such batch, 409 unless it is held. */
export async function requestHeldBatchResign(deps: Pick<Deps, 'db'>, id: number): Promise<HeldBatch> {
  const row = await requestResign(deps.db, id);
  if (!row) {
    const exists = await batchExists(deps.db, id);
    if (!exists) throw new NotFoundError({ code: 'notFound', msg: BATCH_NOT_FOUND });
    throw new ConflictError({ code: 'conflict', msg: exists.highload ? BATCH_HIGHLOAD : BATCH_NOT_HELD });
  }
  const held = (await heldBatches(deps)).find((batch) => batch.id === id);
  return held ?? toHeld(row, []);
}

// ---- refunds -----------------------------------------------------------------------------------

/** A withdrawal's tokens back to where they came from: the operator's refund and a bounced payout's (worker/bounces.ts). */
/**
 * Credits the withdrawal's tokens to the balance they were debited from, through the ledger (reason
 * withdrawal_refund, naming the withdrawal), in the caller's transaction; user:balance follows the commit.
 * The caller has moved the withdrawal, under its row lock, to a state that is refunded only once.
 */
export async function returnWithdrawalTokens(tx: Tx, row: WithdrawalRow): Promise<void> {
  await changeBalance(tx, {
    userId: row.user_id,
    account: row.source_account,
    delta: row.token_amount,
    reason: 'withdrawal_refund',
    refType: 'withdrawal',
    refId: row.id,
  });
}
