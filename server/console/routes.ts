/**
 * The operator calls that find users (usersFind: GET /api/admin/users?q=) and show one (userDetail:
 * GET /api/admin/users/:id), read only: balances move only through the flows (`npm run operator -- users …`).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { findUsers } from '../users/service';
import { userDetail } from './service';

export function consoleRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'usersFind', async ({ query }) => findUsers(deps, query.q, query.limit));
    operatorRoute(app, 'userDetail', async ({ params: { id } }) => userDetail(deps, id));
  };
}
