/**
 * Referrals: the tier, the invited friends, the share message, moving referral tokens.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { moneyInput, moneyText, pageQuerySchema, pagedSchema } from '../common';
import { balancesSchema } from '../user/schemas';
import type { CallSchemas } from '../route';
import type { referralRoutes } from './routes';

/** The user's referral tier (docs/product.md §3), with what it takes to reach the next one. */
export const referralTierSchema = z.object({
  /** 0-based (docs/product.md §3: shown + 1). */
  level: z.number().int().min(0).max(7),
  /** Percent of each referral's paid mint (in tokens) the user earns at this tier. */
  percent: z.number(),
  /** The referrals' total paid TON that decides the tier. */
  turnover: moneyText,
  /** Turnover (TON) where the next tier starts; null at the top tier. */
  next_level_turnover: moneyText.nullable(),
  /** The next tier's percent; null at the top tier. */
  next_percent: z.number().nullable(),
});

/** One invited friend, as the referral screen lists them. */
export const referralSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  /** Unix seconds: when they signed up with the user's link. */
  joined_at: z.number().int(),
  /** TON they have paid for mints (payment confirmed). */
  turnover: moneyText,
  /** Tokens their mints have earned the user (referral rewards). */
  earned: moneyText,
  /** Not yet shown on the referral screen before this read. */
  is_new: z.boolean(),
});

/**
 * GET /user/referrals: one page of referrals, newest first, with the tier. Reading page 1 marks every
 * referral so far as seen: `new_referrals_count` (and the navbar badge, /user/me's
 * ref.new_referrals_count) is the count before this read; the next read says 0.
 */
export const referralListSchema = pagedSchema(referralSchema).extend({
  tier: referralTierSchema,
  new_referrals_count: z.number().int(),
  /** Every referral's tokens earned the user, all pages. */
  total_earned: moneyText,
});

/** POST /user/share-message: a prepared inline message for WebApp.shareMessage (Telegram ≥ 8.0). */
export const shareMessageSchema = z.object({
  inline_message_id: z.string(),
  /** The referral link the message's button opens. */
  link: z.string(),
});

/** POST /withdraw/transfer-from-referral-balance: tokens from referral_balance to balance_token. */
export const referralTransferBodySchema = z.strictObject({
  token_amount: moneyInput,
});

/** The schemas of each referral call (./routes.ts), under the same names. */
export const referralCallSchemas = {
  referrals: { query: pageQuerySchema, response: referralListSchema },
  shareMessage: { response: shareMessageSchema },
  referralTransfer: {
    body: referralTransferBodySchema,
    response: balancesSchema,
  },
} as const satisfies Record<keyof typeof referralRoutes, CallSchemas>;

export type ReferralTier = z.output<typeof referralTierSchema>;
export type Referral = z.output<typeof referralSchema>;
export type ReferralList = z.output<typeof referralListSchema>;
export type ShareMessage = z.output<typeof shareMessageSchema>;
export type ReferralTransferBody = z.input<typeof referralTransferBodySchema>;
