/**
 * Operator API for treasury transactions that were not credited (underpaid, unknown comment,
 * duplicate or late payments, overpayment excess): list them, and mark one resolved once handled
 * (refunded, credited by hand, …). Bearer ADMIN_TOKEN, like the other /api/admin calls.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { ConflictError, NotFoundError } from '../lib/errors';
import { resolveTransaction } from './queries';
import { transactionsForOperator } from './service';

export function treasuryAdminRoutes(deps: Pick<Deps, 'db' | 'config'>) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'treasuryTransactions', async ({ query }) =>
      transactionsForOperator(deps, query.include_resolved === 'true', query.limit),
    );

    operatorRoute(app, 'treasuryResolve', async ({ body: { hash, resolution }, request }) => {
      const outcome = await resolveTransaction(deps.db, hash, resolution);
      if (outcome === 'missing') throw new NotFoundError({ code: 'notFound', msg: 'No such transaction to review' });
      if (outcome === 'already')
        throw new ConflictError({ code: 'conflict', msg: 'This transaction is already resolved' });
      request.log.warn({ hash, resolution }, 'treasury transaction resolved by operator');
      return { hash, resolved: true as const };
    });
  };
}
