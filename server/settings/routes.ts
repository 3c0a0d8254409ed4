/**
 * The operator calls settingsGet (GET /api/admin/settings, bearer ADMIN_TOKEN): every global setting as
 * stored, the one place an operator reads them all (`npm run operator -- settings`); and settingsSet
 * (PATCH /api/admin/settings): the sale's fee percent, network fee and minimum (`settings set`).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { allSettings, changeSettings } from './service';

export function settingsRoutes(deps: Pick<Deps, 'db'>) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'settingsGet', async () => allSettings(deps.db));

    operatorRoute(app, 'settingsSet', async ({ body, request }) => {
      const settings = await changeSettings(deps.db, body);
      request.log.warn({ change: Object.keys(body) }, 'sale settings changed by operator');
      return settings;
    });
  };
}
