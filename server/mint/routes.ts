import type { FastifyInstance } from 'fastify';
import { mintCalculateQuerySchema, mintCreateBodySchema, pageQuerySchema } from '@/shared/api/contract';
import { currentUser } from '../http/auth-context';
import type { Deps } from '../deps';
import { unixNow } from '../lib/codes';
import { idParamsSchema, parseOr422, unitsSchema } from '../lib/validation';
import { calculateMint, cancelMint, createMint, listMints, listPlans } from './service';

// The contract's shapes, with amounts read exactly into nanotons (DESIGN.md §3).
const calculateQuerySchema = mintCalculateQuerySchema.extend({ amount: unitsSchema });
const createBodySchema = mintCreateBodySchema.extend({ amount: unitsSchema });

/** Registered inside the authenticated scope. */
export function mintRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    app.get('/api/mint/all-plans', async () => listPlans(deps));

    app.get('/api/mint/calculate', async (request) => {
      const query = parseOr422(calculateQuerySchema, request.query);
      return calculateMint(deps, query.amount, query.freeze_days);
    });

    app.post('/api/mint/create', async (request, reply) => {
      const body = parseOr422(createBodySchema, request.body);
      const mint = await createMint(deps, currentUser(request).userId, body, unixNow());
      return reply.code(201).send(mint);
    });

    app.post('/api/mint/:id/cancel', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      return cancelMint(deps, currentUser(request).userId, id, unixNow());
    });

    app.get('/api/mint/', async (request) => {
      const { page, limit } = parseOr422(pageQuerySchema, request.query);
      return listMints(deps, currentUser(request).userId, page, limit);
    });
  };
}
