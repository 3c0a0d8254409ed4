import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import type { Deps } from '../deps';
import { getMe } from './service';

/** Registered inside the authenticated scope. */
export function userRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.get('/api/user/me', async (request) => getMe(deps, currentUser(request).userId));
  };
}
