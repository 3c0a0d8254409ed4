import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, stakeCalculateQuerySchema, stakeCreateBodySchema } from '@/shared/api/contract';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { unixNow } from '../lib/codes';
import { parseOr422 } from '../lib/validation';
import { calculateStake, createStake, listStakes } from './service';

/** Registered inside the authenticated scope. */
export function stakingRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    app.post('/api/staking/create', async (request, reply) => {
      const { mint_id } = parseOr422(stakeCreateBodySchema, request.body);
      const stake = await createStake(deps, currentUser(request).userId, mint_id, unixNow());
      return reply.code(201).send(stake);
    });

    app.get('/api/staking/', async (request) => {
      const { page, limit } = parseOr422(pageQuerySchema, request.query);
      return listStakes(deps, currentUser(request).userId, page, limit);
    });

    app.get('/api/staking/calculate', async (request) => {
      const { staking_id } = parseOr422(stakeCalculateQuerySchema, request.query);
      return calculateStake(deps, currentUser(request).userId, staking_id, unixNow());
    });
  };
}
