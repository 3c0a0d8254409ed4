import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProgramRules, programRulesSchema } from '@contract';
import { createTestContext, type TestContext } from './helpers';
import { newUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/program/rules', () => {
  it('answers the live plans, staking figures and referral tiers the Info sheet explains', async () => {
    const user = await newUser(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/program/rules', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const rules = response.json<ProgramRules>();
    expect(programRulesSchema.parse(rules)).toEqual(rules);
    expect(rules.plans.map((plan) => plan.days)).toEqual([30, 60, 90, 180]);
    expect(rules.staking).toMatchObject({
      daily_reward: 1,
      max_reward_percent: 30,
      hold_bonus: { step_days: 7, step_percent: 0.05, max_percent: 0.5 },
    });
    expect(rules.staking.investment_bonus.at(-1)).toEqual({ from_ton: '10000', percent: 0.5 });
    expect(rules.staking.collective_bonus[1]).toEqual({ from_tokens: '100000', percent: 0.05 });
    // docs/product.md §3: 8 tiers, 5 % to 12 %, from 0 to 20 000 TON.
    expect(rules.referral_tiers).toHaveLength(8);
    expect(rules.referral_tiers[0]).toEqual({ level: 0, turnover_ton: '0', percent: 5 });
    expect(rules.referral_tiers[7]).toEqual({ level: 7, turnover_ton: '20000', percent: 12 });
  });

  it('a plan switched off leaves the rules at once; the call needs a bearer token', async () => {
    const user = await newUser(ctx);
    await ctx.db.query('UPDATE mint_plans SET is_active = FALSE WHERE days = 180');
    try {
      const rules = (
        await ctx.app.inject({ method: 'GET', url: '/api/program/rules', headers: user.headers })
      ).json<ProgramRules>();
      expect(rules.plans.map((plan) => plan.days)).toEqual([30, 60, 90]);
    } finally {
      await ctx.db.query('UPDATE mint_plans SET is_active = TRUE WHERE days = 180');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/program/rules' })).statusCode).toBe(401);
  });
});
