import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { transferFromReferralBalance } from './service';

export function withdrawRoutes(deps: Pick<Deps, 'db' | 'bus'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'referralTransfer', async ({ body, request }) =>
      transferFromReferralBalance(deps, currentUser(request).userId, body.token_amount),
    );
  };
}
