import type { Stake } from '@/shared/api/contract';
import { formatUnits } from '../lib/money';
import type { StakeRow } from './queries';
import { type RewardState, percentToMicro } from './rates';

export const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export function toStake(row: StakeRow): Stake {
  return {
    id: row.id,
    staking_id: row.staking_id,
    status: row.status,
    created_at: seconds(row.created_at),
    last_updated_at: row.last_updated_at ? seconds(row.last_updated_at) : null,
    total_amount: formatUnits(row.total_amount),
    daily_reward: Number(row.daily_reward),
    hold_bonus: Number(row.hold_bonus),
    collective_bonus: Number(row.collective_bonus),
    investment_bonus: Number(row.investment_bonus),
    earned_reward: formatUnits(row.earned_reward),
    max_reward: formatUnits(row.max_reward),
  };
}

export function rewardState(row: StakeRow): RewardState {
  return {
    status: row.status,
    totalAmount: row.total_amount,
    earnedReward: row.earned_reward,
    maxReward: row.max_reward,
    rates: {
      daily: percentToMicro(row.daily_reward),
      hold: percentToMicro(row.hold_bonus),
      collective: percentToMicro(row.collective_bonus),
      investment: percentToMicro(row.investment_bonus),
    },
    since: seconds(row.last_updated_at ?? row.created_at),
  };
}
