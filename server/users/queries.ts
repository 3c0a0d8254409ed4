import type { Queryable } from '../db/index';

export interface UserRow {
  id: number;
  telegram_id: bigint;
  first_name: string;
  last_name: string | null;
  username: string | null;
  language_code: string;
  photo_url: string | null;
  ref_code: string;
  referrer_id: number | null;
  community_member: boolean;
  community_checked_at: Date | null;
  balance_token: bigint;
  task_balance: bigint;
  referral_balance: bigint;
  hold_bonus: string;
  investment_bonus: string;
  seen_referrals_count: number;
  created_at: Date;
  /** Who the bot may write to (migration 0022, server/notifications). */
  allows_write_to_pm: boolean;
  notifications_enabled: boolean;
  bot_started_at: Date | null;
  bot_blocked_at: Date | null;
}

/** What Telegram tells us about the user at every sign-in. */
export interface TelegramProfile {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string;
  photoUrl: string | null;
  /** Telegram's allows_write_to_pm of this launch: the bot may write to the user (server/notifications). */
  allowsWriteToPm: boolean;
}

export async function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return row;
}

/**
 * What a screen reads of the user in one statement (one round trip for a screen that needs more than the
 * row), built once by `userSelect`: the same text on every call, so the prepared statement's name is found
 * without building and hashing the text again.
 */
export interface UserSelect {
  readonly sql: string;
}

/**
 * `columns`: SQL select-list items over the row as `u` (`u.*` for all of it) and over what `joins` adds to
 * it; a join must find at most one row per user (a LEFT JOIN on a key), or the user would be read several times.
 */
export const userSelect = ({ columns, joins = '' }: { columns: string; joins?: string }): UserSelect => ({
  sql: `SELECT ${columns} FROM users u ${joins} WHERE u.id = $1`,
});

export async function findUserWith<Row extends object>(
  q: Queryable,
  id: number,
  select: UserSelect,
): Promise<Row | undefined> {
  const [row] = await q.query<Row>(select.sql, [id]);
  return row;
}

export async function userExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0;
}

/** Locks the user's row: per-user commands (create mint, stake, pay) run one at a time. */
export async function lockUser(q: Queryable, userId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])).length > 0;
}

export async function findUserIdByTelegramId(q: Queryable, telegramId: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [telegramId]);
  return row?.id;
}

/** Who these users are, for an operator's screens (review queue). */
export interface UserSummary {
  id: number;
  telegram_id: bigint;
  first_name: string;
  username: string | null;
}

export async function userSummaries(q: Queryable, ids: number[]): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  return q.query<UserSummary>('SELECT id, telegram_id, first_name, username FROM users WHERE id = ANY($1::int[])', [
    ids,
  ]);
}

export async function findUserIdByRefCode(q: Queryable, refCode: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM users WHERE ref_code = $1', [refCode]);
  return row?.id;
}

/** `text` as a LIKE pattern that matches it literally anywhere (its %, _ and \\ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Users an operator looks for: by Telegram id (when `telegramId` is given), by username whatever its case,
 * by ref code — those exact matches first — or by a part of their name (first and last, any case). Newest
 * first within each. The name is read in every row (no index serves a part of a name): an operator's
 * search, rare and limited, not a user's.
 */
export async function searchUsers(
  q: Queryable,
  search: { telegramId: number | null; username: string; refCode: string; name: string },
  limit: number,
): Promise<UserRow[]> {
  return q.query<UserRow>(
    `SELECT * FROM users
      WHERE telegram_id = $1 OR lower(username) = lower($2) OR ref_code = $3
         OR lower(first_name || COALESCE(' ' || last_name, '')) LIKE lower($4) ESCAPE '\\'
      ORDER BY COALESCE(telegram_id = $1 OR lower(username) = lower($2) OR ref_code = $3, false) DESC,
               created_at DESC, id DESC
      LIMIT $5`,
    [search.telegramId, search.username, search.refCode, containing(search.name), limit],
  );
}

export async function refCodeTaken(q: Queryable, refCode: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE ref_code = $1', [refCode])).length > 0;
}

export async function updateProfile(q: Queryable, profile: TelegramProfile): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    `UPDATE users SET first_name = $2, last_name = $3, username = $4, language_code = $5, photo_url = $6,
       allows_write_to_pm = $7
     WHERE telegram_id = $1 RETURNING id`,
    [
      profile.telegramId,
      profile.firstName,
      profile.lastName,
      profile.username,
      profile.languageCode,
      profile.photoUrl,
      profile.allowsWriteToPm,
    ],
  );
  return row?.id;
}

/**
 * Creates the user; when a concurrent sign-in created it first, updates the profile instead and keeps
 * the referrer and ref code it was created with.
 */
export async function insertUser(
  q: Queryable,
  profile: TelegramProfile,
  refCode: string,
  referrerId: number | null,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO users (telegram_id, first_name, last_name, username, language_code, photo_url, ref_code, referrer_id,
                        allows_write_to_pm)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (telegram_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, username = EXCLUDED.username,
       language_code = EXCLUDED.language_code, photo_url = EXCLUDED.photo_url,
       allows_write_to_pm = EXCLUDED.allows_write_to_pm
     RETURNING id`,
    [
      profile.telegramId,
      profile.firstName,
      profile.lastName,
      profile.username,
      profile.languageCode,
      profile.photoUrl,
      refCode,
      referrerId,
      profile.allowsWriteToPm,
    ],
  );
  if (!row) throw new Error('insertUser returned no row');
  return row.id;
}

/**
 * The user with this Telegram id started the bot (/start): it may message them again, even after they had
 * blocked it. False when there is no such user yet.
 */
export async function markBotStarted(q: Queryable, telegramId: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE users SET bot_started_at = now(), bot_blocked_at = NULL WHERE telegram_id = $1 RETURNING id',
    [telegramId],
  );
  return rows.length > 0;
}

export async function setCommunityMember(q: Queryable, userId: number, member: boolean): Promise<void> {
  await q.query('UPDATE users SET community_member = $2, community_checked_at = now() WHERE id = $1', [userId, member]);
}

/** The user's switch for the bot's notifications; the new state (undefined: no such user). */
export async function setNotificationsEnabled(
  q: Queryable,
  userId: number,
  enabled: boolean,
): Promise<boolean | undefined> {
  const [row] = await q.query<{ notifications_enabled: boolean }>(
    'UPDATE users SET notifications_enabled = $2 WHERE id = $1 RETURNING notifications_enabled',
    [userId, enabled],
  );
  return row?.notifications_enabled;
}

/** A user's tokens by where they sit (GET /user/holdings). */
export interface HoldingsRow {
  balance_token: bigint;
  referral_balance: bigint;
  task_balance: bigint;
  staked: bigint;
  minting: bigint;
}

/**
 * In one statement, so the parts are of one moment and add up. It sums the user's stakes and mints in
 * place: the staking and mint domains import this one, so it cannot ask their services (a domain cycle).
 */
export async function holdingsRow(q: Queryable, userId: number): Promise<HoldingsRow | undefined> {
  const [row] = await q.query<HoldingsRow>(
    `SELECT u.balance_token, u.referral_balance, u.task_balance,
            (SELECT COALESCE(SUM(total_amount), 0)::bigint FROM stakes
              WHERE user_id = u.id AND status <> 'completed') AS staked,
            (SELECT COALESCE(SUM(amount_token), 0)::bigint FROM mints
              WHERE user_id = u.id AND status = 'active') AS minting
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row;
}
