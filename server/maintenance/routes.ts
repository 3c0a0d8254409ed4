import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute, operatorRoute } from '../lib/call-route';
import { getMaintenance, publicStatus, setMaintenance } from './service';

export function maintenanceRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // No auth: the client polls it before and while signed in (docs/product.md §6).
    callRoute(app, 'maintenanceStatus', async () => publicStatus(await getMaintenance(deps.db)));

    // Operator API (npm run operator).
    operatorRoute(app, 'maintenanceGet', async () => getMaintenance(deps.db));
    operatorRoute(app, 'maintenanceSet', async ({ body: { enabled }, request }) => {
      request.log.warn({ enabled }, 'maintenance mode changed by operator');
      return setMaintenance(deps, enabled);
    });
  };
}
