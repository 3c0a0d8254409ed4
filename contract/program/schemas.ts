/**
 * The program's rules as the info sheet shows them.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { moneyText } from '../common';
import { mintPlanListSchema } from '../mint/schemas';
import type { CallSchemas } from '../route';
import type { programRoutes } from './routes';

/**
 * The live figures behind the Info sheet (docs/product.md §2): plans, staking rates and bonus steps, referral
 * tiers — read from the server's own constants, so the explanation never drifts from the rules.
 */
export const programRulesSchema = z.object({
  plans: mintPlanListSchema,
  staking: z.object({
    /** Percent of the staked amount per day before bonuses. */
    daily_reward: z.number(),
    /** A stake completes when its reward reaches this percent of the staked amount. */
    max_reward_percent: z.number(),
    /** +step_percent per day for every full step_days a stake is kept, up to max_percent. */
    hold_bonus: z.object({
      step_days: z.number().int(),
      step_percent: z.number(),
      max_percent: z.number(),
    }),
    /** By the user's paid TON: the highest step reached applies. */
    investment_bonus: z.array(z.object({ from_ton: moneyText, percent: z.number() })),
    /** By the platform's total actively staked tokens, for everyone. */
    collective_bonus: z.array(z.object({ from_tokens: moneyText, percent: z.number() })),
  }),
  /** docs/product.md §3 tiers: level is 0-based (shown + 1); from turnover_ton of the referrals' paid TON. */
  referral_tiers: z.array(
    z.object({
      level: z.number().int(),
      turnover_ton: moneyText,
      percent: z.number(),
    }),
  ),
});

/** The schemas of each program call (./routes.ts), under the same names. */
export const programCallSchemas = {
  programRules: { response: programRulesSchema },
} as const satisfies Record<keyof typeof programRoutes, CallSchemas>;

export type ProgramRules = z.output<typeof programRulesSchema>;
