import type { Queryable } from '../db/index';
import type { PaymentOutcome } from '../mint/service';

export interface RecordedTransaction {
  hash: string;
  lt: bigint;
  utime: number;
  source: string | null;
  amount: bigint;
  comment: string | null;
}

/** Records a treasury transaction once; false when it was recorded before (same hash). */
export async function recordTransactionOnce(q: Queryable, tx: RecordedTransaction): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO treasury_transactions (hash, lt, utime, source, amount_nanotons, comment, outcome)
     VALUES ($1, $2, to_timestamp($3), $4, $5, $6, 'not_payment')
     ON CONFLICT (hash) DO NOTHING
     RETURNING hash`,
    [tx.hash, tx.lt, tx.utime, tx.source, tx.amount, tx.comment],
  );
  return rows.length > 0;
}

export async function setOutcome(
  q: Queryable,
  hash: string,
  outcome: PaymentOutcome,
  mintId: number | null,
): Promise<void> {
  await q.query('UPDATE treasury_transactions SET outcome = $2, mint_id = $3 WHERE hash = $1', [hash, outcome, mintId]);
}

export interface CursorRow {
  last_lt: bigint | null;
  scan_lt: bigint | null;
  scan_hash: string | null;
  scan_top_lt: bigint | null;
}

export async function readCursor(q: Queryable, address: string): Promise<CursorRow> {
  const [row] = await q.query<CursorRow>(
    'SELECT last_lt, scan_lt, scan_hash, scan_top_lt FROM treasury_cursor WHERE address = $1',
    [address],
  );
  return row ?? { last_lt: null, scan_lt: null, scan_hash: null, scan_top_lt: null };
}

export async function saveCursor(q: Queryable, address: string, cursor: CursorRow): Promise<void> {
  await q.query(
    `INSERT INTO treasury_cursor (address, last_lt, scan_lt, scan_hash, scan_top_lt, updated_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (address) DO UPDATE SET last_lt = EXCLUDED.last_lt, scan_lt = EXCLUDED.scan_lt,
       scan_hash = EXCLUDED.scan_hash, scan_top_lt = EXCLUDED.scan_top_lt, updated_at = now()`,
    [address, cursor.last_lt, cursor.scan_lt, cursor.scan_hash, cursor.scan_top_lt],
  );
}

/** The watcher read the node successfully just now (every poll that did not fail, new transactions or not). */
export async function markCursorRead(q: Queryable, address: string): Promise<void> {
  await q.query(
    `INSERT INTO treasury_cursor (address, read_at) VALUES ($1, now())
     ON CONFLICT (address) DO UPDATE SET read_at = now()`,
    [address],
  );
}

/** Seconds since the watcher last read the node successfully, by the database's clock; null before its first read. */
export async function secondsSinceRead(q: Queryable, address: string): Promise<number | null> {
  const [row] = await q.query<{ seconds: number | null }>(
    'SELECT EXTRACT(EPOCH FROM now() - read_at)::float8 AS seconds FROM treasury_cursor WHERE address = $1',
    [address],
  );
  return row?.seconds === null || row?.seconds === undefined ? null : Math.max(0, Math.floor(Number(row.seconds)));
}

export interface ReviewRow {
  hash: string;
  lt: bigint;
  utime: Date;
  source: string | null;
  amount_nanotons: bigint;
  comment: string | null;
  outcome: PaymentOutcome;
  mint_id: number | null;
  recorded_at: Date;
  resolved_at: Date | null;
  resolution: string | null;
}

/** What an operator must look at: TON that arrived and was not (or not fully) credited. */
export async function transactionsToReview(
  q: Queryable,
  includeResolved: boolean,
  limit: number,
): Promise<ReviewRow[]> {
  return q.query<ReviewRow>(
    `SELECT hash, lt, utime, source, amount_nanotons, comment, outcome, mint_id, recorded_at, resolved_at, resolution
     FROM treasury_transactions
     WHERE outcome NOT IN ('credited', 'not_payment') AND ($1 OR resolved_at IS NULL)
     ORDER BY recorded_at, lt LIMIT $2`,
    [includeResolved, limit],
  );
}

/** How many transactions wait for an operator (not credited, not resolved). */
export async function unresolvedCount(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM treasury_transactions
      WHERE outcome NOT IN ('credited', 'not_payment') AND resolved_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Marks a transaction to review resolved, once: an operator's resolution is final, so a
 * second resolve is refused instead of overwriting the first.
 */
export async function resolveTransaction(
  q: Queryable,
  hash: string,
  resolution: string,
): Promise<'resolved' | 'already' | 'missing'> {
  const rows = await q.query(
    `UPDATE treasury_transactions SET resolved_at = now(), resolution = $2
     WHERE hash = $1 AND outcome NOT IN ('credited', 'not_payment') AND resolved_at IS NULL RETURNING hash`,
    [hash, resolution],
  );
  if (rows.length > 0) return 'resolved';
  const [known] = await q.query(
    "SELECT 1 FROM treasury_transactions WHERE hash = $1 AND outcome NOT IN ('credited', 'not_payment')",
    [hash],
  );
  return known ? 'already' : 'missing';
}
