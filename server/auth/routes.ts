import type { FastifyInstance } from 'fastify';
import { refreshBodySchema, registerBodySchema } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { parseOr422 } from '../lib/validation';
import { refresh, register } from './service';

export function authRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.post('/api/auth/register', async (request) => {
      return register(deps, parseOr422(registerBodySchema, request.body));
    });

    app.post('/api/auth/refresh', async (request) => {
      const body = parseOr422(refreshBodySchema, request.body);
      return refresh(deps, 'refresh_token' in body ? body.refresh_token : body.refresh);
    });
  };
}
