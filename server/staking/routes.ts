import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { callRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
import { calculateStake, createStake, listStakes } from './service';

export function stakingRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'stakeCreate', async ({ body, request }) =>
      createStake(deps, currentUser(request).userId, body.mint_id, unixNow()),
    );

    callRoute(app, 'stakeList', async ({ query, request }) =>
      listStakes(deps, currentUser(request).userId, query.page, query.limit),
    );

    callRoute(app, 'stakeCalculate', async ({ query, request }) =>
      calculateStake(deps, currentUser(request).userId, query.staking_id, unixNow()),
    );
  };
}
