/**
 * Farming links: plans, calculation, creation, the list, cancelling, activation by code.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import {
  ACTIVATION_CODE_PATTERN,
  FARMING_ACTIVATION_STATUSES,
  FARMING_LINK_STATUSES,
  FARMING_MAX_ACTIVATIONS,
} from '../constants';
import { FARMING_ACTIVATION_CODES, SERVER_MESSAGES } from '../errors';
import {
  idParamsSchema,
  idSchema,
  pageQuerySchema,
  idTextSchema,
  moneyInput,
  moneyText,
  pagedSchema,
  wholeNumber,
  wholeNumberInText,
} from '../common';
import { mintCalculationSchema, mintPlanListSchema, mintSchema } from '../mint/schemas';
import type { CallSchemas } from '../route';
import type { farmingRoutes } from './routes';

/** A boolean in a query string: 'true' / 'false' (or a boolean from a typed client). */
export const booleanText = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/** The balance a link is paid from, as query flags (exactly one true). */
export const farmingSourceQuerySchema = z
  .object({
    from_ref_balance: booleanText.default(false),
    from_task_balance: booleanText.default(false),
  })
  .refine((q) => q.from_ref_balance !== q.from_task_balance, {
    message: SERVER_MESSAGES.farmingOneSource,
    path: ['from_ref_balance'],
  });

/**
 * GET /farming/plans: the plans a link may use when paid from the chosen balance — the active mint
 * plans whose smallest mint that balance can pay for once — with the balance and today's price.
 */
export const farmingPlansSchema = z.object({
  source: z.enum(['referral_balance', 'task_balance']),
  /** The chosen balance, tokens. */
  balance: moneyText,
  /** TON per token: a link's cost is amount / price tokens per activation. */
  price: moneyText,
  plans: mintPlanListSchema,
  /** Tokens the cheapest link (one activation of the smallest mint) costs at this price: what a balance needs for any plan. */
  min_cost: moneyText,
});

const countActivations = wholeNumber(FARMING_MAX_ACTIVATIONS);

/** GET /farming/calculate: amount (TON of each activation's mint), freeze_days (a plan's days), count. */
export const farmingCalculateQuerySchema = z.object({
  amount: moneyInput,
  freeze_days: idTextSchema,
  count_activations: wholeNumberInText(FARMING_MAX_ACTIVATIONS).default(1),
});

/** What one activation gives (a mint's calculation: amount_ton, amount_token, expected_token, price,
 * plan) and what the whole link costs. */
export const farmingCalculationSchema = mintCalculationSchema.extend({
  count_activations: z.number().int(),
  /** amount_token × count_activations: held from the chosen balance at creation. */
  cost_token: moneyText,
});

/**
 * POST /farming/create (docs/product.md §7). Exactly one of from_ref_balance / from_task_balance. price = the
 * quote's (calculate's `price`) the user confirmed: the link is priced and charged at it while it
 * stands, else 400 SERVER_MESSAGES.priceQuoteExpired and nothing is written. Without it, today's price.
 */
export const farmingCreateBodySchema = z
  .strictObject({
    amount: moneyInput,
    price: moneyInput.optional(),
    days: idSchema,
    count_activations: countActivations,
    from_ref_balance: z.boolean(),
    from_task_balance: z.boolean(),
    is_multilink: z.boolean(),
    is_for_me: z.boolean(),
  })
  .refine((b) => b.from_ref_balance !== b.from_task_balance, {
    message: SERVER_MESSAGES.farmingOneSource,
    path: ['from_ref_balance'],
  })
  // Only its author may activate a for-me link, once: more uses could never be taken.
  .refine((b) => !b.is_for_me || (b.count_activations === 1 && !b.is_multilink), {
    message: SERVER_MESSAGES.farmingForMeOneUse,
    path: ['is_for_me'],
  });

export const activationCodeSchema = z
  .string()
  .regex(ACTIVATION_CODE_PATTERN, 'activation_code must be 6 to 32 letters or digits');

/** One code of a link: a multilink has one (count_activations uses), any other link one per use. */
export const farmingCodeSchema = z.object({
  activation_code: z.string(),
  used: z.boolean(),
});

export const farmingLinkSchema = z.object({
  id: z.number().int(),
  status: z.enum(FARMING_LINK_STATUSES),
  /** TON value of each activation's mint. */
  amount: moneyText,
  amount_token: moneyText,
  expected_token: moneyText,
  /** TON per token, fixed when the link was made. */
  price: moneyText,
  /** The plan's key. */
  days: z.number().int(),
  tariff_days: z.number().int(),
  count_activations: z.number().int(),
  activations_used: z.number().int(),
  activations_left: z.number().int(),
  from_ref_balance: z.boolean(),
  from_task_balance: z.boolean(),
  is_multilink: z.boolean(),
  is_for_me: z.boolean(),
  /** Tokens held at creation (amount_token × count_activations). */
  cost_token: moneyText,
  /** Tokens returned to the source balance by a cancel ('0' until then). */
  refunded_token: moneyText,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** The code to hand out next: the multilink's, or the first unused single-use code; null when none is left. */
  activation_code: z.string().nullable(),
  codes: z.array(farmingCodeSchema),
});
export const farmingLinkListSchema = pagedSchema(farmingLinkSchema);

export const farmingActivationQuerySchema = z.object({
  activation_code: activationCodeSchema,
});

/** GET /farming/activation-status: a pure read of what this user would get from the code. */
export const farmingActivationStatusSchema = z.object({
  status: z.enum(FARMING_ACTIVATION_STATUSES),
  /** Why: its code (the client's text), and the code's English sentence (SERVER_MESSAGES). */
  code: z.enum(FARMING_ACTIVATION_CODES),
  message: z.string(),
  /** What an activation gives (present whenever the link exists). */
  mint_details: z.object({
    tariff_days: z.number().int(),
    amount_token: moneyText,
    amount_ton: moneyText,
  }),
});

/** POST /farming/activate (docs/foundations.md §7): idempotent per user and code; answers the user's mint from it. */
export const farmingActivateBodySchema = z.strictObject({
  activation_code: activationCodeSchema,
});

/** The schemas of each farming call (./routes.ts), under the same names. */
export const farmingCallSchemas = {
  farmingPlans: {
    query: farmingSourceQuerySchema,
    response: farmingPlansSchema,
  },
  farmingCalculate: {
    query: farmingCalculateQuerySchema,
    response: farmingCalculationSchema,
  },
  farmingCreate: { body: farmingCreateBodySchema, response: farmingLinkSchema },
  farmingList: { query: pageQuerySchema, response: farmingLinkListSchema },
  farmingCancel: { params: idParamsSchema, response: farmingLinkSchema },
  farmingActivationStatus: {
    query: farmingActivationQuerySchema,
    response: farmingActivationStatusSchema,
  },
  farmingActivate: { body: farmingActivateBodySchema, response: mintSchema },
} as const satisfies Record<keyof typeof farmingRoutes, CallSchemas>;

export type FarmingPlans = z.output<typeof farmingPlansSchema>;
export type FarmingCalculateQuery = z.input<typeof farmingCalculateQuerySchema>;
export type FarmingCalculation = z.output<typeof farmingCalculationSchema>;
export type FarmingCreateBody = z.input<typeof farmingCreateBodySchema>;
export type FarmingLink = z.output<typeof farmingLinkSchema>;
export type FarmingLinkStatus = FarmingLink['status'];
export type FarmingLinkList = z.output<typeof farmingLinkListSchema>;
export type FarmingActivationStatus = z.output<typeof farmingActivationStatusSchema>;
