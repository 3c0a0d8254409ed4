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

// ---- the phone-style Dev Wallet's TON Connect sessions ------------------------------------------------

export interface MobileSessionRow {
  session_id: string;
  secret_key: string;
  sandbox_user_id: number;
  app_client_id: string;
}

export async function insertMobileSession(q: Queryable, row: MobileSessionRow): Promise<void> {
  await q.query(
    `INSERT INTO sandbox_mobile_wallet_sessions (session_id, secret_key, sandbox_user_id, app_client_id)
     VALUES ($1, $2, $3, $4)`,
    [row.session_id, row.secret_key, row.sandbox_user_id, row.app_client_id],
  );
}

export async function findMobileSession(q: Queryable, sessionId: string): Promise<MobileSessionRow | undefined> {
  const [row] = await q.query<MobileSessionRow>(
    'SELECT session_id, secret_key, sandbox_user_id, app_client_id FROM sandbox_mobile_wallet_sessions WHERE session_id = $1',
    [sessionId],
  );
  return row;
}

/** The newest session this user's wallet opened for an app connection. */
export async function findMobileSessionOfApp(
  q: Queryable,
  sandboxUserId: number,
  appClientId: string,
): Promise<MobileSessionRow | undefined> {
  const [row] = await q.query<MobileSessionRow>(
    `SELECT session_id, secret_key, sandbox_user_id, app_client_id FROM sandbox_mobile_wallet_sessions
     WHERE sandbox_user_id = $1 AND app_client_id = $2 ORDER BY created_at DESC LIMIT 1`,
    [sandboxUserId, appClientId],
  );
  return row;
}

/** The session's next event id: the SDK drops an event whose id is not above the last one it saw. */
export async function nextMobileEventId(q: Queryable, sessionId: string): Promise<number> {
  const [row] = await q.query<{ last_event_id: number }>(
    `UPDATE sandbox_mobile_wallet_sessions SET last_event_id = last_event_id + 1
     WHERE session_id = $1 RETURNING last_event_id`,
    [sessionId],
  );
  if (!row) throw new Error('nextMobileEventId: session is gone');
  return row.last_event_id;
}

/** Claims the answer to one request: true for exactly one caller. */
export async function claimMobileAnswer(q: Queryable, sessionId: string, requestId: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO sandbox_mobile_wallet_answers (session_id, request_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [sessionId, requestId],
  );
  return rows.length > 0;
}

export async function releaseMobileAnswer(q: Queryable, sessionId: string, requestId: string): Promise<void> {
  await q.query('DELETE FROM sandbox_mobile_wallet_answers WHERE session_id = $1 AND request_id = $2', [
    sessionId,
    requestId,
  ]);
}

export async function mobileAnswerClaimed(q: Queryable, sessionId: string, requestId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM sandbox_mobile_wallet_answers WHERE session_id = $1 AND request_id = $2', [
    sessionId,
    requestId,
  ]);
  return rows.length > 0;
}

/** The session's last use is now (its idle time starts again). */
export async function touchMobileSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sandbox_mobile_wallet_sessions SET used_at = now() WHERE session_id = $1', [sessionId]);
}

/** The app asked to disconnect: the session ends (the purge deletes it once its last answer has expired). */
export async function endMobileSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query(
    'UPDATE sandbox_mobile_wallet_sessions SET ended_at = coalesce(ended_at, now()) WHERE session_id = $1',
    [sessionId],
  );
}

/** Deletes the sessions unused for `idleSeconds` or ended `endedSeconds` ago (their answers cascade); answers how many. */
export async function deleteStaleMobileSessions(
  q: Queryable,
  bounds: { idleSeconds: number; endedSeconds: number },
): Promise<number> {
  const rows = await q.query(
    `DELETE FROM sandbox_mobile_wallet_sessions
     WHERE used_at <= now() - make_interval(secs => $1) OR ended_at <= now() - make_interval(secs => $2)
     RETURNING 1`,
    [bounds.idleSeconds, bounds.endedSeconds],
  );
  return rows.length;
}

export async function deleteMobileSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('DELETE FROM sandbox_mobile_wallet_sessions WHERE session_id = $1', [sessionId]);
}
