/**
 * Referral effects of a paid mint (DESIGN.md §4 Referral): the referrer earns its tier's percent of
 * the mint's token amount to referral_balance. The tier comes from the referrals' total paid TON,
 * this mint included (the payment that crosses a threshold already earns the new percent).
 */
import type { ProgramRules } from '@/shared/api/contract';
import { REFERRAL_TIERS } from '../constants';
import type { Queryable } from '../db/index';
import type { Tx } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import { referralTurnover, referrerOf } from './queries';
import { type Tier, referralTier } from './tiers';

export type { Tier } from './tiers';

/** A referrer's tier and what decides it: the referrals' paid mints in nanotons (SPEC §3). */
export async function referralStanding(q: Queryable, referrerId: number): Promise<{ tier: Tier; turnover: bigint }> {
  const turnover = await referralTurnover(q, referrerId);
  return { tier: referralTier(turnover), turnover };
}

export interface PaidMint {
  id: number;
  userId: number;
  amountToken: bigint;
}

/** Credits the referrer, if any, in the caller's transaction; returns the reward (0n if none). */
export async function creditReferralReward(tx: Tx, mint: PaidMint): Promise<bigint> {
  const referrerId = await referrerOf(tx, mint.userId);
  if (referrerId === null) return 0n;
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
  return reward;
}

/** The tiers (SPEC §3) as the Info sheet shows them: level 0-based, the turnover in TON that reaches it. */
export function referralTiers(): ProgramRules['referral_tiers'] {
  return REFERRAL_TIERS.map((tier, index) => ({ level: index, turnover_ton: String(tier.thresholdTon), percent: tier.percent }));
}
