import { allSettled, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleWithdrawalsModel } from '@console/pages/withdrawals';
import { operatorSocket, type OperatorWithdrawal } from '@console/shared/api';
import { FakeWebSocket } from '../unit/fake-websocket';
import { deferred, openConsole, signedInConsole, tick } from './console-scope';

const { withdrawals, withdrawalsListFx, withdrawalRetryFx, withdrawalRefundFx, retryAction, refundAction, $outcomes } =
  consoleWithdrawalsModel;

const withdrawal = (id: number, change: Partial<OperatorWithdrawal> = {}): OperatorWithdrawal => ({
  id,
  user_id: 9,
  source: 'balance_token',
  token_amount: '100',
  ton_amount: '1.5',
  fee: '0.05',
  address: 'UQaddress',
  status: 'failed',
  batch_id: 4,
  tx_hash: null,
  error: 'bounced',
  error_coded: null,
  created_at: 1_700_000_000,
  user: { telegram_id: 777, first_name: 'Ivan', username: 'ivan' },
  ...change,
});
const statusOf = (scope: Scope, id: number) => scope.getState(withdrawals.$data).find((row) => row.id === id)?.status;

describe('console: withdrawals needing attention', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refund asks first, is sent once while pending, and its outcome is shown on the row', async () => {
    const answer = deferred<OperatorWithdrawal>();
    const refund = vi.fn(() => answer.promise);
    const scope = signedInConsole([
      [withdrawalsListFx, async () => [withdrawal(1), withdrawal(2)]],
      [withdrawalRefundFx, refund],
    ]);
    await openConsole(scope, '/withdrawals');
    await allSettled(refundAction.requested, { scope, params: 1 });
    expect(refund).not.toHaveBeenCalled();
    void allSettled(refundAction.confirmed, { scope });
    await tick();
    void allSettled(refundAction.confirmed, { scope });
    void allSettled(refundAction.requested, { scope, params: 1 });
    await tick();
    expect(refund).toHaveBeenCalledExactlyOnceWith({ params: { id: 1 } });
    expect(scope.getState(refundAction.$pending)).toBe(true);

    answer.resolve(withdrawal(1, { status: 'refunded', error: null }));
    await allSettled(scope);
    expect(statusOf(scope, 1)).toBe('refunded');
    expect(scope.getState($outcomes)).toEqual({ 1: 'refunded' });
    expect(scope.getState(refundAction.$asking)).toBeNull();
  });

  it('a failed payout may be refunded or sent again; one waiting in the queue only refunded; others neither', () => {
    const { canAct, canRetry } = consoleWithdrawalsModel;
    const failed = withdrawal(1);
    const waiting = withdrawal(2, { status: 'queued', error: 'The hot wallet holds 0 TON', batch_id: null });
    const queued = withdrawal(3, { status: 'queued', error: null, batch_id: null });
    expect([canAct(failed), canRetry(failed)]).toEqual([true, true]);
    expect([canAct(waiting), canRetry(waiting)]).toEqual([true, false]);
    expect([canAct(queued), canRetry(queued)]).toEqual([false, false]);
  });

  it('retry is not sent when the confirmation is cancelled', async () => {
    const retry = vi.fn(async () => withdrawal(1, { status: 'queued', error: null }));
    const scope = signedInConsole([
      [withdrawalsListFx, async () => [withdrawal(1)]],
      [withdrawalRetryFx, retry],
    ]);
    await openConsole(scope, '/withdrawals');
    await allSettled(retryAction.requested, { scope, params: 1 });
    await allSettled(retryAction.cancelled, { scope });
    expect(retry).not.toHaveBeenCalled();
  });

  it('withdrawal:changed updates its row, and one newly failed joins the list', async () => {
    const scope = signedInConsole([[withdrawalsListFx, async () => [withdrawal(1)]]]);
    await openConsole(scope, '/withdrawals');
    await allSettled(operatorSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(
      JSON.stringify({ event: 'withdrawal:changed', data: withdrawal(1, { status: 'sending', error: null }) }),
    );
    FakeWebSocket.last.receive(JSON.stringify({ event: 'withdrawal:changed', data: withdrawal(5) }));
    FakeWebSocket.last.receive(
      JSON.stringify({ event: 'withdrawal:changed', data: withdrawal(6, { status: 'completed', error: null }) }),
    );
    await allSettled(scope);
    expect(scope.getState(withdrawals.$data).map((row) => [row.id, row.status])).toEqual([
      [5, 'failed'],
      [1, 'sending'],
    ]);
    await allSettled(operatorSocket.disconnectRequested, { scope });
  });
});
