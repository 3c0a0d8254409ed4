import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { createStatsCache } from './service';

export function statsRoutes(deps: Pick<Deps, 'db' | 'config'>) {
  return async (app: FastifyInstance) => {
    const cache = createStatsCache({ db: deps.db, ttlMs: deps.config.statsCacheMs });
    callRoute(app, 'financialStats', async () => cache.get());
  };
}
