/**
 * Users (DESIGN.md §4): the account a Telegram user signs in to, its profile and referrer, the
 * community flag, and GET /user/me. Other domains reach the users table through this file.
 */
import { randomInt } from 'node:crypto';
import { type UserMe, SERVER_MESSAGES } from '@/shared/api/contract';
import { REF_CODE_ALPHABET, REF_CODE_LENGTH } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { balanceEvent } from '../ledger/service';
import { NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { referralStanding } from '../referral/service';
import { getSetting } from '../settings/service';
import {
  type TelegramProfile,
  type UserRow,
  findUserById,
  findUserIdByRefCode,
  insertUser,
  refCodeTaken,
  referralCounts,
  setCommunityMember,
  updateProfile,
} from './queries';

export type { TelegramProfile, UserSummary } from './queries';
export { findUserIdByTelegramId, lockUser, userExists, userSummaries } from './queries';

export function newRefCode(): string {
  let code = '';
  for (let i = 0; i < REF_CODE_LENGTH; i++) code += REF_CODE_ALPHABET[randomInt(REF_CODE_ALPHABET.length)];
  return code;
}

async function unusedRefCode(q: Queryable): Promise<string> {
  // 31^8 ≈ 8.5e11 codes: a clash is rare, and the UNIQUE constraint still guards the race.
  for (;;) {
    const code = newRefCode();
    if (!(await refCodeTaken(q, code))) return code;
  }
}

/**
 * Sign-in's account step, in the caller's transaction: creates the user on first sign-in (linking the
 * referrer whose ref code is `referrerCode`, only then), refreshes the profile afterwards.
 */
export async function signInUser(
  q: Queryable,
  profile: TelegramProfile,
  referrerCode: string | null | undefined,
): Promise<number> {
  const existing = await updateProfile(q, profile);
  if (existing !== undefined) return existing;

  // A new user has no code of their own yet, so the referrer can never be themselves;
  // an existing user's own code never reaches here (the referrer is linked at creation only).
  const code = (referrerCode || '').toUpperCase();
  const referrerId = code ? ((await findUserIdByRefCode(q, code)) ?? null) : null;
  return insertUser(q, profile, await unusedRefCode(q), referrerId);
}

/**
 * Membership is sticky once confirmed; a non-member is asked about again (throttled in production),
 * which is what the join modal's "Done" → reload relies on.
 */
async function refreshCommunityMembership(deps: Deps, user: UserRow): Promise<boolean> {
  if (user.community_member) return true;
  const checkedAt = user.community_checked_at?.getTime() ?? 0;
  if (Date.now() - checkedAt < deps.community.recheckIntervalMs) return false;
  const member = await deps.community.isMember(Number(user.telegram_id));
  await setCommunityMember(deps.db, user.id, member);
  return member;
}

export async function getMe(deps: Deps, userId: number): Promise<UserMe> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
  const [communityParticipation, counts, collectiveBonus, { tier, turnover }] = await Promise.all([
    refreshCommunityMembership(deps, user),
    referralCounts(deps.db, userId),
    getSetting(deps.db, 'collective_bonus'),
    referralStanding(deps.db, userId),
  ]);
  return {
    id: user.id,
    telegram_id: Number(user.telegram_id),
    first_name: user.first_name,
    username: user.username,
    language_code: user.language_code,
    ref: {
      level: tier.level,
      percent: tier.percent,
      turnover: formatUnits(turnover),
      referrals_count: counts.referrals_count,
      new_referrals_count: Math.max(0, counts.referrals_count - user.seen_referrals_count),
    },
    ref_code: user.ref_code,
    community_participation: communityParticipation,
    ...balanceEvent(user),
    collective_bonus: collectiveBonus,
  };
}

/**
 * The server's community gate: the stored flag (set by /user/me and the sandbox launcher), asked again
 * only while it is false and then throttled like /user/me, so a member costs one indexed read and never
 * a Bot API call.
 */
export async function isCommunityMember(deps: Deps, userId: number): Promise<boolean> {
  const user = await findUserById(deps.db, userId);
  return user ? refreshCommunityMembership(deps, user) : false;
}
