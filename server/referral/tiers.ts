import type { ReferralTier } from '@contract';
import { REFERRAL_TIERS } from '../constants';
import { formatUnits } from '../lib/money';

const NANO_PER_TON = 1_000_000_000n;

export interface Tier {
  /** 0-based, as on the wire (docs/product.md §3: the client shows level + 1). */
  level: number;
  percent: number;
}

/** The highest tier whose threshold the referrals' paid TON (nanotons) has reached. */
export function referralTier(turnoverNanotons: bigint): Tier {
  let index = 0;
  REFERRAL_TIERS.forEach((tier, i) => {
    if (turnoverNanotons >= BigInt(tier.thresholdTon) * NANO_PER_TON) index = i;
  });
  const tier = REFERRAL_TIERS[index];
  if (!tier) throw new Error('REFERRAL_TIERS is empty');
  return { level: index, percent: tier.percent };
}

/** The tier as the referral screen shows it: where the user stands and what the next tier takes (null at the top). */
export function referralTierInfo(turnoverNanotons: bigint): ReferralTier {
  const tier = referralTier(turnoverNanotons);
  const next = REFERRAL_TIERS[tier.level + 1];
  return {
    level: tier.level,
    percent: tier.percent,
    turnover: formatUnits(turnoverNanotons),
    next_level_turnover: next ? formatUnits(BigInt(next.thresholdTon) * NANO_PER_TON) : null,
    next_percent: next ? next.percent : null,
  };
}
