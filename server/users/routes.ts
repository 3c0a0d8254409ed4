import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { getMe } from './service';

/** Registered inside the authenticated scope. */
export function userRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.get('/api/user/me', async (request) => getMe(deps, currentUser(request).userId));
  };
}
