import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute, operatorRoute } from '../lib/call-route';
import { type HotWalletView, operatorOverview } from './overview';
import { createStatsCache } from './service';

/**
 * financialStats (GET /stats/financial, cached per process) and the operator's overview (GET
 * /api/admin/overview, read at each call; `npm run operator -- overview`). hotWallet: the payout wallet's
 * address and balance reader (null when payouts are off).
 */
export function statsRoutes(deps: Pick<Deps, 'db' | 'config'>, hotWallet: HotWalletView | null) {
  return async (app: FastifyInstance) => {
    const cache = createStatsCache({ db: deps.db, ttlMs: deps.config.statsCacheMs });
    callRoute(app, 'financialStats', async () => cache.get());

    operatorRoute(app, 'overview', async () => operatorOverview(deps, hotWallet));
  };
}
