/**
 * Stakes of active mints: creation, the list, the reward so far.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { STAKE_STATUSES } from '../constants';
import { idSchema, pageQuerySchema, idTextSchema, moneyText, pagedSchema } from '../common';
import type { CallSchemas } from '../route';
import type { stakingRoutes } from './routes';

export const stakeStatusSchema = z.enum(STAKE_STATUSES);

/**
 * A stake. Percentages are percent per day (numbers); amounts are money text. The reward rule
 * (docs/product.md §4, §5): per day = total_amount × (daily_reward + hold_bonus + collective_bonus +
 * investment_bonus) / 100; earned now = earned_reward + per-second rate × (now − (last_updated_at ??
 * created_at)), capped at max_reward; pending → 0, completed → max_reward. The server moves
 * earned_reward/last_updated_at forward whenever a rate changes, so the rule holds with the rates as sent.
 */
export const stakeSchema = z.object({
  id: z.number().int(),
  /** Human-readable code shown to users. */
  staking_id: z.string(),
  status: stakeStatusSchema,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** Unix seconds of the last accrual into earned_reward; null before the first. */
  last_updated_at: z.number().int().nullable(),
  /** Tokens staked (the mint's amount_token); paid back with max_reward on completion. */
  total_amount: moneyText,
  daily_reward: z.number(),
  hold_bonus: z.number(),
  collective_bonus: z.number(),
  investment_bonus: z.number(),
  /** Tokens earned up to last_updated_at (or created_at). */
  earned_reward: moneyText,
  max_reward: moneyText,
});
export const stakeListSchema = pagedSchema(stakeSchema);

/** POST /staking/create: mint_id = the `id` of one of the user's active mints. */
export const stakeCreateBodySchema = z.strictObject({ mint_id: idSchema });

/** GET /staking/calculate: staking_id = the stake's `id`. */
export const stakeCalculateQuerySchema = z.object({ staking_id: idTextSchema });

/** The stake's reward as of `at`, by the rule above, with the rate per period (docs/product.md §5). */
export const stakeCalculationSchema = z.object({
  staking_id: z.string(),
  status: stakeStatusSchema,
  /** Unix seconds the numbers are for. */
  at: z.number().int(),
  earned_reward: moneyText,
  max_reward: moneyText,
  /** daily_reward + hold_bonus + collective_bonus + investment_bonus. */
  total_percent: z.number(),
  reward_per_day: moneyText,
  reward_per_hour: moneyText,
  reward_per_minute: moneyText,
  reward_per_second: moneyText,
  /** Unix seconds when earned reaches max_reward at today's rates (null when completed or no rate). */
  completes_at: z.number().int().nullable(),
});

/** The schemas of each staking call (./routes.ts), under the same names. */
export const stakingCallSchemas = {
  stakeCreate: { body: stakeCreateBodySchema, response: stakeSchema },
  stakeList: { query: pageQuerySchema, response: stakeListSchema },
  stakeCalculate: {
    query: stakeCalculateQuerySchema,
    response: stakeCalculationSchema,
  },
} as const satisfies Record<keyof typeof stakingRoutes, CallSchemas>;

export type StakeStatus = z.output<typeof stakeStatusSchema>;
export type Stake = z.output<typeof stakeSchema>;
export type StakeList = z.output<typeof stakeListSchema>;
export type StakeCreateBody = z.input<typeof stakeCreateBodySchema>;
export type StakeCalculateQuery = z.input<typeof stakeCalculateQuerySchema>;
export type StakeCalculation = z.output<typeof stakeCalculationSchema>;
