import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { getMe } from '../users/service';
import { currentUser } from '../http/auth-context';
import { refresh, register, signOut } from './service';

export function authRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // The user comes with the tokens: the app's first screen needs no GET /user/me.
    callRoute(app, 'register', async ({ body, request }) => {
      const { tokens, userId } = await register(deps, body, request.log);
      return { ...tokens, user: await getMe(deps, userId) };
    });
    callRoute(app, 'logout', async ({ request, body }) =>
      signOut(deps, currentUser(request).userId, body.refresh_token),
    );
    callRoute(app, 'refresh', async ({ body }) =>
      refresh(deps, 'refresh_token' in body ? body.refresh_token : body.refresh),
    );
  };
}
