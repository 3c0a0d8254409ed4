/**
 * Financial statistics (GET /stats/financial): the platform's figures a holder would want, from the
 * ledger's balances, mints, stakes, confirmed payments and completed withdrawals, plus the collective
 * bonus in force. One process computes them at most once per STATS_CACHE_MS; callers within that time
 * (and callers arriving while they are computed) share one answer.
 */
import type { FinancialStats } from '@contract';
import type { Queryable } from '../db/index';
import { formatUnits } from '../lib/money';
import { getSetting } from '../settings/service';
import { financialRow } from './queries';

export async function financialStats(q: Queryable, now: number): Promise<FinancialStats> {
  const [row, collective] = await Promise.all([financialRow(q), getSetting(q, 'collective_bonus')]);
  return {
    total_minted: formatUnits(row.total_minted),
    total_staked: formatUnits(row.total_staked),
    circulating: formatUnits(row.circulating),
    ton_paid_in: formatUnits(row.ton_paid_in),
    ton_paid_out: formatUnits(row.ton_paid_out),
    users: Number(row.users),
    active_stakes: Number(row.active_stakes),
    collective_bonus: Number(collective),
    updated_at: now,
  };
}

export interface StatsCacheOptions {
  db: Queryable;
  /** How long one answer is reused (STATS_CACHE_MS); 0 computes every time. */
  ttlMs: number;
  /** Milliseconds now (default Date.now). */
  clock?: () => number;
}

/** The per-process cache: `get()` answers the figures at most ttlMs old. A failed read is not kept. */
export function createStatsCache(options: StatsCacheOptions) {
  // Date.now read at each call, not captured here: a test's fake clock (vi.useFakeTimers) is seen.
  const clock = options.clock ?? (() => Date.now());
  let cached: { at: number; stats: Promise<FinancialStats> } | null = null;
  return {
    get(): Promise<FinancialStats> {
      const at = clock();
      if (cached && at - cached.at < options.ttlMs) return cached.stats;
      const stats = financialStats(options.db, Math.floor(at / 1000));
      const entry = { at, stats };
      cached = entry;
      stats.catch(() => {
        if (cached === entry) cached = null;
      });
      return stats;
    },
  };
}
