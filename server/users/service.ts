/**
 * Users (docs/foundations.md §4): the account a Telegram user signs in to, its profile and referrer, the
 * community flag, and GET /user/me. Other domains reach the users table through this file.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type NotificationsSetting,
  type OperatorUser,
  type OperatorUserDetail,
  REF_CODE_LENGTH,
  type UserMe,
  readRefCode,
} from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import type { Tx } from '../events/transaction';
import { balanceEvent } from '../ledger/service';
import { randomCode } from '../lib/codes';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { notify } from '../notifications/service';
import { referralCountSql, referralTier, referralTurnoverSql } from '../referral/service';
import { type Settings, settingSql } from '../settings/service';
import { BOUND_WALLET, type BoundWalletColumns, boundWalletFromColumns } from '../wallet/service';
import {
  type TelegramProfile,
  type UserRow,
  findUserById,
  findUserIdByRefCode,
  findUserWith,
  insertUser,
  refCodeTaken,
  searchUsers,
  setCommunityMember,
  setNotificationsEnabled,
  updateProfile,
  userSelect,
  userSummaries,
} from './queries';

export type { TelegramProfile, UserSummary } from './queries';
export { findUserIdByTelegramId, lockUser, markBotStarted, userExists, userSummaries } from './queries';

/** A new ref code: the contract's REF_CODE_LENGTH characters of its REF_CODE_ALPHABET. */
export const newRefCode = (): string => randomCode(REF_CODE_LENGTH);

async function unusedRefCode(q: Queryable): Promise<string> {
  // 31^8 ≈ 8.5e11 codes: a clash is rare, and the UNIQUE constraint still guards the race.
  for (;;) {
    const code = newRefCode();
    if (!(await refCodeTaken(q, code))) return code;
  }
}

type DebugLog = Pick<FastifyBaseLogger, 'debug'>;

/**
 * The referrer a new user's code names: only a well-formed ref code (the contract's readRefCode) of an
 * existing user. Anything else — a start parameter that is no ref code (TON Connect's `tonconnect-…`
 * return links, one too long, characters a code never has) or a code nobody has — is no referral: it
 * is ignored (logged at debug) and the sign-in goes on.
 */
async function referrerOf(q: Queryable, text: string | null | undefined, log: DebugLog): Promise<number | null> {
  if (!text) return null;
  const code = readRefCode(text);
  if (code === null) {
    log.debug({ ref_code: text.slice(0, 64), length: text.length }, 'ref code ignored: not a ref code');
    return null;
  }
  const referrerId = await findUserIdByRefCode(q, code);
  if (referrerId === undefined) {
    log.debug({ ref_code: code }, 'ref code ignored: no user has it');
    return null;
  }
  return referrerId;
}

/**
 * Sign-in's account step, in the caller's transaction: creates the user on first sign-in (linking the
 * referrer whose ref code is `referrerCode`, only then), refreshes the profile afterwards. A code that
 * names no referrer never stops the sign-in.
 */
export async function signInUser(
  q: Queryable & Pick<Tx, 'publishToUser'>,
  profile: TelegramProfile,
  referrerCode: string | null | undefined,
  log: DebugLog,
): Promise<number> {
  const existing = await updateProfile(q, profile);
  if (existing !== undefined) return existing;

  // A new user has no code of their own yet, so the referrer can never be themselves;
  // an existing user's own code never reaches here (the referrer is linked at creation only).
  const referrerId = await referrerOf(q, referrerCode, log);
  const userId = await insertUser(q, profile, await unusedRefCode(q), referrerId);
  // The referrer's screen lists the new friend (and the navbar badge counts it) without a reload.
  if (referrerId !== null) q.publishToUser(referrerId, { event: 'user:referral', data: { reason: 'joined' } });
  if (referrerId !== null) {
    const joined = { name: profile.firstName };
    await notify(q, {
      userId: referrerId,
      kind: 'referral_joined',
      params: joined,
      dedupeKey: `referral_joined:${userId}`,
    });
  }
  return userId;
}

/**
 * Membership is sticky once confirmed; a non-member is asked about again (throttled in production),
 * which is what the join modal's "Done" → reload relies on. The row is written only when the answer
 * changed, or when the throttle needs the time of this check (an interval of 0, the sandbox's, does
 * not): a read (/user/me, the gate) of a non-member does not write on every call.
 */
async function refreshCommunityMembership(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'telegram_id' | 'community_member' | 'community_checked_at'>,
): Promise<boolean> {
  if (user.community_member) return true;
  const checkedAt = user.community_checked_at?.getTime() ?? 0;
  const interval = deps.community.recheckIntervalMs;
  if (Date.now() - checkedAt < interval) return false;
  const member = await deps.community.isMember(Number(user.telegram_id));
  if (member || interval > 0) await setCommunityMember(deps.db, user.id, member);
  return member;
}

/**
 * The row's columns /user/me shows or its membership check reads, not the whole row (`u.*`): Postgres
 * formats and the server parses every column of it on each call, the photo URL and four timestamps
 * nobody reads here among them.
 */
const ME_USER_COLUMNS = [
  'id',
  'telegram_id',
  'first_name',
  'username',
  'language_code',
  'ref_code',
  'community_member',
  'community_checked_at',
  'balance_token',
  'task_balance',
  'referral_balance',
  'hold_bonus',
  'investment_bonus',
  'seen_referrals_count',
  'notifications_enabled',
] as const satisfies readonly (keyof UserRow)[];

