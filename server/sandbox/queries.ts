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
