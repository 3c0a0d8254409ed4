import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
import { calculateMint, cancelMint, createMint, listMints, listPlans } from './service';

export function mintRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'mintPlans', async () => listPlans(deps));

    callRoute(app, 'mintCalculate', async ({ query }) => calculateMint(deps, query.amount, query.freeze_days));

    callRoute(app, 'mintCreate', async ({ body, request }) =>
      createMint(deps, currentUser(request).userId, body, unixNow()),
    );

    callRoute(app, 'mintCancel', async ({ params, request }) =>
      cancelMint(deps, currentUser(request).userId, params.id, unixNow()),
    );

    callRoute(app, 'mintList', async ({ query, request }) =>
      listMints(deps, currentUser(request).userId, query.page, query.limit),
    );
  };
}