interface MeRow extends Pick<UserRow, (typeof ME_USER_COLUMNS)[number]>, BoundWalletColumns {
  referrals_count: number;
  turnover: bigint;
  collective_bonus: Settings['collective_bonus'];
}

/** Everything /user/me shows, computed in the row's statement (one round trip). */
const ME_SELECT = userSelect({
  columns: [
    ...ME_USER_COLUMNS.map((column) => `u.${column}`),
    `${referralCountSql('u.id')} AS referrals_count`,
    `${referralTurnoverSql('u.id')} AS turnover`,
    `${settingSql('collective_bonus')} AS collective_bonus`,
    BOUND_WALLET.columns,
  ].join(', '),
  joins: BOUND_WALLET.joins,
});

/**
 * GET /user/me: one statement for a member (the access token is trusted without a read, see
 * server/http/auth-context.ts, so this read is also what finds a deleted account: 401 like a bad token).
 */
export async function getMe(deps: Deps, userId: number): Promise<UserMe> {
  const user = await findUserWith<MeRow>(deps.db, userId, ME_SELECT);
  if (!user) throw new UnauthorizedError();
  const communityParticipation = await refreshCommunityMembership(deps, user);
  const tier = referralTier(user.turnover);
  return {
    id: user.id,
    telegram_id: Number(user.telegram_id),
    first_name: user.first_name,
    username: user.username,
    language_code: user.language_code,
    ref: {
      level: tier.level,
      percent: tier.percent,
      turnover: formatUnits(user.turnover),
      referrals_count: user.referrals_count,
      new_referrals_count: Math.max(0, user.referrals_count - user.seen_referrals_count),
    },
    ref_code: user.ref_code,
    community_participation: communityParticipation,
    ...balanceEvent(user),
    collective_bonus: user.collective_bonus,
    wallet: boundWalletFromColumns(user),
    notifications_enabled: user.notifications_enabled,
  };
}

/** PATCH /user/notifications: the bot writes to the user about their events only while this is on. */
export async function setNotifications(
  deps: Pick<Deps, 'db'>,
  userId: number,
  enabled: boolean,
): Promise<NotificationsSetting> {
  const state = await setNotificationsEnabled(deps.db, userId, enabled);
  if (state === undefined) throw new UnauthorizedError();
  return { notifications_enabled: state };
}

/**
 * The server's community gate: the stored flag (set by /user/me and the sandbox launcher), asked again
 * only while it is false and then throttled like /user/me, so a member costs one indexed read and never
 * a Bot API call. That read is also where a guarded call finds that the token's account no longer
 * exists: 401, as for a bad token.
 */
export async function isCommunityMember(deps: Deps, userId: number): Promise<boolean> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  return refreshCommunityMembership(deps, user);
}

// ---- the operator's view ------------------------------------------------------------------------------

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const toOperatorUser = (row: UserRow): OperatorUser => ({
  id: row.id,
  telegram_id: Number(row.telegram_id),
  first_name: row.first_name,
  last_name: row.last_name,
  username: row.username,
  ref_code: row.ref_code,
  created_at: seconds(row.created_at),
});

/**
 * Users an operator looks for (contract usersFind): the text is a Telegram id (digits), a username (with
 * or without its @, any case) or a ref code — exact matches first — or a part of a name (first and last
 * name, any case: test users and many real ones have no username); newest first.
 */
export async function findUsers(deps: Pick<Deps, 'db'>, text: string, limit: number): Promise<OperatorUser[]> {
  const asNumber = /^\d{1,16}$/.test(text) ? Number(text) : null;
  const telegramId = asNumber !== null && Number.isSafeInteger(asNumber) ? asNumber : null;
  const search = { telegramId, username: text.replace(/^@/, ''), refCode: text, name: text };
  return (await searchUsers(deps.db, search, limit)).map(toOperatorUser);
}

const OPERATOR_USER_SELECT = userSelect({ columns: `u.*, ${BOUND_WALLET.columns}`, joins: BOUND_WALLET.joins });

/**
 * One user's account as the operator reads it, with its three balances (one statement), its wallet in both
 * forms and who invited them, by name; 404 when there is none.
 */
export async function operatorUserAccount(
  deps: Pick<Deps, 'db'>,
  userId: number,
): Promise<Pick<OperatorUserDetail, 'user' | 'balances'>> {
  const row = await findUserWith<UserRow & BoundWalletColumns>(deps.db, userId, OPERATOR_USER_SELECT);
  if (!row) throw new NotFoundError('userNotFound');
  const { balance_token, task_balance, referral_balance } = balanceEvent(row);
  const [referrer] = row.referrer_id === null ? [] : await userSummaries(deps.db, [row.referrer_id]);
  return {
    user: {
      ...toOperatorUser(row),
      language_code: row.language_code,
      community_participation: row.community_member,
      notifications_enabled: row.notifications_enabled,
      wallet: boundWalletFromColumns(row),
      referrer_id: row.referrer_id,
      referrer: referrer
        ? {
            id: referrer.id,
            telegram_id: Number(referrer.telegram_id),
            first_name: referrer.first_name,
            username: referrer.username,
          }
        : null,
    },
    balances: { balance_token, task_balance, referral_balance },
  };
}
