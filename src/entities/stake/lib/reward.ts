import { formatUnits, parseUnits, type Stake } from '@/shared/api';
import { pendingShownUntil } from '@/shared/lib/pending-window';

/** Reward per period (docs/product.md §5), in tokens, as exact decimal text. */
export interface StakeRates {
  perDay: string;
  perHour: string;
  perMinute: string;
  perSecond: string;
}

/** docs/product.md §5: the stake's daily rate in percent, daily_reward + hold_bonus + collective_bonus + investment_bonus. */
export function dailyPercent(stake: Stake): number {
  return stake.daily_reward + stake.hold_bonus + stake.collective_bonus + stake.investment_bonus;
}

/** Percentages travel with at most 6 decimals (server/staking/rates.ts): millionths of a percent. */
const MICRO_PER_PERCENT = 1_000_000;

/** `percent` of `amount` (tokens as decimal text), in base units, floored as the server floors a stake's figures. */
export function percentOfUnits(amount: string, percent: number): bigint {
  const percentMicro = BigInt(Math.round(percent * MICRO_PER_PERCENT));
  return (parseUnits(amount) * percentMicro) / BigInt(100 * MICRO_PER_PERCENT);
}

/**
 * docs/product.md §5: per day = total_amount × (daily_reward + hold_bonus + collective_bonus + investment_bonus)
 * / 100; per hour, minute and second divide by 24, 60 and 60 in turn. Exact, in base units and floored
 * like the server's /staking/calculate, so the card and the server show the same digits.
 */
export function stakeRates(stake: Stake): StakeRates {
  const perDay = percentOfUnits(stake.total_amount, dailyPercent(stake));
  return {
    perDay: formatUnits(perDay),
    perHour: formatUnits(perDay / 24n),
    perMinute: formatUnits(perDay / 1_440n),
    perSecond: formatUnits(perDay / 86_400n),
  };
}

/**
 * Tokens earned at `nowSeconds` (docs/product.md §4), for the live display only (a float: docs/foundations.md §7 allows
 * the per-second animation one): pending → 0; completed → max_reward; otherwise earned_reward +
 * per-second rate × seconds since last_updated_at (or created_at), capped at max_reward. A clock
 * behind the server's never takes earnings below what the server sent.
 */
export function stakeEarned(stake: Stake, nowSeconds: number): number {
  const max = Number(stake.max_reward);
  if (stake.status === 'pending') return 0;
  if (stake.status === 'completed') return max;
  const since = stake.last_updated_at ?? stake.created_at;
  const elapsed = Math.max(0, nowSeconds - since);
  const perSecond = (Number(stake.total_amount) * dailyPercent(stake)) / 100 / 86_400;
  return Math.min(Number(stake.earned_reward) + perSecond * elapsed, max);
}

/** Its number still moves: an active stake with a rate, below max_reward. The ticker runs for these. */
export function isStakeEarning(stake: Stake, nowSeconds: number): boolean {
  return (
    stake.status === 'active' && dailyPercent(stake) > 0 && stakeEarned(stake, nowSeconds) < Number(stake.max_reward)
  );
}

/**
 * What a list shows (docs/product.md §4): every active and completed stake, and of the pending ones only the
 * newest, and only while it is younger than 3 minutes. `stakes` are newest first.
 */
export function visibleStakes(stakes: Stake[], nowSeconds: number): Stake[] {
  const newestPending = stakes.find((stake) => stake.status === 'pending');
  const showPending = newestPending !== undefined && nowSeconds < pendingShownUntil(newestPending);
  return stakes.filter((stake) => stake.status !== 'pending' || (showPending && stake === newestPending));
}
