/**
 * The user as GET /user/me answers it: balances, bonuses, referral info, the bound wallet.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { moneyText } from '../common';
import type { CallSchemas } from '../route';
import type { userRoutes } from './routes';

export const refInfoSchema = z.object({
  /** 0-based tier index; the client shows level + 1 (docs/product.md §3). */
  level: z.number().int().min(0).max(7),
  /** Percent of each referral mint the user earns at this tier. */
  percent: z.number(),
  /** Referrals' total paid TON that decides the tier. */
  turnover: moneyText,
  referrals_count: z.number().int(),
  new_referrals_count: z.number().int(),
});

/**
 * The wallet the user proved to hold with ton_proof (server/wallet): sales pay out only to
 * it (docs/foundations.md §7b). One per user; a wallet is bound to one user at a time.
 */
export const boundWalletSchema = z.object({
  /** Raw form, `0:<64 hex>` (as TON Connect reports the connected account). */
  address: z.string(),
  /** User-friendly, non-bounceable, test-only on testnet: what the sell modal fills in. */
  friendly_address: z.string(),
  /** Unix seconds of the proof that bound it. */
  bound_at: z.number().int(),
});

export const userMeSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  username: z.string().nullable(),
  language_code: z.string(),
  ref: refInfoSchema,
  ref_code: z.string(),
  community_participation: z.boolean(),
  balance_token: moneyText,
  task_balance: moneyText,
  referral_balance: moneyText,
  /** Bonuses are percent per day (numbers, not money). */
  hold_bonus: z.number(),
  investment_bonus: z.number(),
  collective_bonus: z.number(),
  /** The wallet the user proved to hold (ton_proof); null until a proof binds one. */
  wallet: boundWalletSchema.nullable(),
  /** The user's switch for the bot's messages outside the app (PATCH /user/notifications); on by default. */
  notifications_enabled: z.boolean(),
});

export const balancesSchema = userMeSchema.pick({
  balance_token: true,
  task_balance: true,
  referral_balance: true,
  hold_bonus: true,
  investment_bonus: true,
  collective_bonus: true,
});

/**
 * GET /user/holdings: everything the user owns, in tokens, by where it sits, read at one moment (the
 * dashboard's Total value and its parts): the three balances, the tokens in stakes not yet completed
 * (their total_amount, paid back on completion) and in active mints (their amount_token). Rewards not
 * yet paid are not counted: they are the user's when paid, into the main balance.
 */
export const holdingsSchema = z.object({
  balance_token: moneyText,
  referral_balance: moneyText,
  task_balance: moneyText,
  staked: moneyText,
  minting: moneyText,
});

/** PATCH /user/notifications: the bot's messages outside the app on or off; answers the new state. */
export const notificationsBodySchema = z.object({ enabled: z.boolean() });
export const notificationsSettingSchema = userMeSchema.pick({ notifications_enabled: true });

/** The schemas of each user call (./routes.ts), under the same names. */
export const userCallSchemas = {
  me: { response: userMeSchema },
  holdings: { response: holdingsSchema },
  notifications: { body: notificationsBodySchema, response: notificationsSettingSchema },
} as const satisfies Record<keyof typeof userRoutes, CallSchemas>;

export type UserMe = z.output<typeof userMeSchema>;
export type BoundWallet = z.output<typeof boundWalletSchema>;
export type Balances = z.output<typeof balancesSchema>;
export type Holdings = z.output<typeof holdingsSchema>;
export type NotificationsSetting = z.output<typeof notificationsSettingSchema>;
