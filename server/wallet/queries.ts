import type { Queryable } from '../db/index';

export interface WalletBindingRow {
  user_id: number;
  address: string;
  public_key: string;
  network: string;
  bound_at: Date;
}

export async function findBinding(q: Queryable, userId: number): Promise<WalletBindingRow | undefined> {
  const [row] = await q.query<WalletBindingRow>(
    'SELECT user_id, address, public_key, network, bound_at FROM wallet_bindings WHERE user_id = $1',
    [userId],
  );
  return row;
}

/**
 * Records a proof's payload as used, unless it already is; true when this call recorded it. Expired
 * rows go first (their payloads are refused by their own signed expiry anyway).
 */
export async function consumePayload(q: Queryable, nonce: string, userId: number, expiresAt: Date): Promise<boolean> {
  await q.query('DELETE FROM ton_proof_payloads_used WHERE expires_at < now()');
  const rows = await q.query<{ nonce: string }>(
    `INSERT INTO ton_proof_payloads_used (nonce, user_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, userId, expiresAt],
  );
  return rows.length === 1;
}

/** Serialises bindings of one address (two users proving one wallet at once) within the transaction. */
export async function lockAddress(q: Queryable, address: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('wallet_binding:' || $1))", [address]);
}

/** Ends another user's binding of this address; returns that user's id, if there was one. */
export async function unbindAddressFromOthers(
  q: Queryable,
  address: string,
  userId: number,
): Promise<number | undefined> {
  const [row] = await q.query<{ user_id: number }>(
    'DELETE FROM wallet_bindings WHERE address = $1 AND user_id <> $2 RETURNING user_id',
    [address, userId],
  );
  return row?.user_id;
}

/** The user's binding, replaced by this wallet (one wallet per user). */
export async function upsertBinding(
  q: Queryable,
  binding: { userId: number; address: string; publicKey: string; network: string },
): Promise<WalletBindingRow> {
  const [row] = await q.query<WalletBindingRow>(
    `INSERT INTO wallet_bindings (user_id, address, public_key, network) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, public_key = EXCLUDED.public_key,
       network = EXCLUDED.network, bound_at = now()
     RETURNING user_id, address, public_key, network, bound_at`,
    [binding.userId, binding.address, binding.publicKey, binding.network],
  );
  if (!row) throw new Error('upsertBinding returned no row');
  return row;
}
