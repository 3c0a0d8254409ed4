import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
import { currentPrice } from './service';

export function priceRoutes(deps: Pick<Deps, 'db'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'currentPrice', async () => currentPrice(deps.db, unixNow()));
  };
}
