import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@contract';
import type { Deps } from '../deps';
import { parseOr422 } from '../lib/validation';
import { getMaintenance, setMaintenance } from '../maintenance/service';
import { currentPrice, nudgePrice } from '../price/service';
import { unixNow } from '../lib/codes';
import {
  createSandboxUserSchema,
  grantSchema,
  launchQuerySchema,
  maintenanceSwitchSchema,
  patchSandboxUserSchema,
  preparedMessageParamsSchema,
  priceNudgeSchema,
} from './schemas';
import { createUser, grant, launch, listUsers, preparedMessage, updateUser } from './service';
import { botRoutes } from './bot';
import { sendSandboxPage } from './pages';
import { sendScriptFile } from './script-file';
import { devWalletRoutes } from './wallet/routes';

/**
 * The app's own formatter (plain JavaScript on purpose), served to the launcher and the dev wallet so every
 * figure in the sandbox reads as in the app: one source, not a copy (tests/server/sandbox-format.test.ts).
 */
export const FORMAT_SCRIPT_PATH = '/sandbox/format.js';

/** The launcher's pages and API, and the dev wallet (sandbox/index.ts registers them in sandbox mode only). */
export function sandboxRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // Development pages with inline scripts: each with its own CSP instead of the app's (pages.ts).
    const page = { config: { ownCsp: true } };
    app.get('/sandbox/', page, async (_request, reply) => sendSandboxPage(reply, 'launcher.html', deps.config));
    app.get('/sandbox/frame.html', page, async (_request, reply) => sendSandboxPage(reply, 'frame.html', deps.config));
    app.get(FORMAT_SCRIPT_PATH, async (request, reply) =>
      sendScriptFile(request, reply, 'contract/format/format-core.js'),
    );

    app.get('/sandbox/api/users', async () => listUsers(deps));
    app.post('/sandbox/api/users', async (request, reply) => {
      reply.code(201);
      return createUser(deps, parseOr422(createSandboxUserSchema, request.body));
    });
    app.patch('/sandbox/api/users/:id', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      return updateUser(deps, id, parseOr422(patchSandboxUserSchema, request.body));
    });
    app.get('/sandbox/api/users/:id/launch', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const query = parseOr422(launchQuerySchema, request.query);
      return launch(deps, id, {
        farmCode: query.farm_code,
        via: query.via,
        startParam: query.start_param,
        version: query.version,
      });
    });
    app.post('/sandbox/api/users/:id/grant', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      return grant(deps, id, parseOr422(grantSchema, request.body));
    });
    app.get('/sandbox/api/users/:id/prepared-messages/:messageId', async (request) => {
      const { id, messageId } = parseOr422(preparedMessageParamsSchema, request.params);
      return preparedMessage(deps, id, messageId);
    });

    app.get('/sandbox/api/maintenance', async () => getMaintenance(deps.db));
    app.post('/sandbox/api/maintenance', async (request) => {
      const { enabled } = parseOr422(maintenanceSwitchSchema, request.body);
      return setMaintenance(deps, enabled);
    });

    // The price as the app reads it, and the launcher's Price ↑ / ↓: one tick each (price_update, candles).
    app.get('/sandbox/api/price', async () => currentPrice(deps.db, unixNow()));
    app.post('/sandbox/api/price', async (request) => {
      const { direction } = parseOr422(priceNudgeSchema, request.body);
      return nudgePrice(deps, direction);
    });

    await app.register(devWalletRoutes(deps));
    await app.register(botRoutes(deps));
  };
}
