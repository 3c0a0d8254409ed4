import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { unixNow } from '../lib/codes';
import { currentPrice } from './service';

/** Registered inside the authenticated scope. */
export function priceRoutes(deps: Pick<Deps, 'db'>) {
  return async (app: FastifyInstance) => {
    app.get('/api/price/current-price', async () => currentPrice(deps.db, unixNow()));
  };
}
