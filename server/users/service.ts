import type { UserMe } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { balanceEvent } from '../ledger/service';
import { NotFoundError } from '../lib/errors';
import { unitsToNumber } from '../lib/money';
import { referralTurnover } from '../referral/queries';
import { referralTier } from '../referral/tiers';
import { getSetting } from '../settings/queries';
import { type UserRow, findUserById, referralCounts, setCommunityMember } from './queries';

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
  if (!user) throw new NotFoundError('User not found');
  const [communityParticipation, counts, collectiveBonus, turnover] = await Promise.all([
    refreshCommunityMembership(deps, user),
    referralCounts(deps.db, userId),
    getSetting(deps.db, 'collective_bonus'),
    // The referrals' paid mints in nanotons: it decides the tier (SPEC §3).
    referralTurnover(deps.db, userId),
  ]);
  const tier = referralTier(turnover);
  return {
    id: user.id,
    telegram_id: Number(user.telegram_id),
    first_name: user.first_name,
    username: user.username,
    language_code: user.language_code,
    ref: {
      level: tier.level,
      percent: tier.percent,
      turnover: unitsToNumber(turnover),
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
