import type { Queryable } from '../db/index';

export interface PlanRow {
  days: number;
  tariff_days: number;
  yield_bps: number;
  is_active: boolean;
}

export type MintStatusValue = 'pending' | 'active' | 'canceled' | 'completed' | 'move_to_staking';
export type MintSourceValue = 'payment' | 'farming';

export interface MintRow {
  id: number;
  mint_id: string;
  user_id: number;
  status: MintStatusValue;
  cancel_reason: 'user' | 'expired' | null;
  days: number;
  tariff_days: number;
  yield_bps: number;
  price_nanotons: bigint;
  amount_ton: bigint;
  amount_token: bigint;
  expected_token: bigint;
  created_at: Date;
  expires_at: Date;
  activated_at: Date | null;
  matures_at: Date | null;
  completed_at: Date | null;
  canceled_at: Date | null;
  payment_tx_hash: string | null;
  /** 'payment': paid in TON; 'farming': given by a farming link (farming_link_id), never paid. */
  source: MintSourceValue;
  farming_link_id: number | null;
}

export async function activePlans(q: Queryable): Promise<PlanRow[]> {
  return q.query<PlanRow>('SELECT * FROM mint_plans WHERE is_active ORDER BY days ASC');
}

export async function findActivePlan(q: Queryable, days: number): Promise<PlanRow | undefined> {
  const [row] = await q.query<PlanRow>('SELECT * FROM mint_plans WHERE days = $1 AND is_active', [days]);
  return row;
}

