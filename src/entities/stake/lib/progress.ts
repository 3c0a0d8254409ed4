import { parseUnits, type Stake } from '@/shared/api';
import { dailyPercent } from './reward';

const SECONDS_PER_DAY = 86_400n;
/** Percentages travel with at most 6 decimals (server/staking/rates.ts): millionths of a percent. */
const MICRO_PER_PERCENT = 1_000_000n;

/** docs/product.md §5 reward per day, in base units, floored (the same figure as stakeRates().perDay). */
function perDayUnits(stake: Stake): bigint {
  const percentMicro = BigInt(Math.round(dailyPercent(stake) * Number(MICRO_PER_PERCENT)));
  return (parseUnits(stake.total_amount) * percentMicro) / (100n * MICRO_PER_PERCENT);
}

/** Where the stake's accrual counts from: its last accrual, else its creation (docs/product.md §4). */
const accruedSince = (stake: Stake): number => stake.last_updated_at ?? stake.created_at;

/**
 * How far the stake is toward max_reward at `nowSeconds`, in percent (0–100, two decimals,
 * floored), computed exactly in base units: pending → 0, completed → 100, otherwise docs/product.md §4's
 * earned_reward + rate × elapsed, capped at max_reward.
 */
export function stakeProgressPercent(stake: Stake, nowSeconds: number): number {
  if (stake.status === 'pending') return 0;
  if (stake.status === 'completed') return 100;
  const max = parseUnits(stake.max_reward);
  if (max === 0n) return 100;
  const elapsed = BigInt(Math.max(0, Math.floor(nowSeconds - accruedSince(stake))));
  const earned = parseUnits(stake.earned_reward) + (perDayUnits(stake) * elapsed) / SECONDS_PER_DAY;
  const capped = earned < max ? earned : max;
  return Number((capped * 10_000n) / max) / 100;
}

/**
 * When an active stake reaches max_reward at its current rate (unix seconds): its accrual point
 * plus the time the rest of max_reward takes at the daily rate, rounded up to the second. Null when
 * it is not running toward it (pending, completed, or a zero rate: it would never complete).
 */
export function stakeCompletesAt(stake: Stake): number | null {
  if (stake.status !== 'active') return null;
  const perDay = perDayUnits(stake);
  if (perDay <= 0n) return null;
  const remaining = parseUnits(stake.max_reward) - parseUnits(stake.earned_reward);
  if (remaining <= 0n) return accruedSince(stake);
  const seconds = (remaining * SECONDS_PER_DAY + perDay - 1n) / perDay;
  return accruedSince(stake) + Number(seconds);
}
