/**
 * The user's operation history: ledger entries and the journalled money events that move no token balance.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import {
  HISTORY_MAX_PAGE_SIZE,
  HISTORY_PAGE_SIZE,
  LEDGER_ACCOUNTS,
  OPERATION_TYPES,
  OPERATION_UNITS,
} from '../constants';
import { moneyText, pageTextSchema, wholeNumberInText } from '../common';
import type { CallSchemas } from '../route';
import type { operationsRoutes } from './routes';

/** docs/product.md §7 histories: page from 1, size (default 10), newest first unless sort_order says asc. */
export const historyQuerySchema = z.object({
  page: pageTextSchema.default(1),
  size: wholeNumberInText(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

/**
 * One money event of the user's: a balance change (a ledger entry: `account` and `balance_after` set),
 * or an event that moves no token balance (TON paid for a mint, a gifted mint, a stake started: both null).
 */
export const operationSchema = z.object({
  /** Unique across both kinds (one sequence), rising in the order they were written. */
  id: z.number().int(),
  type: z.enum(OPERATION_TYPES),
  /** The balance that changed; null when none did. */
  account: z.enum(LEDGER_ACCOUNTS).nullable(),
  /**
   * 'in' the user received it, 'out' the user gave it (a debit, TON paid); 'none' it only moved within the
   * user's holdings (a mint's tokens into a stake). amount is its size (no sign).
   */
  direction: z.enum(['in', 'out', 'none']),
  amount: moneyText,
  /** What amount counts: TON (a mint's payment) or tokens (everything else). */
  unit: z.enum(OPERATION_UNITS),
  /** The account's balance right after the change; null when no balance changed. */
  balance_after: moneyText.nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  /** What the change belongs to: its kind ('mint', 'stake', 'farming_link', 'task'…) and row id. */
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  /**
   * The public id of the mint or stake it belongs to (Mint `mint_id`, Stake `staking_id`), which the app
   * shows with its "#"; null for anything else. Row ids are never shown (docs/decisions.md "Names and ids").
   */
  ref_code: z.string().nullable(),
});

/** GET /operations/history: {data, total} (docs/product.md §7). */
export const operationHistorySchema = z.object({
  data: z.array(operationSchema),
  total: z.number().int(),
});

/** The schemas of each operations call (./routes.ts), under the same names. */
export const operationsCallSchemas = {
  operationsHistory: {
    query: historyQuerySchema,
    response: operationHistorySchema,
  },
} as const satisfies Record<keyof typeof operationsRoutes, CallSchemas>;

export type Operation = z.output<typeof operationSchema>;
export type OperationType = Operation['type'];
export type OperationHistory = z.output<typeof operationHistorySchema>;
export type HistoryQuery = z.input<typeof historyQuerySchema>;
