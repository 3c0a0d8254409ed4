import type { Stake } from '@contract';
import { formatUnits } from '../lib/money';
import type { NewNotification } from '../notifications/service';
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

/** The owner's notification that a stake finished, its total and reward paid back (server/notifications), once. */
export const stakeCompletedNotice = (row: StakeRow): NewNotification<'stake_completed'> => ({
  userId: row.user_id,
  kind: 'stake_completed',
  params: {
    stake_id: row.id,
    code: row.staking_id,
    token_amount: formatUnits(row.total_amount + row.max_reward),
    reward: formatUnits(row.max_reward),
  },
  dedupeKey: `stake_completed:${row.id}`,
});
