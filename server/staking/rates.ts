/**
 * Stake reward maths (docs/product.md §4, §5) in integers. Percentages become micro-percent (percent × 10^6,
 * NUMERIC(12, 6) exactly); token amounts are base units. Every division floors, so the server never
 * pays more than the rule gives.
 */
import {
  COLLECTIVE_BONUS_STEPS,
  HOLD_BONUS,
  INVESTMENT_BONUS_STEPS,
  STAKE_DAILY_REWARD_PERCENT,
  STAKE_MAX_REWARD_PERCENT,
} from '../constants';

export const PERCENT_DECIMALS = 6;
const MICRO = 10n ** BigInt(PERCENT_DECIMALS);
const UNITS_PER_TOKEN = 1_000_000_000n;
const NANOTONS_PER_TON = 1_000_000_000n;
export const SECONDS_PER_DAY = 86_400;
/** per day = total × micro / (100 × 10^6) */
const PER_DAY_DIVISOR = 100n * MICRO;

/** "1.500000", 1.5, "0.05" → micro-percent. More than 6 decimals or a malformed value throws. */
export function percentToMicro(value: string | number): bigint {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a percentage: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > PERCENT_DECIMALS)
    throw new Error(`More than ${PERCENT_DECIMALS} decimals: ${text}`);
  const micro =
    BigInt(whole) * MICRO + BigInt(fraction.padEnd(PERCENT_DECIMALS, '0').slice(0, PERCENT_DECIMALS) || '0');
  return sign ? -micro : micro;
}

/** micro-percent → the exact decimal text for a NUMERIC column. */
export function microToText(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  return `${negative ? '-' : ''}${abs / MICRO}.${(abs % MICRO).toString().padStart(PERCENT_DECIMALS, '0')}`;
}

/** micro-percent → the JSON number on the wire (1.5 for 1.5 %). */
export const microToPercent = (micro: bigint): number => Number(microToText(micro));

export interface StakeRates {
  daily: bigint;
  hold: bigint;
  collective: bigint;
  investment: bigint;
}

export const totalRate = (rates: StakeRates): bigint => rates.daily + rates.hold + rates.collective + rates.investment;

export interface RewardState {
  status: 'pending' | 'active' | 'completed';
  totalAmount: bigint;
  earnedReward: bigint;
  maxReward: bigint;
  rates: StakeRates;
  /** Unix seconds earned_reward is accrued to: last_updated_at, or created_at before the first accrual. */
  since: number;
}

/** Tokens per day at these rates (base units, floored). */
export const rewardPerDay = (totalAmount: bigint, rateMicro: bigint): bigint =>
  (totalAmount * rateMicro) / PER_DAY_DIVISOR;

/**
 * The docs/product.md §4 rule: pending → 0; completed → max_reward; else earned_reward + per-second rate ×
 * seconds since `since`, capped at max_reward.
 */
export function earnedAt(state: RewardState, now: number): bigint {
  if (state.status === 'pending') return 0n;
  if (state.status === 'completed') return state.maxReward;
  const elapsed = BigInt(Math.max(0, now - state.since));
  const accrued = (state.totalAmount * totalRate(state.rates) * elapsed) / (PER_DAY_DIVISOR * BigInt(SECONDS_PER_DAY));
  const earned = state.earnedReward + accrued;
  return earned > state.maxReward ? state.maxReward : earned;
}

/** Unix seconds at which an active stake reaches max_reward at its current rates; null if it never will. */
export function completesAt(state: RewardState): number | null {
  if (state.status !== 'active') return null;
  const rate = state.totalAmount * totalRate(state.rates);
  const missing = state.maxReward - state.earnedReward;
  if (missing <= 0n) return state.since;
  if (rate <= 0n) return null;
  // smallest s with floor(rate × s / D) ≥ missing  ⇔  rate × s ≥ missing × D
  const divisor = PER_DAY_DIVISOR * BigInt(SECONDS_PER_DAY);
  const seconds = (missing * divisor + rate - 1n) / rate;
  return state.since + Number(seconds);
}

/** max_reward for a stake of `totalAmount`. */
export const maxRewardFor = (totalAmount: bigint): bigint => (totalAmount * BigInt(STAKE_MAX_REWARD_PERCENT)) / 100n;

export const DAILY_REWARD_MICRO = percentToMicro(STAKE_DAILY_REWARD_PERCENT);

// ---- bonus rules (constants.ts documents them) -----------------------------------------------------

/** Hold bonus for a user whose oldest active stake is `heldSeconds` old (null: no active stake). */
export function holdBonusMicro(heldSeconds: number | null): bigint {
  if (heldSeconds === null || heldSeconds < 0) return 0n;
  const steps = BigInt(Math.floor(heldSeconds / SECONDS_PER_DAY / HOLD_BONUS.stepDays));
  const bonus = steps * percentToMicro(HOLD_BONUS.stepPercent);
  const max = percentToMicro(HOLD_BONUS.maxPercent);
  return bonus > max ? max : bonus;
}

/** Investment bonus for a user who has paid `paidNanotons` for mints in total. */
export function investmentBonusMicro(paidNanotons: bigint): bigint {
  let bonus = 0n;
  for (const step of INVESTMENT_BONUS_STEPS) {
    if (paidNanotons >= BigInt(step.fromTon) * NANOTONS_PER_TON) bonus = percentToMicro(step.percent);
  }
  return bonus;
}

/** Collective bonus when `stakedUnits` tokens are actively staked on the whole platform. */
export function collectiveBonusMicro(stakedUnits: bigint): bigint {
  let bonus = 0n;
  for (const step of COLLECTIVE_BONUS_STEPS) {
    if (stakedUnits >= BigInt(step.fromTokens) * UNITS_PER_TOKEN) bonus = percentToMicro(step.percent);
  }
  return bonus;
}
