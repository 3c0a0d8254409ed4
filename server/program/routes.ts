import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { programRules } from './service';

export function programRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'programRules', async () => programRules(deps));
  };
}
