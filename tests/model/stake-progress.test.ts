import { describe, expect, it } from 'vitest';
import { stakeCompletesAt, stakeProgressPercent } from '@/entities/stake';
import { stake, T0 } from './stake-fixture';

// The fixture: 1000 tokens at 2 % a day = 20 tokens a day; max_reward 100 → 5 days from nothing.
const DAY = 86_400;

describe('stake progress toward max_reward', () => {
  it('grows with the time since the last accrual, exactly, and stops at 100 %', () => {
    expect(stakeProgressPercent(stake(), T0)).toBe(0);
    expect(stakeProgressPercent(stake(), T0 + DAY)).toBe(20);
    // 2.5 days: 50 of 100.
    expect(stakeProgressPercent(stake(), T0 + 2.5 * DAY)).toBe(50);
    // One second is 20/86 400 tokens = 0.00023 % of 100: floored to two decimals.
    expect(stakeProgressPercent(stake(), T0 + 1)).toBe(0);
    expect(stakeProgressPercent(stake(), T0 + 100)).toBe(0.02);
    expect(stakeProgressPercent(stake(), T0 + 10 * DAY)).toBe(100);
  });

  it('counts from earned_reward at last_updated_at', () => {
    const accrued = stake({ earned_reward: '40', last_updated_at: T0 + DAY });
    expect(stakeProgressPercent(accrued, T0 + DAY)).toBe(40);
    expect(stakeProgressPercent(accrued, T0 + 2 * DAY)).toBe(60);
  });

  it('pending is 0 % and completed is 100 %, whatever the clock', () => {
    expect(stakeProgressPercent(stake({ status: 'pending' }), T0 + 3 * DAY)).toBe(0);
    expect(stakeProgressPercent(stake({ status: 'completed', earned_reward: '12' }), T0)).toBe(100);
  });

  it('a clock behind the server never shows less than what was earned', () => {
    expect(stakeProgressPercent(stake({ earned_reward: '30', last_updated_at: T0 }), T0 - 500)).toBe(30);
  });
});

describe('the date a stake completes at its current rate', () => {
  it('is the accrual point plus the rest of max_reward at the daily rate', () => {
    expect(stakeCompletesAt(stake())).toBe(T0 + 5 * DAY);
    // 40 earned at T0 + 1 day: 60 more at 20 a day = 3 days.
    expect(stakeCompletesAt(stake({ earned_reward: '40', last_updated_at: T0 + DAY }))).toBe(T0 + 4 * DAY);
  });

  it('moves when the rate moves (a bonus raises it)', () => {
    // 1000 at 4 % a day = 40 a day: 100 in 2.5 days.
    expect(stakeCompletesAt(stake({ daily_reward: 3 }))).toBe(T0 + 2.5 * DAY);
  });

  it('rounds a fraction of a second up, so it is never early', () => {
    // 1000 at 0.000007 % a day = 0.00007 tokens a day: 0.0001 takes 1.43 days → 123 429 s, rounded up.
    const slow = stake({
      daily_reward: 0.000007,
      hold_bonus: 0,
      collective_bonus: 0,
      investment_bonus: 0,
      max_reward: '0.0001',
    });
    expect(stakeCompletesAt(slow)).toBe(T0 + Math.ceil((0.0001 / 0.00007) * DAY));
  });

  it('has none when the stake is not running toward it', () => {
    expect(stakeCompletesAt(stake({ status: 'pending' }))).toBeNull();
    expect(stakeCompletesAt(stake({ status: 'completed' }))).toBeNull();
    expect(
      stakeCompletesAt(stake({ daily_reward: 0, hold_bonus: 0, collective_bonus: 0, investment_bonus: 0 })),
    ).toBeNull();
  });
});
