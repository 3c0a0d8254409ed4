import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { getMe } from './service';

export function userRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'me', async ({ request }) => getMe(deps, currentUser(request).userId));
  };
}
