/**
 * Held payout batches, for the operator (GET /api/admin/payouts/held, POST /api/admin/payouts/held/:id/resign;
 * `npm run operator -- payouts held|resign <id>`). The worker holds a batch it can neither find on chain
 * nor prove lost after its valid_until (payouts.ts). What releases one:
 *  - the proof, by itself: the worker searches a held batch again at every step; found → confirmed, the
 *    seqno moved on without it and every transaction since it was signed read → expired, queued again;
 *  - an operator's re-sign: when the transfer is nowhere on chain (an explorer shows the wallet still at the
 *    batch's seqno), the operator asks for the same withdrawals to be signed again with the batch's own seqno.
 *    The worker does it while the seqno it reads is still that one. The two messages share the seqno, so at
 *    most one is ever applied, and the batch is confirmed by whichever landed: even a wrong call pays once.
 */
import type { Deps } from '../deps';
import { DomainError, NotFoundError } from '../lib/errors';
import { type BatchRow, batchExists, heldBatchRows, requestResign } from './queries';

export const BATCH_NOT_FOUND = 'Payout batch not found';
export const BATCH_NOT_HELD = 'Only a held payout batch can be signed again';

/** A held batch as the operator reads it. */
export interface HeldBatch {
  id: number;
  seqno: number;
  /** Unix seconds: the latest message's. */
  valid_until: number;
  /** Why the worker holds it. */
  reason: string | null;
  held_at: number | null;
  /** An operator asked for it to be signed again; the worker does it while the wallet's seqno is the batch's. */
  resign_requested: boolean;
  withdrawals: number[];
}

const seconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

const toHeld = (row: BatchRow, withdrawals: number[]): HeldBatch => ({
  id: row.id,
  seqno: Number(row.seqno),
  valid_until: Number(row.valid_until),
  reason: row.last_error,
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
    throw (await batchExists(deps.db, id)) ? new DomainError(409, BATCH_NOT_HELD) : new NotFoundError(BATCH_NOT_FOUND);
  }
  const held = (await heldBatches(deps)).find((batch) => batch.id === id);
  return held ?? toHeld(row, []);
}
