import type { PayoutReason } from '@contract';
import type { Queryable } from '../db/index';
import { reasonColumns } from './reasons';

/** Records a referral → main balance transfer; its id is what both ledger entries name. */
export async function insertReferralTransfer(q: Queryable, userId: number, amountToken: bigint): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO referral_transfers (user_id, amount_token) VALUES ($1, $2) RETURNING id',
    [userId, amountToken],
  );
  if (!row) throw new Error('insertReferralTransfer returned no row');
  return row.id;
}

// ---- withdrawals and payout batches -----------------------------------------------------------------

export type WithdrawalStatus = 'queued' | 'sending' | 'completed' | 'failed' | 'refunded';
export type SourceAccount = 'balance_token' | 'task_balance' | 'referral_balance';

export interface WithdrawalRow {
  id: number;
  user_id: number;
  source_account: SourceAccount;
  token_amount: bigint;
  ton_amount: bigint;
  fee: bigint;
  address: string;
  status: WithdrawalStatus;
  batch_id: number | null;
  tx_hash: string | null;
  /** Why it waits or failed, in English; with its code and figures (./reasons.ts), null for a row older than them. */
  error: string | null;
  error_code: string | null;
  error_params: unknown;
  /** The outgoing message that paid it: its created_lt and cell hash (base64), once completed. */
  out_msg_lt: bigint | null;
  out_msg_hash: string | null;
  /** The hot wallet's transaction that received the payment back bounced: failed, tokens returned. */
  bounced_tx_hash: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewWithdrawal {
  userId: number;
  sourceAccount: SourceAccount;
  tokenAmount: bigint;
  tonAmount: bigint;
  fee: bigint;
  address: string;
}

export async function insertWithdrawal(q: Queryable, w: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await q.query<WithdrawalRow>(
    `INSERT INTO withdrawals (user_id, source_account, token_amount, ton_amount, fee, address)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [w.userId, w.sourceAccount, w.tokenAmount, w.tonAmount, w.fee, w.address],
  );
  if (!row) throw new Error('insertWithdrawal returned no row');
  return row;
}

/** The oldest queued withdrawals, first come first paid. */
export async function oldestQueued(q: Queryable, limit: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE status = 'queued' ORDER BY id LIMIT $1`, [limit]);
}

/** Locks these withdrawals if every one is still queued (another worker may have taken them); else []. */
export async function lockQueued(q: Queryable, ids: number[]): Promise<WithdrawalRow[]> {
  const rows = await q.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE id = ANY($1::int[]) AND status = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED`,
    [ids],
  );
  return rows.length === ids.length ? rows : [];
}

/** Why these withdrawals wait (null: nothing to say any more); the ids whose reason changed. */
export async function noteWithdrawalErrors(
  q: Queryable,
  ids: number[],
  reason: PayoutReason | null,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `UPDATE withdrawals SET error = $2, error_code = $3, error_params = $4::jsonb, updated_at = now()
      WHERE id = ANY($1::int[])
        AND (error IS DISTINCT FROM $2 OR error_code IS DISTINCT FROM $3 OR error_params IS DISTINCT FROM $4::jsonb)
      RETURNING id`,
    [ids, ...reasonColumns(reason)],
  );
  return rows.map((row) => row.id);
}

export async function assignToBatch(q: Queryable, ids: number[], batchId: number): Promise<WithdrawalRow[]> {
  const rows = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'sending', batch_id = $2, error = NULL, error_code = NULL, error_params = NULL, updated_at = now()
     WHERE id = ANY($1::int[]) AND status = 'queued' RETURNING *`,
    [ids, batchId],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function batchWithdrawals(q: Queryable, batchId: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE batch_id = $1 AND status = 'sending' ORDER BY id`, [
    batchId,
  ]);
}

/**
 * A batch's payments in one statement: each payment's withdrawal completed by `txHash`
 * with its outgoing message; the rows it changed (still sending before), by id.
 */
export async function completeWithdrawals(
  q: Queryable,
  txHash: string,
  paid: readonly { id: number; outMsgLt: bigint; outMsgHash: string }[],
): Promise<WithdrawalRow[]> {
  if (paid.length === 0) return [];
  const rows = await q.query<WithdrawalRow>(
    `UPDATE withdrawals w
        SET status = 'completed', tx_hash = $1, out_msg_lt = p.lt, out_msg_hash = p.hash, error = NULL, error_code = NULL, error_params = NULL, updated_at = now()
       FROM unnest($2::int[], $3::bigint[], $4::text[]) AS p(id, lt, hash)
      WHERE w.id = p.id AND w.status = 'sending'
      RETURNING w.*`,
    [txHash, paid.map((p) => p.id), paid.map((p) => p.outMsgLt.toString()), paid.map((p) => p.outMsgHash)],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Withdrawals of a batch the chain skipped, failed with why, in one statement; the rows it changed, by id. */
export async function failWithdrawals(
  q: Queryable,
  ids: readonly number[],
  reason: PayoutReason,
): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'failed', error = $2, error_code = $3, error_params = $4::jsonb, updated_at = now()
      WHERE id = ANY($1::int[]) AND status = 'sending' RETURNING *`,
    [ids, ...reasonColumns(reason)],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A completed withdrawal whose payment came back bounced: failed with why; undefined unless it was
 * completed. tx_hash goes (only a completed withdrawal has one; its batch keeps the paying transaction).
 */
export async function failBounced(
  q: Queryable,
  id: number,
  reason: PayoutReason,
  bouncedTxHash: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'failed', tx_hash = NULL, error = $3, error_code = $4, error_params = $5::jsonb,
            bounced_tx_hash = $2, updated_at = now()
     WHERE id = $1 AND status = 'completed' RETURNING *`,
    [id, bouncedTxHash, ...reasonColumns(reason)],
  );
  return row;
}

/** An expired batch's withdrawals wait in the queue again (keeping why), to be signed anew. */
export async function requeueBatch(q: Queryable, batchId: number, reason: PayoutReason): Promise<WithdrawalRow[]> {
  const rows = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'queued', batch_id = NULL, error = $2, error_code = $3, error_params = $4::jsonb,
            updated_at = now()
     WHERE batch_id = $1 AND status = 'sending' RETURNING *`,
    [batchId, ...reasonColumns(reason)],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** A withdrawal, locked for an operator's refund or retry. */
export async function lockWithdrawal(q: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

/**
 * Gives a withdrawal's tokens back: only from the states an operator may refund (the caller checked them
 * under the lock); a bounced one had its tokens returned already.
 */
export async function markRefunded(q: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'refunded', updated_at = now()
     WHERE id = $1 AND ((status = 'failed' AND bounced_tx_hash IS NULL) OR (status = 'queued' AND batch_id IS NULL AND error IS NOT NULL))
     RETURNING *`,
    [id],
  );
  return row;
}

/** A failed withdrawal into the queue again, out of its old batch (not a bounced one: its tokens were returned). */
export async function requeueFailed(q: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = 'queued', batch_id = NULL, error = NULL, error_code = NULL, error_params = NULL, updated_at = now()
     WHERE id = $1 AND status = 'failed' AND bounced_tx_hash IS NULL RETURNING *`,
    [id],
  );
  return row;
}

/** A withdrawal with what an operator reads beside it: its batch's chain transaction and whose it is. */
export interface OperatorWithdrawalRow extends WithdrawalRow {
  /** The batch's transaction (base64) once it was seen on chain. */
  batch_tx_hash: string | null;
  telegram_id: bigint;
  first_name: string;
  username: string | null;
}

/** The one statement every operator's withdrawal is read by; `where` and `tail` are fixed SQL, never input. */
function operatorWithdrawalRows(
  q: Queryable,
  where: string,
  tail: string,
  params: unknown[],
): Promise<OperatorWithdrawalRow[]> {
  return q.query<OperatorWithdrawalRow>(
    `SELECT w.*, b.tx_hash AS batch_tx_hash, u.telegram_id, u.first_name, u.username
       FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN payout_batches b ON b.id = w.batch_id
      WHERE ${where} ${tail}`,
    params,
  );
}

/**
 * The operator's list, oldest first: failed withdrawals (not bounced ones: refunded already), and queued or
 * sending ones waiting with an error (hot wallet short, node refusing, batch held).
 */
export async function withdrawalsNeedingOperator(q: Queryable, limit: number): Promise<OperatorWithdrawalRow[]> {
  return operatorWithdrawalRows(
    q,
    `(w.status = 'failed' AND w.bounced_tx_hash IS NULL) OR (w.status IN ('queued', 'sending') AND w.error IS NOT NULL)`,
    'ORDER BY w.id LIMIT $1',
    [limit],
  );
}

/** One withdrawal as the operator reads it (after a refund or a retry, in the same transaction). */
export async function operatorWithdrawal(q: Queryable, id: number): Promise<OperatorWithdrawalRow | undefined> {
  const [row] = await operatorWithdrawalRows(q, 'w.id = $1', '', [id]);
  return row;
}

/** These withdrawals as the operator reads them, by id (one statement for a whole batch). */
export async function operatorWithdrawals(q: Queryable, ids: readonly number[]): Promise<OperatorWithdrawalRow[]> {
  return operatorWithdrawalRows(q, 'w.id = ANY($1::int[])', 'ORDER BY w.id', [ids]);
}

/** A user's newest withdrawals as the operator reads them. */
export async function userWithdrawalsForOperator(
  q: Queryable,
  userId: number,
  limit: number,
): Promise<OperatorWithdrawalRow[]> {
  return operatorWithdrawalRows(q, 'w.user_id = $1', 'ORDER BY w.id DESC LIMIT $2', [userId, limit]);
}

/** How many withdrawals are in each status (every status named, 0 when none). */
export async function withdrawalCounts(q: Queryable): Promise<Record<WithdrawalStatus, number>> {
  const rows = await q.query<{ status: WithdrawalStatus; count: number }>(
    'SELECT status, count(*)::int AS count FROM withdrawals GROUP BY status',
  );
  const counts: Record<WithdrawalStatus, number> = { queued: 0, sending: 0, completed: 0, failed: 0, refunded: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export interface PayoutQueue {
  /** Waiting to be signed. */
  queued: number;
  /** In a signed or sent batch, waiting for the chain (or a held batch's, for an operator). */
  sending: number;
  /** Of those two, the ones with a reason noted: short of balance, a refused send, a held batch. */
  waiting: number;
  /** Failed and not bounced back: an operator refunds or retries them. */
  failed: number;
  /** Nanotons of the queued ones (what the hot wallet must cover next). */
  queuedTon: bigint;
  /** Seconds the oldest queued or sending one has waited; 0 when none does. */
  oldestSeconds: number;
}

/**
 * The payout queue now, in one statement. Only the open statuses are counted: completed and refunded
 * only grow, and say nothing about what waits.
 */
export async function payoutQueue(q: Queryable): Promise<PayoutQueue> {
  const [row] = await q.query<{
    queued: number;
    sending: number;
    waiting: number;
    failed: number;
    queued_ton: string;
    oldest_seconds: number;
  }>(
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
            count(*) FILTER (WHERE status = 'sending')::int AS sending,
            count(*) FILTER (WHERE status IN ('queued', 'sending') AND error IS NOT NULL)::int AS waiting,
            count(*) FILTER (WHERE status = 'failed' AND bounced_tx_hash IS NULL)::int AS failed,
            COALESCE(sum(ton_amount) FILTER (WHERE status = 'queued'), 0)::text AS queued_ton,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE status IN ('queued', 'sending'))), 0)::float8
              AS oldest_seconds
     FROM withdrawals WHERE status IN ('queued', 'sending', 'failed')`,
  );
  return {
    queued: Number(row?.queued ?? 0),
    sending: Number(row?.sending ?? 0),
    waiting: Number(row?.waiting ?? 0),
    failed: Number(row?.failed ?? 0),
    queuedTon: BigInt(row?.queued_ton ?? 0),
    oldestSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)),
  };
}

export interface PayoutWaitRow {
  /** Nanotons of the queued and sending withdrawals. */
  queued_ton: bigint;
  /** Why the newest of the queued or sending withdrawals that carry a reason waits (text, code, figures). */
  newest_error: string | null;
  newest_error_code: string | null;
  newest_error_params: unknown;
  held_batches: number;
  /** Why the most recently held batch is held (text, code, figures). */
  held_reason: string | null;
  held_reason_code: string | null;
  held_reason_params: unknown;
}

/** What the payout worker is waiting on, in one statement (the operator's overview). */
export async function payoutWait(q: Queryable): Promise<PayoutWaitRow> {
  const [row] = await q.query<PayoutWaitRow>(
    `SELECT totals.queued_ton, totals.held_batches,
            newest.error AS newest_error, newest.error_code AS newest_error_code,
            newest.error_params AS newest_error_params,
            held.last_error AS held_reason, held.last_error_code AS held_reason_code,
            held.last_error_params AS held_reason_params
       FROM (SELECT COALESCE(SUM(ton_amount), 0)::bigint AS queued_ton,
                    (SELECT COUNT(*)::int FROM payout_batches WHERE status = 'held') AS held_batches
               FROM withdrawals WHERE status IN ('queued', 'sending')) totals
       LEFT JOIN LATERAL (SELECT error, error_code, error_params FROM withdrawals
                           WHERE status IN ('queued', 'sending') AND error IS NOT NULL
                           ORDER BY updated_at DESC, id DESC LIMIT 1) newest ON true
       LEFT JOIN LATERAL (SELECT last_error, last_error_code, last_error_params FROM payout_batches
                           WHERE status = 'held' ORDER BY held_at DESC NULLS LAST, id DESC LIMIT 1) held ON true`,
  );
  if (!row) throw new Error('payoutWait: no row');
  return { ...row, held_batches: Number(row.held_batches) };
}

/** A page of the user's withdrawals by created_at then id, and how many there are. */
export async function withdrawalsPage(
  q: Queryable,
  userId: number,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await q.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY created_at ${direction}, id ${direction} OFFSET $2 LIMIT $3`,
    [userId, page.offset, page.limit],
  );
  const [count] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM withdrawals WHERE user_id = $1', [
    userId,
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Open: signed, sent, held (at most one per wallet). */
export type BatchStatus = 'signed' | 'sent' | 'held' | 'confirmed' | 'expired';

export interface BatchRow {
  id: number;
  wallet_address: string;
  seqno: bigint;
  valid_until: bigint;
  signed_boc: string;
  message_hash: string;
  status: BatchStatus;
  attempts: number;
  /** Why it waits, is held or expired, in English; with its code and figures (./reasons.ts), null for older rows. */
  last_error: string | null;
  last_error_code: string | null;
  last_error_params: unknown;
  tx_hash: string | null;
  /** The wallet's last transaction when the batch was signed (lt 0, hash null: none); null before this was stored. */
  start_lt: bigint | null;
  start_hash: string | null;
  /** Normalized hashes of the messages a re-signing replaced (same seqno): any of them confirms the batch too. */
  previous_hashes: string[];
  held_at: Date | null;
  /** An operator asked for the held batch to be re-signed with its own seqno. */
  resign_requested_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
  confirmed_at: Date | null;
  /** A highload wallet's batch: its query id and created_at (unix seconds), stored before it is sent; null otherwise. */
  query_id: bigint | null;
  message_created_at: bigint | null;
}

/** The wallet's open batch (signed, sent or held): at most one, by a unique index. */
export async function openBatch(q: Queryable, walletAddress: string): Promise<BatchRow | undefined> {
  const [row] = await q.query<BatchRow>(
    `SELECT * FROM payout_batches WHERE wallet_address = $1 AND status IN ('signed', 'sent', 'held')`,
    [walletAddress],
  );
  return row;
}

/** Locks the batch if it is still open. */
export async function lockOpenBatch(q: Queryable, id: number): Promise<BatchRow | undefined> {
  const [row] = await q.query<BatchRow>(
    `SELECT * FROM payout_batches WHERE id = $1 AND status IN ('signed', 'sent', 'held') FOR UPDATE`,
    [id],
  );
  return row;
}

export interface NewBatch {
  walletAddress: string;
  seqno: number;
  validUntil: number;
  signedBoc: string;
  messageHash: string;
  /** The wallet's last transaction as the seqno was read. */
  start: { lt: bigint; hash: string | null };
  /** A highload wallet's batch: `seqno` is then its number in the wallet's sequence, this its query id. */
  highload?: { queryId: bigint; createdAt: number };
}

/**
 * Stores a signed batch; null when the wallet already has an open one, or a live batch took this seqno
 * (another worker got there first).
 */
export async function insertBatch(q: Queryable, b: NewBatch): Promise<BatchRow | null> {
  const [row] = await q.query<BatchRow>(
    `INSERT INTO payout_batches
       (wallet_address, seqno, valid_until, signed_boc, message_hash, start_lt, start_hash, query_id, message_created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [
      b.walletAddress,
      b.seqno,
      b.validUntil,
      b.signedBoc,
      b.messageHash,
      b.start.lt,
      b.start.hash,
      b.highload?.queryId ?? null,
      b.highload?.createdAt ?? null,
    ],
  );
  return row ?? null;
}

/** A batch's reason from $2, $3, $4 (reasonColumns: text, code, figures). */
const SET_LAST_ERROR = 'last_error = $2, last_error_code = $3, last_error_params = $4::jsonb';

export async function markBatchSent(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE payout_batches SET status = 'sent', attempts = attempts + 1, last_error = NULL, last_error_code = NULL, last_error_params = NULL, sent_at = COALESCE(sent_at, now())
     WHERE id = $1 AND status IN ('signed', 'sent')`,
    [id],
  );
}

/** A refused send: counted, with the node's reason. Returns the attempts so far. */
export async function markSendFailed(q: Queryable, id: number, reason: PayoutReason): Promise<number> {
  const [row] = await q.query<{ attempts: number }>(
    `UPDATE payout_batches SET attempts = attempts + 1, ${SET_LAST_ERROR}
      WHERE id = $1 AND status IN ('signed', 'sent') RETURNING attempts`,
    [id, ...reasonColumns(reason)],
  );
  return row?.attempts ?? 0;
}

export async function noteBatchError(q: Queryable, id: number, reason: PayoutReason): Promise<void> {
  await q.query(`UPDATE payout_batches SET ${SET_LAST_ERROR} WHERE id = $1 AND status IN ('signed', 'sent', 'held')`, [
    id,
    ...reasonColumns(reason),
  ]);
}

/** An open batch held for an operator, with why (held_at kept from the first time). */
export async function holdBatch(q: Queryable, id: number, reason: PayoutReason): Promise<void> {
  await q.query(
    `UPDATE payout_batches SET status = 'held', ${SET_LAST_ERROR}, held_at = COALESCE(held_at, now())
     WHERE id = $1 AND status IN ('signed', 'sent', 'held')`,
    [id, ...reasonColumns(reason)],
  );
}

/**
 * A held batch signed again with its own seqno (the worker, at an operator's request): the new message
 * replaces the old one, whose hash stays among previous_hashes; it is sent afresh.
 */
export async function resignBatch(
  q: Queryable,
  id: number,
  b: { signedBoc: string; messageHash: string; validUntil: number },
): Promise<BatchRow | undefined> {
  const [row] = await q.query<BatchRow>(
    `UPDATE payout_batches
        SET previous_hashes = array_append(previous_hashes, message_hash), signed_boc = $2, message_hash = $3,
            valid_until = $4, status = 'signed', attempts = 0, last_error = NULL, last_error_code = NULL, last_error_params = NULL, held_at = NULL, resign_requested_at = NULL
      WHERE id = $1 AND status = 'held' RETURNING *`,
    [id, b.signedBoc, b.messageHash, b.validUntil],
  );
  return row;
}

/** An operator's request to re-sign a held seqno batch; undefined when the batch is not held or is a highload one. */
export async function requestResign(q: Queryable, id: number): Promise<BatchRow | undefined> {
  const [row] = await q.query<BatchRow>(
    `UPDATE payout_batches SET resign_requested_at = COALESCE(resign_requested_at, now())
      WHERE id = $1 AND status = 'held' AND query_id IS NULL RETURNING *`,
    [id],
  );
  return row;
}

/** Whether the batch exists, and whether it is a highload wallet's (it has a query id). */
export async function batchExists(q: Queryable, id: number): Promise<false | { highload: boolean }> {
  const [row] = await q.query<{ highload: boolean }>(
    'SELECT query_id IS NOT NULL AS highload FROM payout_batches WHERE id = $1',
    [id],
  );
  return row ?? false;
}

/** Held batches, oldest first, with their withdrawals' ids. */
export async function heldBatchRows(q: Queryable): Promise<Array<BatchRow & { withdrawal_ids: number[] }>> {
  return q.query<BatchRow & { withdrawal_ids: number[] }>(
    `SELECT b.*, COALESCE(ARRAY(SELECT w.id FROM withdrawals w WHERE w.batch_id = b.id AND w.status = 'sending' ORDER BY w.id), '{}') AS withdrawal_ids
       FROM payout_batches b WHERE b.status = 'held' ORDER BY b.id`,
  );
}

export async function confirmBatch(q: Queryable, id: number, txHash: string): Promise<void> {
  await q.query(
    `UPDATE payout_batches SET status = 'confirmed', tx_hash = $2, confirmed_at = now(), last_error = NULL, last_error_code = NULL, last_error_params = NULL WHERE id = $1`,
    [id, txHash],
  );
}

export async function expireBatch(q: Queryable, id: number, reason: PayoutReason): Promise<void> {
  await q.query(`UPDATE payout_batches SET status = 'expired', ${SET_LAST_ERROR} WHERE id = $1`, [
    id,
    ...reasonColumns(reason),
  ]);
}

// ---- the bounce watcher's cursor ----------------------------------------------------------------------

export interface BounceCursor {
  /** Every transaction up to this one was read. */
  last: { lt: bigint; hash: string | null };
  /** A backward read in progress: the next transaction to read, and the newest it started from. */
  scan: { next: { lt: bigint; hash: string | null }; top: { lt: bigint; hash: string | null } } | null;
}

interface BounceCursorRow {
  last_lt: bigint;
  last_hash: string | null;
  scan_lt: bigint | null;
  scan_hash: string | null;
  scan_top_lt: bigint | null;
  scan_top_hash: string | null;
}

export async function readBounceCursor(q: Queryable, walletAddress: string): Promise<BounceCursor | null> {
  const [row] = await q.query<BounceCursorRow>(
    'SELECT last_lt, last_hash, scan_lt, scan_hash, scan_top_lt, scan_top_hash FROM payout_bounce_cursor WHERE wallet_address = $1',
    [walletAddress],
  );
  if (!row) return null;
  const scan =
    row.scan_lt === null || row.scan_top_lt === null
      ? null
      : { next: { lt: row.scan_lt, hash: row.scan_hash }, top: { lt: row.scan_top_lt, hash: row.scan_top_hash } };
  return { last: { lt: row.last_lt, hash: row.last_hash }, scan };
}

export async function saveBounceCursor(q: Queryable, walletAddress: string, cursor: BounceCursor): Promise<void> {
  await q.query(
    `INSERT INTO payout_bounce_cursor (wallet_address, last_lt, last_hash, scan_lt, scan_hash, scan_top_lt, scan_top_hash, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (wallet_address) DO UPDATE SET last_lt = EXCLUDED.last_lt, last_hash = EXCLUDED.last_hash,
       scan_lt = EXCLUDED.scan_lt, scan_hash = EXCLUDED.scan_hash, scan_top_lt = EXCLUDED.scan_top_lt,
       scan_top_hash = EXCLUDED.scan_top_hash, updated_at = now()`,
    [
      walletAddress,
      cursor.last.lt,
      cursor.last.hash,
      cursor.scan?.next.lt ?? null,
      cursor.scan?.next.hash ?? null,
      cursor.scan?.top.lt ?? null,
      cursor.scan?.top.hash ?? null,
    ],
  );
}

/** Where the wallet's first batch that kept its start was signed: no payout before it can be matched to a bounce. */
export async function firstBatchStart(
  q: Queryable,
  walletAddress: string,
): Promise<{ lt: bigint; hash: string | null } | null> {
  const [row] = await q.query<{ start_lt: bigint; start_hash: string | null }>(
    'SELECT start_lt, start_hash FROM payout_batches WHERE wallet_address = $1 AND start_lt IS NOT NULL ORDER BY id LIMIT 1',
    [walletAddress],
  );
  return row ? { lt: row.start_lt, hash: row.start_hash } : null;
}

/** The wallets payouts left from other than `walletAddress`: the last one to sign a batch, and whether any has one open. */
export async function otherHotWallets(
  q: Queryable,
  walletAddress: string,
): Promise<{ last: string | null; open: string | null }> {
  const [row] = await q.query<{ last: string | null; open: string | null }>(
    `SELECT (SELECT wallet_address FROM payout_batches ORDER BY id DESC LIMIT 1) AS last,
            (SELECT wallet_address FROM payout_batches
              WHERE wallet_address <> $1 AND status IN ('signed', 'sent', 'held') LIMIT 1) AS open`,
    [walletAddress],
  );
  const last = row?.last ?? null;
  return { last: last === walletAddress ? null : last, open: row?.open ?? null };
}

/**
 * The next number in a highload wallet's sequence of batches: one past every batch it ever stored, expired
 * ones included, so a query id is never signed twice (a unique index holds it too; highload-v3.ts maps the
 * number to the query id).
 */
export async function nextHighloadNumber(q: Queryable, walletAddress: string): Promise<number> {
  const [row] = await q.query<{ next: string }>(
    'SELECT COALESCE(MAX(seqno) + 1, 0)::text AS next FROM payout_batches WHERE wallet_address = $1',
    [walletAddress],
  );
  return Number(row?.next ?? 0);
}
