import type { Stake } from '@/shared/api';

/** The clock the stake tests run at (unix seconds). */
export const T0 = Date.parse('2026-11-22T10:00:00Z') / 1000;

/** 1000 tokens at 1 + 0.5 + 0.25 + 0.25 = 2 % a day: 20 a day, 20/86 400 a second; cap 100. */
export const stake = (overrides: Partial<Stake> = {}): Stake => ({
  id: 1,
  staking_id: 'STK00001',
  status: 'active',
  created_at: T0,
  last_updated_at: null,
  total_amount: '1000',
  daily_reward: 1,
  hold_bonus: 0.5,
  collective_bonus: 0.25,
  investment_bonus: 0.25,
  earned_reward: '0',
  max_reward: '100',
  ...overrides,
});
