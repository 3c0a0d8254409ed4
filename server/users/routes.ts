import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { userHoldings } from './holdings';
import { getMe, setNotifications } from './service';

export function userRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'me', async ({ request }) => getMe(deps, currentUser(request).userId));
    callRoute(app, 'holdings', async ({ request }) => userHoldings(deps.db, currentUser(request).userId));
    callRoute(app, 'notifications', async ({ body, request }) =>
      setNotifications(deps, currentUser(request).userId, body.enabled),
    );
  };
}
