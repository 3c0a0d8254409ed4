/**
 * Referral effects of a paid mint (docs/foundations.md §4 Referral): the referrer earns its tier's percent of
 * the mint's token amount to referral_balance. The tier comes from the referrals' total paid TON,
 * this mint included (the payment that crosses a threshold already earns the new percent).
 */
import type { ProgramRules, ReferralList, ShareMessage } from '@contract';
import type { Config } from '../config';
import { REFERRAL_TIERS } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import { BadGatewayError, NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { notify } from '../notifications/service';
import {
  countPayingReferrals,
  firstNameOf,
  countReferrals,
  findReferrer,
  lockReferrer,
  markReferralsSeen,
  referralEarnedTotal,
  referralPage,
  referralCountSql,
  referralTurnover,
  referralTurnoverSql,
  referrerOf,
  turnoverByRefCode,
} from './queries';
import { storyPng } from './story';
import { shareTexts } from './share-text';
import { referralTier, referralTierInfo } from './tiers';

export type { Tier } from './tiers';
export { referralTier } from './tiers';
/** Scalar subqueries (turnover in nanotons, invited count) for a statement that reads a user with its standing. */
export { referralCountSql, referralTurnoverSql };

/** How many friends the user has invited: all of them, or only those who paid a mint in TON (tasks). */
export async function referralCount(q: Queryable, referrerId: number, payingOnly: boolean): Promise<number> {
  return payingOnly ? countPayingReferrals(q, referrerId) : countReferrals(q, referrerId);
}

export interface PaidMint {
  id: number;
  userId: number;
  amountToken: bigint;
}

/**
 * Credits the referrer, if any, in the caller's transaction; returns the reward (0n if none). The
 * referrer hears `user:referral` either way: the friend's turnover (and the tier) moved with the mint.
 */
export async function creditReferralReward(tx: Tx, mint: PaidMint): Promise<bigint> {
  const referrerId = await referrerOf(tx, mint.userId);
  if (referrerId === null) return 0n;
  tx.publishToUser(referrerId, { event: 'user:referral', data: { reason: 'mint' } });
  const tier = referralTier(await referralTurnover(tx, referrerId));
  const reward = (mint.amountToken * BigInt(tier.percent)) / 100n;
  if (reward <= 0n) return 0n;
  await changeBalance(tx, {
    userId: referrerId,
    account: 'referral_balance',
    delta: reward,
    reason: 'referral_reward',
    refType: 'mint',
    refId: mint.id,
  });
  // The friend's first paid mint is news for the referrer; later ones show in the app (one row per friend).
  const paid = { name: await firstNameOf(tx, mint.userId), token_amount: formatUnits(reward) };
  await notify(tx, {
    userId: referrerId,
    kind: 'referral_reward',
    params: paid,
    dedupeKey: `referral_reward:${mint.userId}`,
  });
  return reward;
}

/** The tiers (docs/product.md §3) as the Info sheet shows them: level 0-based, the turnover in TON that reaches it. */
export function referralTiers(): ProgramRules['referral_tiers'] {
  return REFERRAL_TIERS.map((tier, index) => ({
    level: index,
    turnover_ton: String(tier.thresholdTon),
    percent: tier.percent,
  }));
}

/** The referral link (docs/foundations.md §7): the Mini App's t.me link with the user's ref code as start parameter. */
export function referralLink(config: Pick<Config, 'botUsername' | 'miniAppName'>, refCode: string): string {
  return `https://t.me/${config.botUsername}/${config.miniAppName}?startapp=${encodeURIComponent(refCode)}`;
}

/**
 * GET /user/referrals: one page of the user's referrals, newest first, with what each has paid and
 * earned the user, and the tier. Reading page 1 marks every referral so far as seen (the navbar badge
 * falls to 0); `is_new` marks the ones beyond the count seen before this read.
 */
export async function listReferrals(
  deps: Pick<Deps, 'db' | 'bus'>,
  userId: number,
  page: number,
  limit: number,
): Promise<ReferralList> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const user = await lockReferrer(tx, userId);
    if (!user) throw new NotFoundError('userNotFound');
    const total = await countReferrals(tx, userId);
    const newCount = Math.max(0, total - user.seen_referrals_count);
    const offset = (page - 1) * limit;
    const rows = await referralPage(tx, userId, limit, offset);
    const turnover = await referralTurnover(tx, userId);
    const totalEarned = await referralEarnedTotal(tx, userId);
    if (page === 1 && newCount > 0) await markReferralsSeen(tx, userId, total);
    return {
      data: rows.map((row, index) => ({
        id: row.id,
        first_name: row.first_name,
        username: row.username,
        photo_url: row.photo_url,
        joined_at: Math.floor(row.created_at.getTime() / 1000),
        turnover: formatUnits(row.turnover),
        earned: formatUnits(row.earned),
        // newest first: the first `newCount` of the whole list are the ones not seen before
        is_new: offset + index < newCount,
      })),
      total,
      page,
      limit,
      tier: referralTierInfo(turnover),
      new_referrals_count: newCount,
      total_earned: formatUnits(totalEarned),
    };
  });
}

/**
 * POST /user/share-message: a prepared inline message inviting to the app with the user's referral
 * link (Bot API in production, the sandbox's stand-in there). Any failure is a 502 the user may retry.
 */
export async function prepareShareMessage(
  deps: Pick<Deps, 'db' | 'config' | 'shareMessages'>,
  userId: number,
): Promise<ShareMessage> {
  const user = await findReferrer(deps.db, userId);
  if (!user) throw new NotFoundError('userNotFound');
  const link = referralLink(deps.config, user.ref_code);
  const texts = shareTexts(user.language_code, link);
  let prepared;
  try {
    prepared = await deps.shareMessages.prepare({ telegramId: Number(user.telegram_id), ...texts, buttonUrl: link });
  } catch {
    throw new BadGatewayError('shareMessageFailed');
  }
  return { inline_message_id: prepared.id, link };
}

/**
 * GET /api/story/<ref code>.png: the story image of a user's invite (./story.ts), a PNG in `language`. Public,
 * as Telegram fetches it without the user's token: it shows the program's headline and the referral level only.
 */
export async function storyImage(deps: Pick<Deps, 'db'>, refCode: string, language: string | null): Promise<Buffer> {
  const turnover = await turnoverByRefCode(deps.db, refCode);
  if (turnover === undefined) throw new NotFoundError('userNotFound');
  return storyPng(language, referralTier(turnover).level + 1, REFERRAL_TIERS.length);
}
