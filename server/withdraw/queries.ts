import type { Queryable } from '../db/index';

/** Records a referral → main balance transfer; its id is what both ledger entries name. */
export async function insertReferralTransfer(q: Queryable, userId: number, amountToken: bigint): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO referral_transfers (user_id, amount_token) VALUES ($1, $2) RETURNING id',
    [userId, amountToken],
  );
  if (!row) throw new Error('insertReferralTransfer returned no row');
  return row.id;
}
