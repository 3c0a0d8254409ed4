/**
 * Operator API for treasury transactions that were not credited (underpaid, unknown comment,
 * duplicate or late payments, overpayment excess): list them, and mark one resolved once handled
 * (refunded, credited by hand, …). Bearer ADMIN_TOKEN, like the other /api/admin calls.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { limitTextSchema } from '@/shared/api/contract';
import { OPERATOR_ROUTE } from '../http/auth-context';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { parseOr422 } from '../lib/validation';
import { resolveTransaction, transactionsToReview } from './queries';

const listQuerySchema = z.object({
  include_resolved: z.enum(['true', 'false']).default('false'),
  limit: limitTextSchema.default(100),
});
// The hash travels in the body: base64 has '/' and '+', which a path would mangle.
const resolveBodySchema = z.strictObject({
  hash: z.string().min(1).max(100),
  resolution: z.string().trim().min(1).max(1000),
});

export function treasuryAdminRoutes(deps: Pick<Deps, 'db' | 'config'>) {
  return async (app: FastifyInstance) => {
    const admin = OPERATOR_ROUTE;

    app.get('/api/admin/treasury/transactions', admin, async (request) => {
      const query = parseOr422(listQuerySchema, request.query);
      const rows = await transactionsToReview(deps.db, query.include_resolved === 'true', query.limit);
      return rows.map((row) => ({
        hash: row.hash,
        lt: row.lt.toString(),
        utime: Math.floor(row.utime.getTime() / 1000),
        source: row.source,
        amount_ton: formatUnits(row.amount_nanotons),
        comment: row.comment,
        outcome: row.outcome,
        mint_id: row.mint_id,
        recorded_at: Math.floor(row.recorded_at.getTime() / 1000),
        resolved_at: row.resolved_at ? Math.floor(row.resolved_at.getTime() / 1000) : null,
        resolution: row.resolution,
      }));
    });

    app.post('/api/admin/treasury/transactions/resolve', admin, async (request) => {
      const { hash, resolution } = parseOr422(resolveBodySchema, request.body);
      const outcome = await resolveTransaction(deps.db, hash, resolution);
      if (outcome === 'missing') throw new NotFoundError({ code: 'notFound', msg: 'No such transaction to review' });
      if (outcome === 'already') throw new ConflictError({ code: 'conflict', msg: 'This transaction is already resolved' });
      request.log.warn({ hash, resolution }, 'treasury transaction resolved by operator');
      return { hash, resolved: true };
    });
  };
}
