import type { Queryable } from '../db/index';

/** Records an update as handled; false when it already was (Telegram delivered it again). */
export async function recordUpdate(q: Queryable, updateId: number): Promise<boolean> {
  const rows = await q.query(
    'INSERT INTO telegram_updates (update_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1',
    [updateId],
  );
  return rows.length > 0;
}

/**
 * Keeps a /start parameter for the Telegram user's first sign-in: only while they have no account, and only
 * the first one (a later /start with another code changes nothing).
 */
export async function keepStartParam(q: Queryable, telegramId: number, param: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO bot_start_params (telegram_id, param)
     SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM users WHERE telegram_id = $1)
     ON CONFLICT (telegram_id) DO NOTHING
     RETURNING 1`,
    [telegramId, param],
  );
  return rows.length > 0;
}

/** The kept /start parameter of this Telegram user, deleted as it is read (null when there is none). */
export async function takeStartParam(q: Queryable, telegramId: number): Promise<string | null> {
  const [row] = await q.query<{ param: string }>(
    'DELETE FROM bot_start_params WHERE telegram_id = $1 RETURNING param',
    [telegramId],
  );
  return row?.param ?? null;
}

/** Forgets updates received more than `days` ago; how many. */
export async function purgeUpdates(q: Queryable, days: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM telegram_updates WHERE received_at < now() - make_interval(days => $1) RETURNING 1`,
    [days],
  );
  return rows.length;
}
