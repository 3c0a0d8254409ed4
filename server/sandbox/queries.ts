import type { Queryable } from '../db/index';

export type Platform = 'ios' | 'android' | 'tdesktop' | 'web' | 'unknown';
export type Theme = 'light' | 'dark';

export interface SandboxUserRow {
  id: number;
  telegram_id: bigint;
  first_name: string;
  username: string | null;
  language_code: 'en' | 'ru';
  start_param: string | null;
  is_community_member: boolean;
  platform: Platform;
  theme: Theme;
  created_at: Date;
  /** The app account made when this test user first opened the app. */
  app_user_id: number | null;
  app_ref_code: string | null;
  app_balance_token: bigint | null;
  app_referral_balance: bigint | null;
  app_task_balance: bigint | null;
}

const SELECT_WITH_APP_USER = `
  SELECT s.*, u.id AS app_user_id, u.ref_code AS app_ref_code, u.balance_token AS app_balance_token,
         u.referral_balance AS app_referral_balance, u.task_balance AS app_task_balance
    FROM sandbox_users s LEFT JOIN users u ON u.telegram_id = s.telegram_id`;

export async function listSandboxUsers(q: Queryable): Promise<SandboxUserRow[]> {
  return q.query<SandboxUserRow>(`${SELECT_WITH_APP_USER} ORDER BY s.id DESC`);
}

export async function findSandboxUser(q: Queryable, id: number): Promise<SandboxUserRow | undefined> {
  const [row] = await q.query<SandboxUserRow>(`${SELECT_WITH_APP_USER} WHERE s.id = $1`, [id]);
  return row;
}

export async function sandboxMembership(q: Queryable, telegramId: number): Promise<boolean | undefined> {
  const [row] = await q.query<{ is_community_member: boolean }>(
    'SELECT is_community_member FROM sandbox_users WHERE telegram_id = $1',
    [telegramId],
  );
  return row?.is_community_member;
}

export async function telegramIdTaken(q: Queryable, telegramId: number): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM sandbox_users WHERE telegram_id = $1 UNION ALL SELECT 1 FROM users WHERE telegram_id = $1',
    [telegramId],
  );
  return rows.length > 0;
}

export async function insertSandboxUser(
  q: Queryable,
  user: {
    telegramId: number;
    firstName: string;
    username: string | null;
    languageCode: 'en' | 'ru';
    startParam: string | null;
    isCommunityMember: boolean;
    platform: Platform;
    theme: Theme;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO sandbox_users (telegram_id, first_name, username, language_code, start_param, is_community_member, platform, theme)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      user.telegramId,
      user.firstName,
      user.username,
      user.languageCode,
      user.startParam,
      user.isCommunityMember,
      user.platform,
      user.theme,
    ],
  );
  if (!row) throw new Error('insertSandboxUser returned no row');
  return row.id;
}

/** Sets the launcher flag and mirrors it onto the app account, so turning membership off gates the app again. */
export async function setSandboxMembership(q: Queryable, id: number, member: boolean): Promise<boolean> {
  const [row] = await q.query<{ telegram_id: bigint }>(
    'UPDATE sandbox_users SET is_community_member = $2 WHERE id = $1 RETURNING telegram_id',
    [id, member],
  );
  if (!row) return false;
  // Joining confirms membership at once (the gate opens). Leaving changes only what the chat answers:
  // a confirmed member stays one for the gate, as in production (docs/security.md "Gates"), so the
  // community task's own check (which asks the chat every time) is what notices.
  if (member) {
    await q.query('UPDATE users SET community_member = TRUE, community_checked_at = now() WHERE telegram_id = $1', [
      row.telegram_id,
    ]);
  }
  return true;
}

export interface PreparedMessageRow {
  id: string;
  telegram_id: bigint;
  title: string;
  description: string;
  message_text: string;
  button_text: string;
  button_url: string;
  expires_at: Date;
}

