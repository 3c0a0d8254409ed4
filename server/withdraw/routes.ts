/**
 * The withdraw calls (contract: referralTransfer, withdrawCalculate, withdrawCreate, withdrawHistory) and
 * the operator calls under /api/admin/withdrawals (bearer ADMIN_TOKEN; the contract's operatorRoutes): payouts that
 * need a person, their refund and their retry; /api/admin/payouts holds and releases the payout worker,
 * and /api/admin/payouts/held lists the batches it holds, each of which can be signed again (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute, operatorRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
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

export function withdrawRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'referralTransfer', async ({ body, request }) =>
      transferFromReferralBalance(deps, currentUser(request).userId, body.token_amount),
    );

    callRoute(app, 'withdrawCalculate', async ({ query }) => calculateSale(deps, query.token_amount));

    callRoute(app, 'withdrawCreate', async ({ body, request }) =>
      createWithdrawal(deps, currentUser(request).userId, body, unixNow()),
    );

    callRoute(app, 'withdrawHistory', async ({ query, request }) =>
      withdrawHistory(deps, currentUser(request).userId, query),
    );

    // ---- operator API (npm run operator -- withdrawals …) ----
    operatorRoute(app, 'withdrawalsList', async ({ query }) => withdrawalsForOperator(deps, query.limit));

    operatorRoute(app, 'withdrawalRefund', async ({ params: { id }, request }) => {
      const withdrawal = await refundWithdrawal(deps, id);
      request.log.warn({ withdrawal_id: id, user_id: withdrawal.user_id }, 'withdrawal refunded by operator');
      return withdrawal;
    });

    operatorRoute(app, 'payoutsGet', async () => payoutsState(deps));

    operatorRoute(app, 'payoutsSet', async ({ body: { paused }, request }) => {
      const state = await setPayoutsPaused(deps, paused);
      request.log.warn({ paused }, paused ? 'payouts held by operator' : 'payouts released by operator');
      return state;
    });

    operatorRoute(app, 'payoutsHeld', async () => heldBatches(deps));

    operatorRoute(app, 'payoutResign', async ({ params: { id }, request }) => {
      const batch = await requestHeldBatchResign(deps, id);
      request.log.warn(
        { batch_id: id, withdrawals: batch.withdrawals },
        'held payout batch to be signed again (operator)',
      );
      return batch;
    });

    operatorRoute(app, 'withdrawalRetry', async ({ params: { id }, request }) => {
      const withdrawal = await retryWithdrawal(deps, id);
      request.log.warn({ withdrawal_id: id, user_id: withdrawal.user_id }, 'withdrawal queued again by operator');
      return withdrawal;
    });
  };
}
