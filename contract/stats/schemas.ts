/**
 * The platform's financial figures (docs/product.md §3 stats object).
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { moneyText } from '../common';
import type { CallSchemas } from '../route';
import type { statsRoutes } from './routes';

/**
 * GET /stats/financial (docs/product.md §3 "financial stats object"), from the ledger and the chain payments,
 * cached for a few seconds. Tokens and TON as money text; counts as integers.
 */
export const financialStatsSchema = z.object({
  /**
   * Tokens bought with TON: amount_token of every mint whose TON payment was confirmed (active, staked or
   * matured); the same mints as ton_paid_in. A farming link's mint (paid in tokens) is in neither.
   */
  total_minted: moneyText,
  /** Tokens in active stakes. */
  total_staked: moneyText,
  /** Tokens on all users' balances (main, referral, task). */
  circulating: moneyText,
  /** TON paid for mints (confirmed payments): the same mints as total_minted. */
  ton_paid_in: moneyText,
  /** TON paid out to sellers (completed withdrawals). */
  ton_paid_out: moneyText,
  users: z.number().int(),
  active_stakes: z.number().int(),
  /** The collective bonus in force, percent per day. */
  collective_bonus: z.number(),
  /** Unix seconds the figures were computed at. */
  updated_at: z.number().int(),
});

/** The schemas of each stats call (./routes.ts), under the same names. */
export const statsCallSchemas = {
  financialStats: { response: financialStatsSchema },
} as const satisfies Record<keyof typeof statsRoutes, CallSchemas>;

export type FinancialStats = z.output<typeof financialStatsSchema>;
