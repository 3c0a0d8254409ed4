import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { refresh, register } from './service';

export function authRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'register', async ({ body }) => register(deps, body));
    callRoute(app, 'refresh', async ({ body }) => refresh(deps, 'refresh_token' in body ? body.refresh_token : body.refresh));
  };
}
