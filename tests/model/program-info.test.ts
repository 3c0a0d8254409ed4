import { allSettled, type Scope } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { programInfoModel } from '@/features/program-info';
import { programRulesModel } from '@/features/program-info/index.ui';
import { type ProgramRules } from '@/shared/api';
import { createTestScope } from './scope';

const { $isOpen, infoClosed, infoOpened } = programInfoModel;
const { $isLoading, $loadFailed, $rules, retryClicked, sheetShown } = programRulesModel;

/** The sheet opens: its view (mounted only while open) says it is shown. */
const open = async (scope: Scope) => {
  await allSettled(infoOpened, { scope });
  await allSettled(sheetShown, { scope });
};

const rules = (daily: number): ProgramRules => ({
  plans: [],
  staking: {
    daily_reward: daily,
    max_reward_percent: 30,
    hold_bonus: { step_days: 7, step_percent: 0.05, max_percent: 0.5 },
    investment_bonus: [],
    collective_bonus: [],
  },
  referral_tiers: [{ level: 0, turnover_ton: '0', percent: 5 }],
});

describe('Info sheet (docs/product.md §2)', () => {
  it('reads the rules every time it opens, so the figures are the live ones', async () => {
    const load = vi.fn().mockResolvedValueOnce(rules(1)).mockResolvedValueOnce(rules(2));
    const { scope } = createTestScope({ handlers: [[programRulesModel.readRulesFx, load]] });
    await open(scope);
    expect(scope.getState($isOpen)).toBe(true);
    expect(scope.getState($rules)?.staking.daily_reward).toBe(1);
    await allSettled(infoClosed, { scope });
    expect(scope.getState($isOpen)).toBe(false);
    await open(scope);
    expect(load).toHaveBeenCalledTimes(2);
    expect(scope.getState($rules)?.staking.daily_reward).toBe(2);
  });

  it('a failed read (5xx → null, or a network error) offers Try again, which reads again', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(rules(1));
    const { scope } = createTestScope({ handlers: [[programRulesModel.readRulesFx, load]] });
    await open(scope);
    expect(scope.getState($loadFailed)).toBe(true);
    expect(scope.getState($rules)).toBeNull();
    await allSettled(retryClicked, { scope });
    expect(scope.getState($loadFailed)).toBe(true);
    await allSettled(retryClicked, { scope });
    expect(scope.getState($loadFailed)).toBe(false);
    expect(scope.getState($isLoading)).toBe(false);
    expect(scope.getState($rules)?.referral_tiers).toHaveLength(1);
  });
});
