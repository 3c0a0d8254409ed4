import { formatUnits, parseUnits, type ReferralTier } from '@/shared/api';

/** docs/product.md §3: eight referral tiers. */
export const TIER_COUNT = 8;

export interface TierProgress {
  /** 1-based, as users read it (the wire's level + 1). */
  level: number;
  /** The next tier (1-based); null at the top one. */
  nextLevel: number | null;
  /** Turnover against the next tier's threshold, 0–100 (100 at the top tier). */
  percent: number;
  /** TON still to go to the next tier (wire text); null at the top tier. */
  remaining: string | null;
}

/**
 * Where the user stands on the way to the next tier: the referrals' paid TON against the turnover
 * where it starts, in exact units (no float until the bar's width).
 */
export function tierProgress(tier: ReferralTier): TierProgress {
  const level = tier.level + 1;
  if (tier.next_level_turnover === null) return { level, nextLevel: null, percent: 100, remaining: null };
  const turnover = parseUnits(tier.turnover);
  const threshold = parseUnits(tier.next_level_turnover);
  const remaining = threshold > turnover ? threshold - turnover : 0n;
  // Hundredths of a percent, truncated: the bar never shows full before the tier is reached.
  const basisPoints = threshold > 0n ? (turnover * 10_000n) / threshold : 10_000n;
  const percent = Number(basisPoints > 10_000n ? 10_000n : basisPoints) / 100;
  return { level, nextLevel: level + 1, percent, remaining: formatUnits(remaining) };
}
