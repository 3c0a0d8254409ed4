/**
 * Selling tokens for TON: calculation, the sale, the history.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { LEDGER_ACCOUNTS, WITHDRAWAL_STATUSES } from '../constants';
import { SERVER_MESSAGES } from '../errors';
import { moneyInput, moneyText } from '../common';
import { historyQuerySchema } from '../operations/schemas';
import { balancesSchema } from '../user/schemas';
import type { CallSchemas } from '../route';
import type { withdrawRoutes } from './routes';

/** GET /withdraw/calculate?token_amount=: what selling that many tokens pays now. */
export const withdrawCalculateQuerySchema = z.object({
  token_amount: moneyInput,
});

/**
 * A sale at today's price: ton_amount = token_amount × price; fee = the network fee plus the
 * percentage (server settings); receive_amount = ton_amount − fee is what arrives in the wallet.
 * min_token_amount is the smallest sale the server takes (its receive_amount reaches the minimum payout).
 */
export const withdrawCalculationSchema = z.object({
  token_amount: moneyText,
  /** TON per token. */
  price: moneyText,
  ton_amount: moneyText,
  fee: moneyText,
  receive_amount: moneyText,
  min_token_amount: moneyText,
});

/**
 * The quote the user confirmed: calculate's figures as the sheet showed them. The price identifies it;
 * the TON amount, the fee and what arrives are what that price gives the amount under the server's fee
 * settings, checked to the nanoton (docs/decisions.md "Sale quotes").
 */
export const saleQuoteSchema = z.strictObject({
  price: moneyInput,
  ton_amount: moneyInput,
  fee: moneyInput,
  receive_amount: moneyInput,
});

/**
 * POST /withdraw/create (docs/product.md §7: from_ref_balance, token_amount, address). docs/foundations.md §7 adds
 * from_task_balance (at most one of the two is true; neither: the main balance) and an optional
 * `quote`: calculate's price, ton_amount, fee and receive_amount as the user confirmed them. The sale is
 * made at that price while it stands (the mint's rule: in force at some moment of the server's last
 * PRICE_QUOTE_TTL_SECONDS), else 400 SERVER_MESSAGES.sellQuoteExpired; figures that are not what that
 * price gives the amount (tampered, or the fee settings changed) → 400 SERVER_MESSAGES.sellQuoteMismatch;
 * either way nothing is written. Honoured, the sale pays receive_amount exactly. Without a quote, today's
 * price. The address is any TON form (friendly or raw, docs/product.md §5), checked by the server with the address
 * module's messages and for the server's network (VALIDATION_MESSAGES.addressNetwork), and it must be
 * the wallet the user proved with ton_proof (docs/foundations.md §7b; else 422
 * SERVER_MESSAGES.sellUnverifiedAddress): there is no way around the proof, so a stolen session cannot
 * send the TON elsewhere.
 */
export const withdrawCreateBodySchema = z
  .strictObject({
    from_ref_balance: z.boolean().default(false),
    from_task_balance: z.boolean().default(false),
    token_amount: moneyInput,
    address: z.string().trim().min(1).max(100),
    quote: saleQuoteSchema.optional(),
  })
  .refine((b) => !(b.from_ref_balance && b.from_task_balance), {
    message: SERVER_MESSAGES.sellOneSource,
    path: ['from_ref_balance'],
  });

/** One sale of the user's and its payout. */
export const withdrawalSchema = z.object({
  id: z.number().int(),
  /** The balance the tokens came from (from_ref_balance / from_task_balance say the same, docs/product.md §3). */
  source: z.enum(LEDGER_ACCOUNTS),
  from_ref_balance: z.boolean(),
  from_task_balance: z.boolean(),
  token_amount: moneyText,
  /** TON that arrives (calculate's receive_amount at the time of the sale). */
  ton_amount: moneyText,
  fee: moneyText,
  /** Where the TON goes, user-friendly (non-bounceable; test-only on testnet). */
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The hot wallet's transaction that paid it (hex), once completed. */
  tx_hash: z.string().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

/** What POST /withdraw/create answers: the queued withdrawal and the balances after the debit. */
export const withdrawalCreatedSchema = z.object({
  withdrawal: withdrawalSchema,
  balances: balancesSchema,
});

/** GET /withdraw/history (docs/product.md §7): page, size (10), sort_by (created_at), sort_order (desc). */
export const withdrawHistoryQuerySchema = historyQuerySchema.extend({
  sort_by: z.enum(['created_at']).default('created_at'),
});
export const withdrawHistorySchema = z.object({
  data: z.array(withdrawalSchema),
  total: z.number().int(),
});

/** The schemas of each withdraw call (./routes.ts), under the same names. */
export const withdrawCallSchemas = {
  withdrawCalculate: {
    query: withdrawCalculateQuerySchema,
    response: withdrawCalculationSchema,
  },
  withdrawCreate: {
    body: withdrawCreateBodySchema,
    response: withdrawalCreatedSchema,
  },
  withdrawHistory: {
    query: withdrawHistoryQuerySchema,
    response: withdrawHistorySchema,
  },
} as const satisfies Record<keyof typeof withdrawRoutes, CallSchemas>;

export type WithdrawCalculation = z.output<typeof withdrawCalculationSchema>;
export type WithdrawCreateBody = z.input<typeof withdrawCreateBodySchema>;
export type SaleQuote = z.input<typeof saleQuoteSchema>;
export type Withdrawal = z.output<typeof withdrawalSchema>;
export type WithdrawalStatus = Withdrawal['status'];
export type WithdrawalCreated = z.output<typeof withdrawalCreatedSchema>;
export type WithdrawHistory = z.output<typeof withdrawHistorySchema>;
export type WithdrawHistoryQuery = z.input<typeof withdrawHistoryQuerySchema>;
