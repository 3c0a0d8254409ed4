/**
 * Mints: plans, calculation, creation, cancelling, the list.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { MINT_CANCEL_REASONS, MINT_SOURCES, MINT_STATUSES } from '../constants';
import { idParamsSchema, idSchema, pageQuerySchema, idTextSchema, moneyInput, moneyText, pagedSchema } from '../common';
import type { CallSchemas } from '../route';
import type { mintRoutes } from './routes';

export const mintStatusSchema = z.enum(MINT_STATUSES);

export const mintPlanSchema = z.object({
  /** The plan's key: what calculate's freeze_days and create's days name. */
  days: z.number().int(),
  /** Days an active mint runs before it completes and pays expected_token. */
  tariff_days: z.number().int(),
  is_active: z.boolean(),
  /** Growth over tariff_days as a fraction: 0.05 → expected_token = amount_token × 1.05. */
  yield: z.number(),
  /** Smallest and largest amount of TON one mint of this plan takes (the form shows and enforces them). */
  min_amount: moneyText,
  max_amount: moneyText,
});
export const mintPlanListSchema = z.array(mintPlanSchema);

/** GET /mint/calculate: amount in TON, freeze_days = a plan's days. */
export const mintCalculateQuerySchema = z.object({
  amount: moneyInput,
  freeze_days: idTextSchema,
});

export const mintCalculationSchema = z.object({
  /** TON to pay. */
  amount_ton: moneyText,
  /** amount_ton / price. */
  amount_token: moneyText,
  /** amount_token × (1 + yield), paid to balance_token when the mint completes. */
  expected_token: moneyText,
  /** TON per token used. */
  price: moneyText,
  days: z.number().int(),
  tariff_days: z.number().int(),
  yield: z.number(),
});

/**
 * POST /mint/create: amount in TON, days = a plan's days; price = the quote's (calculate's `price`) the
 * user confirmed: the mint's tokens are priced at it while it stands (the server's PRICE_QUOTE_TTL_SECONDS),
 * else 400 SERVER_MESSAGES.priceQuoteExpired and nothing is written. Without it, today's price.
 */
export const mintCreateBodySchema = z.strictObject({
  amount: moneyInput,
  days: idSchema,
  price: moneyInput.optional(),
});

/**
 * What the wallet must send to pay a pending mint: one TON Connect message
 * `{ address, amount, payload }`, valid until valid_until at the latest.
 */
export const paymentRequestSchema = z.object({
  /** The treasury, user-friendly (bounceable, url-safe), as TON Connect messages need. */
  address: z.string(),
  /** Nanotons as an integer string: TON Connect's `amount`, sent to the wallet as is. */
  amount: z.string().regex(/^\d+$/),
  /** base64 BOC of the comment cell (32-bit 0 op + comment), TON Connect's `payload`. */
  payload: z.string(),
  /** The comment as text, `Mint <mint_id>`: the watcher matches the payment by it. */
  comment: z.string(),
  /** Unix seconds: the mint expires then; a TON Connect validUntil must not be later. */
  valid_until: z.number().int(),
});

export const mintSchema = z.object({
  id: z.number().int(),
  /** Human-readable code shown to users and named in the payment comment, e.g. 'K7F3QX2M'. */
  mint_id: z.string(),
  status: mintStatusSchema,
  /** 'payment': paid in TON; 'farming': given by a farming link (no payment, active at once). */
  source: z.enum(MINT_SOURCES),
  /** Set when status is canceled. */
  cancel_reason: z.enum(MINT_CANCEL_REASONS).nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  amount_ton: moneyText,
  amount_token: moneyText,
  expected_token: moneyText,
  days: z.number().int(),
  tariff_days: z.number().int(),
  /** Unix seconds: when the payment was confirmed on chain (null until then). */
  activated_at: z.number().int().nullable(),
  /** Unix seconds: when an active mint completes (activated_at + tariff_days). */
  matures_at: z.number().int().nullable(),
  /** Present while pending: how to pay. */
  payment: paymentRequestSchema.optional(),
});
export const mintListSchema = pagedSchema(mintSchema);

/** The schemas of each mint call (./routes.ts), under the same names. */
export const mintCallSchemas = {
  mintPlans: { response: mintPlanListSchema },
  mintCalculate: {
    query: mintCalculateQuerySchema,
    response: mintCalculationSchema,
  },
  mintCreate: { body: mintCreateBodySchema, response: mintSchema },
  mintCancel: { params: idParamsSchema, response: mintSchema },
  mintList: { query: pageQuerySchema, response: mintListSchema },
} as const satisfies Record<keyof typeof mintRoutes, CallSchemas>;

export type MintStatus = z.output<typeof mintStatusSchema>;
export type MintPlan = z.output<typeof mintPlanSchema>;
export type MintCalculateQuery = z.input<typeof mintCalculateQuerySchema>;
export type MintCalculation = z.output<typeof mintCalculationSchema>;
export type MintCreateBody = z.input<typeof mintCreateBodySchema>;
export type PaymentRequest = z.output<typeof paymentRequestSchema>;
export type Mint = z.output<typeof mintSchema>;
export type MintList = z.output<typeof mintListSchema>;