export async function countOpenPendingMints(q: Queryable, userId: number, now: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1 AND status = 'pending' AND expires_at > to_timestamp($2)`,
    [userId, now],
  );
  return row?.n ?? 0;
}

export interface NewMint {
  mintId: string;
  userId: number;
  plan: PlanRow;
  priceNanotons: bigint;
  amountTon: bigint;
  amountToken: bigint;
  expectedToken: bigint;
  createdAt: number;
  expiresAt: number;
}

/** Inserts a pending mint; undefined when the code is taken (the caller draws another). */
export async function insertMint(q: Queryable, mint: NewMint): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>(
    `INSERT INTO mints (mint_id, user_id, status, days, tariff_days, yield_bps, price_nanotons,
                        amount_ton, amount_token, expected_token, created_at, expires_at)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, to_timestamp($10), to_timestamp($11))
     ON CONFLICT (mint_id) DO NOTHING
     RETURNING *`,
    [
      mint.mintId,
      mint.userId,
      mint.plan.days,
      mint.plan.tariff_days,
      mint.plan.yield_bps,
      mint.priceNanotons,
      mint.amountTon,
      mint.amountToken,
      mint.expectedToken,
      mint.createdAt,
      mint.expiresAt,
    ],
  );
  return row;
}

export interface NewFarmingMint extends Omit<NewMint, 'expiresAt'> {
  farmingLinkId: number;
}

/**
 * Inserts an active farming mint (no payment: activated now, matures after tariff_days like a paid
 * one); undefined when the code is taken.
 */
export async function insertFarmingMint(q: Queryable, mint: NewFarmingMint): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>(
    `INSERT INTO mints (mint_id, user_id, status, days, tariff_days, yield_bps, price_nanotons,
                        amount_ton, amount_token, expected_token, created_at, expires_at,
                        activated_at, matures_at, source, farming_link_id)
     VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, to_timestamp($10), to_timestamp($10),
             to_timestamp($10), to_timestamp($10 + $4 * 86400), 'farming', $11)
     ON CONFLICT (mint_id) DO NOTHING
     RETURNING *`,
    [
      mint.mintId,
      mint.userId,
      mint.plan.days,
      mint.plan.tariff_days,
      mint.plan.yield_bps,
      mint.priceNanotons,
      mint.amountTon,
      mint.amountToken,
      mint.expectedToken,
      mint.createdAt,
      mint.farmingLinkId,
    ],
  );
  return row;
}

export async function lockUserMint(q: Queryable, userId: number, id: number): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>('SELECT * FROM mints WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
  return row;
}

export async function lockMint(q: Queryable, id: number): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>('SELECT * FROM mints WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

export async function findMint(q: Queryable, id: number): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>('SELECT * FROM mints WHERE id = $1', [id]);
  return row;
}

export async function findMintByCode(q: Queryable, code: string): Promise<MintRow | undefined> {
  const [row] = await q.query<MintRow>('SELECT * FROM mints WHERE mint_id = $1', [code]);
  return row;
}

/** A mint as an operator weighs a treasury transaction against it: its code, state, price and whose it is. */
export interface MintWithOwnerRow {
  id: number;
  code: string;
  status: MintStatusValue;
  amount_ton: bigint;
  user_id: number;
  telegram_id: bigint;
  first_name: string;
  username: string | null;
}

/** The mints with these codes or these ids, with their users (one statement for a page of transactions). */
export async function mintsWithOwners(q: Queryable, codes: string[], ids: number[]): Promise<MintWithOwnerRow[]> {
  if (codes.length === 0 && ids.length === 0) return [];
  return q.query<MintWithOwnerRow>(
    `SELECT m.id, m.mint_id AS code, m.status, m.amount_ton, u.id AS user_id, u.telegram_id, u.first_name, u.username
       FROM mints m JOIN users u ON u.id = m.user_id
      WHERE m.mint_id = ANY($1::text[]) OR m.id = ANY($2::int[])`,
    [codes, ids],
  );
}

export async function cancelMintRow(
  q: Queryable,
  id: number,
  reason: 'user' | 'expired',
  now: number,
): Promise<MintRow> {
  const [row] = await q.query<MintRow>(
    `UPDATE mints SET status = 'canceled', cancel_reason = $2, canceled_at = to_timestamp($3)
     WHERE id = $1 RETURNING *`,
    [id, reason, now],
  );
  if (!row) throw new Error(`mint ${id} vanished`);
  return row;
}

export async function activateMintRow(q: Queryable, id: number, txHash: string, now: number): Promise<MintRow> {
  const [row] = await q.query<MintRow>(
    `UPDATE mints SET status = 'active', cancel_reason = NULL, canceled_at = NULL, payment_tx_hash = $2,
                      activated_at = to_timestamp($3), matures_at = to_timestamp($3 + tariff_days * 86400)
     WHERE id = $1 RETURNING *`,
    [id, txHash, now],
  );
  if (!row) throw new Error(`mint ${id} vanished`);
  return row;
}

export async function completeMintRow(q: Queryable, id: number, now: number): Promise<MintRow> {
  const [row] = await q.query<MintRow>(
    `UPDATE mints SET status = 'completed', completed_at = to_timestamp($2) WHERE id = $1 RETURNING *`,
    [id, now],
  );
  if (!row) throw new Error(`mint ${id} vanished`);
  return row;
}

export async function setMintStatus(q: Queryable, id: number, status: MintStatusValue): Promise<MintRow> {
  const [row] = await q.query<MintRow>('UPDATE mints SET status = $2 WHERE id = $1 RETURNING *', [id, status]);
  if (!row) throw new Error(`mint ${id} vanished`);
  return row;
}

export async function listUserMints(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: MintRow[]; total: number }> {
  const rows = await q.query<MintRow>('SELECT * FROM mints WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [
    userId,
    limit,
    offset,
  ]);
  const [count] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1', [userId]);
  return { rows, total: count?.n ?? 0 };
}

/** Pending mints past their expiry (ids only; each is then locked and re-checked). */
export async function expiredPendingMintIds(q: Queryable, now: number, limit: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM mints WHERE status = 'pending' AND expires_at <= to_timestamp($1) ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

export async function maturedActiveMintIds(q: Queryable, now: number, limit: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM mints WHERE status = 'active' AND matures_at <= to_timestamp($1) ORDER BY matures_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

/**
 * TON a user has paid for mints (every mint whose payment was confirmed), in nanotons. Farming mints
 * were never paid: they do not count.
 */
export async function paidNanotons(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(
    `SELECT COALESCE(SUM(amount_ton), 0)::bigint AS total FROM mints
     WHERE user_id = $1 AND activated_at IS NOT NULL AND source = 'payment'`,
    [userId],
  );
  return row?.total ?? 0n;
}
