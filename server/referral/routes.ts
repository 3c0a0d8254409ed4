import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { listReferrals, prepareShareMessage } from './service';

export function referralRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config' | 'shareMessages'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'referrals', async ({ query, request }) =>
      listReferrals(deps, currentUser(request).userId, query.page, query.limit),
    );

    callRoute(app, 'shareMessage', async ({ request }) => prepareShareMessage(deps, currentUser(request).userId));
  };
}
