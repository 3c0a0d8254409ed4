import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
import {
  activateFarmingCode,
  cancelFarmingLink,
  createFarmingLink,
  farmingActivationStatus,
  farmingCalculate,
  farmingPlans,
  listFarmingLinks,
} from './service';

export function farmingRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'farmingPlans', async ({ query, request }) =>
      farmingPlans(deps, currentUser(request).userId, query),
    );

    callRoute(app, 'farmingCalculate', async ({ query }) => farmingCalculate(deps, query));

    callRoute(app, 'farmingCreate', async ({ body, request }) =>
      createFarmingLink(deps, currentUser(request).userId, body, unixNow()),
    );

    callRoute(app, 'farmingList', async ({ query, request }) =>
      listFarmingLinks(deps, currentUser(request).userId, query.page, query.limit),
    );

    callRoute(app, 'farmingCancel', async ({ params, request }) =>
      cancelFarmingLink(deps, currentUser(request).userId, params.id, unixNow()),
    );

    callRoute(app, 'farmingActivationStatus', async ({ query, request }) =>
      farmingActivationStatus(deps, currentUser(request).userId, query.activation_code),
    );

    callRoute(app, 'farmingActivate', async ({ body, request }) =>
      activateFarmingCode(deps, currentUser(request).userId, body.activation_code, unixNow()),
    );
  };
}
