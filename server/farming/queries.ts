import type { Queryable } from '../db/index';

export type FarmingSource = 'referral_balance' | 'task_balance';
export type FarmingLinkStatusValue = 'active' | 'exhausted' | 'revoked';

export interface FarmingLinkRow {
  id: number;
  user_id: number;
  status: FarmingLinkStatusValue;
  source: FarmingSource;
  days: number;
  tariff_days: number;
  yield_bps: number;
  price_nanotons: bigint;
  amount_ton: bigint;
  amount_token: bigint;
  expected_token: bigint;
  count_activations: number;
  activations_used: number;
  is_multilink: boolean;
  is_for_me: boolean;
  cost_token: bigint;
  refunded_token: bigint;
  created_at: Date;
  revoked_at: Date | null;
}

export interface FarmingCodeRow {
  id: number;
  code: string;
  link_id: number;
  used_by: number | null;
  used_at: Date | null;
}

export interface NewFarmingLink {
  userId: number;
  source: FarmingSource;
  days: number;
  tariffDays: number;
  yieldBps: number;
  priceNanotons: bigint;
  amountTon: bigint;
  amountToken: bigint;
  expectedToken: bigint;
  countActivations: number;
  isMultilink: boolean;
  isForMe: boolean;
  costToken: bigint;
  createdAt: number;
}

export async function insertLink(q: Queryable, link: NewFarmingLink): Promise<FarmingLinkRow> {
  const [row] = await q.query<FarmingLinkRow>(
    `INSERT INTO farming_links (user_id, source, days, tariff_days, yield_bps, price_nanotons, amount_ton, amount_token,
                                expected_token, count_activations, is_multilink, is_for_me, cost_token, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, to_timestamp($14))
     RETURNING *`,
    [
      link.userId,
      link.source,
      link.days,
      link.tariffDays,
      link.yieldBps,
      link.priceNanotons,
      link.amountTon,
      link.amountToken,
      link.expectedToken,
      link.countActivations,
      link.isMultilink,
      link.isForMe,
      link.costToken,
      link.createdAt,
    ],
  );
  if (!row) throw new Error('farming link not inserted');
  return row;
}

/** Inserts the codes not taken yet (in the given order); returns those it inserted. */
export async function insertCodes(q: Queryable, linkId: number, codes: string[]): Promise<string[]> {
  const rows = await q.query<{ code: string }>(
    `INSERT INTO farming_codes (code, link_id)
     SELECT code, $1 FROM unnest($2::text[]) WITH ORDINALITY AS c(code, n) ORDER BY n
     ON CONFLICT (code) DO NOTHING
     RETURNING code`,
    [linkId, codes],
  );
  return rows.map((row) => row.code);
}

export async function findCode(q: Queryable, code: string): Promise<FarmingCodeRow | undefined> {
  const [row] = await q.query<FarmingCodeRow>('SELECT * FROM farming_codes WHERE code = $1', [code]);
  return row;
}

export async function findLink(q: Queryable, id: number): Promise<FarmingLinkRow | undefined> {
  const [row] = await q.query<FarmingLinkRow>('SELECT * FROM farming_links WHERE id = $1', [id]);
  return row;
}

export async function lockLink(q: Queryable, id: number): Promise<FarmingLinkRow | undefined> {
  const [row] = await q.query<FarmingLinkRow>('SELECT * FROM farming_links WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

export async function lockUserLink(q: Queryable, userId: number, id: number): Promise<FarmingLinkRow | undefined> {
  const [row] = await q.query<FarmingLinkRow>('SELECT * FROM farming_links WHERE id = $1 AND user_id = $2 FOR UPDATE', [
    id,
    userId,
  ]);
  return row;
}

/** Codes of these links, each link's in the order they were made. */
export async function codesOfLinks(q: Queryable, linkIds: number[]): Promise<FarmingCodeRow[]> {
  if (linkIds.length === 0) return [];
  return q.query<FarmingCodeRow>('SELECT * FROM farming_codes WHERE link_id = ANY($1::int[]) ORDER BY link_id, id', [
    linkIds,
  ]);
}

export interface ActivationRow {
  code: string;
  mint_id: number;
}

export async function findActivation(q: Queryable, linkId: number, userId: number): Promise<ActivationRow | undefined> {
  const [row] = await q.query<ActivationRow>(
    'SELECT code, mint_id FROM farming_activations WHERE link_id = $1 AND user_id = $2',
    [linkId, userId],
  );
  return row;
}

export async function insertActivation(
  q: Queryable,
  activation: { linkId: number; userId: number; code: string; mintId: number; at: number },
): Promise<void> {
  await q.query(
    `INSERT INTO farming_activations (link_id, user_id, code, mint_id, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5))`,
    [activation.linkId, activation.userId, activation.code, activation.mintId, activation.at],
  );
}

/** A single-use code is spent (only if it was not: the caller has locked the link). */
export async function markCodeUsed(q: Queryable, code: string, userId: number, at: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE farming_codes SET used_by = $2, used_at = to_timestamp($3) WHERE code = $1 AND used_by IS NULL RETURNING 1',
    [code, userId, at],
  );
  return rows.length === 1;
}

/** One more use taken; the link is exhausted when that was its last. */
export async function countActivation(q: Queryable, linkId: number): Promise<FarmingLinkRow> {
  const [row] = await q.query<FarmingLinkRow>(
    `UPDATE farming_links
        SET activations_used = activations_used + 1,
            status = CASE WHEN activations_used + 1 = count_activations THEN 'exhausted' ELSE status END
      WHERE id = $1 AND status = 'active' AND activations_used < count_activations
      RETURNING *`,
    [linkId],
  );
  if (!row) throw new Error(`farming link ${linkId} has no use left`);
  return row;
}

export async function revokeLink(q: Queryable, linkId: number, refund: bigint, at: number): Promise<FarmingLinkRow> {
  const [row] = await q.query<FarmingLinkRow>(
    `UPDATE farming_links SET status = 'revoked', refunded_token = $2, revoked_at = to_timestamp($3)
      WHERE id = $1 AND status = 'active' RETURNING *`,
    [linkId, refund, at],
  );
  if (!row) throw new Error(`farming link ${linkId} is not active`);
  return row;
}

export async function listUserLinks(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: FarmingLinkRow[]; total: number }> {
  const rows = await q.query<FarmingLinkRow>(
    'SELECT * FROM farming_links WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
    [userId, limit, offset],
  );
  const [count] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM farming_links WHERE user_id = $1', [
    userId,
  ]);
  return { rows, total: count?.n ?? 0 };
}
