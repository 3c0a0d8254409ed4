import type { Queryable } from '../db/index';

export interface OperatorSessionRow {
  id: string;
  telegram_id: string;
  name: string;
  expires_at: Date;
}

export async function insertOperatorSession(
  q: Queryable,
  session: { id: string; telegramId: number; name: string; ttlSeconds: number },
): Promise<Date> {
  const [row] = await q.query<{ expires_at: Date }>(
    `INSERT INTO operator_sessions (id, telegram_id, name, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [session.id, session.telegramId, session.name, session.ttlSeconds],
  );
  return row!.expires_at;
}

/** The session when it is neither ended nor expired. */
export async function liveOperatorSession(q: Queryable, id: string): Promise<OperatorSessionRow | undefined> {
  const [row] = await q.query<OperatorSessionRow>(
    `SELECT id, telegram_id::text, name, expires_at FROM operator_sessions
      WHERE id = $1 AND ended_at IS NULL AND expires_at > now()`,
    [id],
  );
  return row;
}

/** Ends a live session; false when it was not live. */
export async function endOperatorSession(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE operator_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL RETURNING id',
    [id],
  );
  return rows.length > 0;
}

/**
 * Records the launch data (by its HMAC) as used by a console sign-in, unless it already is: true when this
 * call recorded it. One statement, so of two sign-ins at once with the same launch data, in any processes,
 * exactly one records it (the other waits for its commit and finds the key taken). Rows past their expiry
 * go first: their launch data is refused as too old anyway.
 */
export async function useOperatorLaunchData(q: Queryable, hash: string, expiresAtUnix: number): Promise<boolean> {
  await q.query('DELETE FROM operator_launch_data_used WHERE expires_at < now()');
  const rows = await q.query(
    `INSERT INTO operator_launch_data_used (hash, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (hash) DO NOTHING RETURNING hash`,
    [hash, expiresAtUnix],
  );
  return rows.length === 1;
}

/**
 * Whether a session row's `telegram_id` is an operator now, as isOperator (./service.ts) decides it: one of
 * the configured ids ($1), or in the sandbox one of the launcher's. Production's statement never names
 * sandbox_operators: a production database has no such table (server/db/migrations/ `sandboxMigrations`).
 */
const namedOperator = (sandbox: boolean): string =>
  sandbox
    ? '(telegram_id = ANY($1::bigint[]) OR telegram_id IN (SELECT telegram_id FROM sandbox_operators))'
    : 'telegram_id = ANY($1::bigint[])';

/** The live sessions of this Telegram user, ended; their ids. */
export async function endOperatorSessionsOf(q: Queryable, telegramId: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE operator_sessions SET ended_at = now()
      WHERE telegram_id = $1 AND ended_at IS NULL AND expires_at > now() RETURNING id`,
    [telegramId],
  );
  return rows.map((row) => row.id);
}

/** The live sessions of Telegram users who are no operators now (by this list), ended; their ids. */
export async function endNonOperatorSessions(
  q: Queryable,
  operators: { configured: readonly number[]; sandbox: boolean },
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE operator_sessions SET ended_at = now()
      WHERE ended_at IS NULL AND expires_at > now() AND NOT ${namedOperator(operators.sandbox)} RETURNING id`,
    [operators.configured],
  );
  return rows.map((row) => row.id);
}

/** Which of these sessions are live and still an operator's (by this list). */
export async function liveOperatorSessionIds(
  q: Queryable,
  ids: readonly string[],
  operators: { configured: readonly number[]; sandbox: boolean },
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM operator_sessions
      WHERE id = ANY($2::uuid[]) AND ended_at IS NULL AND expires_at > now() AND ${namedOperator(operators.sandbox)}`,
    [operators.configured, ids],
  );
  return rows.map((row) => row.id);
}

/** Sessions ended or expired more than a day ago: nothing refers to them (the audit keeps the name). */
export async function purgeOperatorSessions(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM operator_sessions WHERE coalesce(ended_at, expires_at) < now() - interval '1 day'`);
}

/** The sandbox launcher's operators (server/sandbox), beside the configured ones. */
export async function isSandboxOperator(q: Queryable, telegramId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM sandbox_operators WHERE telegram_id = $1', [telegramId]);
  return rows.length > 0;
}

export async function setSandboxOperator(q: Queryable, telegramId: number, operator: boolean): Promise<void> {
  await q.query(
    operator
      ? 'INSERT INTO sandbox_operators (telegram_id) VALUES ($1) ON CONFLICT DO NOTHING'
      : 'DELETE FROM sandbox_operators WHERE telegram_id = $1',
    [telegramId],
  );
}

export async function sandboxOperatorIds(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ telegram_id: string }>('SELECT telegram_id::text FROM sandbox_operators');
  return rows.map((row) => Number(row.telegram_id));
}
