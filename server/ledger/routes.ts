import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { operationHistory } from './service';

export function ledgerRoutes(deps: Pick<Deps, 'db'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'operationsHistory', async ({ query, request }) =>
      operationHistory(deps, currentUser(request).userId, query),
    );
  };
}
