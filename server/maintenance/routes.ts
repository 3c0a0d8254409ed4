import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPERATOR_ROUTE } from '../http/auth-context';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { parseOr422 } from '../lib/validation';
import { getMaintenance, publicStatus, setMaintenance } from './service';

export const maintenanceBodySchema = z.strictObject({ enabled: z.boolean() });

export function maintenanceRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // No auth: the client polls it before and while signed in (SPEC §6).
    callRoute(app, 'maintenanceStatus', async () => publicStatus(await getMaintenance(deps.db)));

    // Operator API (npm run operator).
    const admin = OPERATOR_ROUTE;
    app.get('/api/admin/maintenance', admin, async () => getMaintenance(deps.db));
    app.post('/api/admin/maintenance', admin, async (request) => {
      const { enabled } = parseOr422(maintenanceBodySchema, request.body);
      request.log.warn({ enabled }, 'maintenance mode changed by operator');
      return setMaintenance(deps.db, enabled);
    });
  };
}