export async function insertPreparedMessage(
  q: Queryable,
  message: Omit<PreparedMessageRow, 'telegram_id'> & { telegram_id: number },
): Promise<void> {
  await q.query(
    `INSERT INTO sandbox_prepared_messages (id, telegram_id, title, description, message_text, button_text, button_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      message.id,
      message.telegram_id,
      message.title,
      message.description,
      message.message_text,
      message.button_text,
      message.button_url,
      message.expires_at,
    ],
  );
}

/** A prepared message of this Telegram user that has not expired. */
export async function findPreparedMessage(
  q: Queryable,
  telegramId: bigint,
  id: string,
): Promise<PreparedMessageRow | undefined> {
  const [row] = await q.query<PreparedMessageRow>(
    'SELECT * FROM sandbox_prepared_messages WHERE id = $1 AND telegram_id = $2 AND expires_at > now()',
    [id, telegramId],
  );
  return row;
}

/**
 * Records one Bot API call (sandbox/bot-api.ts); a sendMessage (with its chat) takes the next message id.
 * The message id and the time, in Unix seconds, as the answer carries them.
 */
export async function insertBotCall(
  q: Queryable,
  call: { method: string; params: Record<string, unknown>; chatId: bigint | null },
): Promise<{ messageId: number; at: number }> {
  const [row] = await q.query<{ message_id: bigint | null; at: number }>(
    `INSERT INTO sandbox_bot_calls (method, params, chat_id, message_id)
     VALUES ($1, $2::jsonb, $3, CASE WHEN $3::bigint IS NULL THEN NULL ELSE nextval('sandbox_bot_message_id_seq') END)
     RETURNING message_id, extract(epoch FROM created_at)::int AS at`,
    [call.method, JSON.stringify(call.params), call.chatId],
  );
  if (!row) throw new Error('insertBotCall returned no row');
  return { messageId: Number(row.message_id ?? 0), at: Number(row.at) };
}

/** One message of a bot chat: the bot's (a sendMessage) or the test user's (an update the sandbox sent). */
export interface BotChatRow {
  from_bot: boolean;
  message_id: bigint;
  params: Record<string, unknown> | null;
  text: string | null;
  created_at: Date;
}

/** The bot chat of one Telegram user, oldest first: what the bot sent there and what the user wrote. */
export async function botChat(q: Queryable, telegramId: bigint): Promise<BotChatRow[]> {
  return q.query<BotChatRow>(
    `SELECT TRUE AS from_bot, message_id, params, NULL AS text, created_at
       FROM sandbox_bot_calls WHERE chat_id = $1 AND method = 'sendMessage'
     UNION ALL
     SELECT FALSE, message_id, NULL, text, created_at FROM sandbox_bot_updates WHERE telegram_id = $1
     ORDER BY message_id`,
    [telegramId],
  );
}

/** Records what a test user wrote to the bot: the update's id and the message's, for the webhook's update. */
export async function insertBotUpdate(
  q: Queryable,
  telegramId: bigint,
  text: string,
): Promise<{ updateId: number; messageId: number; at: number }> {
  const [row] = await q.query<{ update_id: bigint; message_id: bigint; at: number }>(
    `INSERT INTO sandbox_bot_updates (telegram_id, message_id, text)
     VALUES ($1, nextval('sandbox_bot_message_id_seq'), $2)
     RETURNING update_id, message_id, extract(epoch FROM created_at)::int AS at`,
    [telegramId, text],
  );
  if (!row) throw new Error('insertBotUpdate returned no row');
  return { updateId: Number(row.update_id), messageId: Number(row.message_id), at: Number(row.at) };
}

/** The newest call of each setup method (per language_code, for the calls that take one). */
export async function latestSetupCalls(
  q: Queryable,
  methods: readonly string[],
): Promise<{ method: string; params: Record<string, unknown>; created_at: Date }[]> {
  return q.query(
    `SELECT DISTINCT ON (method, params->>'language_code') method, params, created_at
       FROM sandbox_bot_calls WHERE method = ANY($1::text[])
      ORDER BY method, params->>'language_code', id DESC`,
    [methods],
  );
}
