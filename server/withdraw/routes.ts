/**
 * The withdraw calls (contract: referralTransfer, withdrawCalculate, withdrawCreate, withdrawHistory) and
 * the operator API under /api/admin/withdrawals (bearer ADMIN_TOKEN; not in the contract): payouts that
 * need a person, their refund and their retry; /api/admin/payouts holds and releases the payout worker,
 * and /api/admin/payouts/held lists the batches it holds, each of which can be signed again (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema, limitTextSchema } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { OPERATOR_ROUTE, currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { parseOr422 } from '../lib/validation';
import {
  calculateSale,
  createWithdrawal,
  heldBatches,
  payoutsState,
  refundWithdrawal,
  requestHeldBatchResign,
  retryWithdrawal,
  setPayoutsPaused,
  transferFromReferralBalance,
  withdrawHistory,
  withdrawalsForOperator,
} from './service';

const operatorListQuerySchema = z.object({ limit: limitTextSchema.default(100) });
const payoutsBodySchema = z.strictObject({ paused: z.boolean() });

export function withdrawRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'referralTransfer', async ({ body, request }) =>
      transferFromReferralBalance(deps, currentUser(request).userId, body.token_amount),
    );

    callRoute(app, 'withdrawCalculate', async ({ query }) => calculateSale(deps, query.token_amount));

    callRoute(app, 'withdrawCreate', async ({ body, request }) => createWithdrawal(deps, currentUser(request).userId, body));

    callRoute(app, 'withdrawHistory', async ({ query, request }) => withdrawHistory(deps, currentUser(request).userId, query));

    // ---- operator API (npm run operator -- withdrawals …) ----
    const admin = OPERATOR_ROUTE;

    app.get('/api/admin/withdrawals', admin, async (request) => {
      const { limit } = parseOr422(operatorListQuerySchema, request.query);
      return withdrawalsForOperator(deps, limit);
    });

    app.post('/api/admin/withdrawals/:id/refund', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const withdrawal = await refundWithdrawal(deps, id);
      request.log.warn({ withdrawal_id: id, user_id: withdrawal.user_id }, 'withdrawal refunded by operator');
      return withdrawal;
    });

    app.get('/api/admin/payouts', admin, async () => payoutsState(deps));

    app.post('/api/admin/payouts', admin, async (request) => {
      const { paused } = parseOr422(payoutsBodySchema, request.body);
      const state = await setPayoutsPaused(deps, paused);
      request.log.warn({ paused }, paused ? 'payouts held by operator' : 'payouts released by operator');
      return state;
    });

    app.get('/api/admin/payouts/held', admin, async () => heldBatches(deps));

    app.post('/api/admin/payouts/held/:id/resign', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const batch = await requestHeldBatchResign(deps, id);
      request.log.warn({ batch_id: id, withdrawals: batch.withdrawals }, 'held payout batch to be signed again (operator)');
      return batch;
    });

    app.post('/api/admin/withdrawals/:id/retry', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const withdrawal = await retryWithdrawal(deps, id);
      request.log.warn({ withdrawal_id: id, user_id: withdrawal.user_id }, 'withdrawal queued again by operator');
      return withdrawal;
    });
  };
}
