import type { Queryable } from '../../db/index';

export interface SandboxWalletRow {
  sandbox_user_id: number;
  public_key: string;
  secret_key: string;
  address: string;
  seeded_at: Date | null;
  created_at: Date;
}

export async function findWallet(q: Queryable, sandboxUserId: number): Promise<SandboxWalletRow | undefined> {
  const [row] = await q.query<SandboxWalletRow>('SELECT * FROM sandbox_wallets WHERE sandbox_user_id = $1', [
    sandboxUserId,
  ]);
  return row;
}

export async function listWallets(q: Queryable): Promise<SandboxWalletRow[]> {
  return q.query<SandboxWalletRow>('SELECT * FROM sandbox_wallets ORDER BY sandbox_user_id');
}

/** Inserts the user's wallet unless a concurrent first use already did; either way returns the stored one. */
export async function insertWalletOnce(
  q: Queryable,
  wallet: { sandboxUserId: number; publicKey: string; secretKey: string; address: string },
): Promise<SandboxWalletRow> {
  await q.query(
    `INSERT INTO sandbox_wallets (sandbox_user_id, public_key, secret_key, address)
     VALUES ($1, $2, $3, $4) ON CONFLICT (sandbox_user_id) DO NOTHING`,
    [wallet.sandboxUserId, wallet.publicKey, wallet.secretKey, wallet.address],
  );
  const row = await findWallet(q, wallet.sandboxUserId);
  if (!row) throw new Error('insertWalletOnce: wallet row missing after insert');
  return row;
}

/** Claims the first-use faucet: true for exactly one caller while it is unpaid. */
export async function claimSeed(q: Queryable, sandboxUserId: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE sandbox_wallets SET seeded_at = now() WHERE sandbox_user_id = $1 AND seeded_at IS NULL RETURNING 1',
    [sandboxUserId],
  );
  return rows.length > 0;
}

/** Gives the claim back when the faucet failed, so the next use tries again. */
export async function releaseSeed(q: Queryable, sandboxUserId: number): Promise<void> {
  await q.query('UPDATE sandbox_wallets SET seeded_at = NULL WHERE sandbox_user_id = $1', [sandboxUserId]);
}

export async function findSandboxUserIdByTelegramId(q: Queryable, telegramId: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM sandbox_users WHERE telegram_id = $1', [telegramId]);
  return row?.id;
}

export async function sandboxUserExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM sandbox_users WHERE id = $1', [id])).length > 0;
}
