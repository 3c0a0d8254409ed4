/**
 * The operator call settingsGet (GET /api/admin/settings, bearer ADMIN_TOKEN): every global setting as
 * stored, the one place an operator reads them all (`npm run operator -- settings`).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { allSettings } from './service';

export function settingsRoutes(deps: Pick<Deps, 'db'>) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'settingsGet', async () => allSettings(deps.db));
  };
}
