import type { Stake } from '@/shared/api';
import { pendingShownUntil } from '@/shared/lib/pending-window';

/** Reward per period (SPEC §5), in tokens. */
export interface StakeRates {
  perDay: number;
  perHour: number;
  perMinute: number;
  perSecond: number;
}

/** SPEC §5: the stake's daily rate in percent, daily_reward + hold_bonus + collective_bonus + investment_bonus. */
export function dailyPercent(stake: Stake): number {
  return stake.daily_reward + stake.hold_bonus + stake.collective_bonus + stake.investment_bonus;
}

/**
 * SPEC §5: per day = total_amount × dailyPercent / 100; per hour, minute and second divide by 24,
 * 60 and 60 in turn.
 */
export function stakeRates(stake: Stake): StakeRates {
  const perDay = (stake.total_amount * dailyPercent(stake)) / 100;
  const perHour = perDay / 24;
  const perMinute = perHour / 60;
  return { perDay, perHour, perMinute, perSecond: perMinute / 60 };
}

/**
 * Tokens earned at `nowSeconds` (SPEC §4): pending → 0; completed → max_reward; otherwise
 * earned_reward + per-second rate × seconds since last_updated_at (or created_at), capped at
 * max_reward. A clock behind the server's never takes earnings below what the server sent.
 */
export function stakeEarned(stake: Stake, nowSeconds: number): number {
  if (stake.status === 'pending') return 0;
  if (stake.status === 'completed') return stake.max_reward;
  const since = stake.last_updated_at ?? stake.created_at;
  const elapsed = Math.max(0, nowSeconds - since);
  return Math.min(stake.earned_reward + stakeRates(stake).perSecond * elapsed, stake.max_reward);
}

/** Its number still moves: an active stake with a rate, below max_reward. The ticker runs for these. */
export function isStakeEarning(stake: Stake, nowSeconds: number): boolean {
  return stake.status === 'active' && stakeRates(stake).perSecond > 0 && stakeEarned(stake, nowSeconds) < stake.max_reward;
}

/**
 * What a list shows (SPEC §4): every active and completed stake, and of the pending ones only the
 * newest, and only while it is younger than 3 minutes. `stakes` are newest first.
 */
export function visibleStakes(stakes: Stake[], nowSeconds: number): Stake[] {
  const newestPending = stakes.find((stake) => stake.status === 'pending');
  const showPending = newestPending !== undefined && nowSeconds < pendingShownUntil(newestPending);
  return stakes.filter((stake) => stake.status !== 'pending' || (showPending && stake === newestPending));
}
