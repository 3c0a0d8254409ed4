import { allSettled } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleOverviewModel } from '@console/pages/overview';
import { operatorSocket, type Overview } from '@console/shared/api';
import { FakeWebSocket } from '../unit/fake-websocket';
import { deferred, openConsole, signedInConsole, tick } from './console-scope';

const { overview, overviewFx, payoutsSetFx, maintenanceSetFx, payoutsAction, maintenanceAction } = consoleOverviewModel;

const figures = (change: Partial<Overview> = {}): Overview => ({
  users: { total: 1200, new_today: 14 },
  mint_received: { today: '12.5', week: '300' },
  paid_to_sellers: { today: '3', week: '40.25' },
  hot_wallet: { address: 'EQhot', balance: '50', queued: '7' },
  payouts: {
    state: 'running',
    reason: null,
    reason_coded: null,
    counts: { queued: 2, sending: 0, completed: 9, failed: 1, refunded: 0 },
    held_batches: 0,
  },
  watcher_lag_seconds: 4,
  maintenance: false,
  reviews_waiting: 3,
  treasury_waiting: 1,
  ...change,
});

describe('console: overview', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the figures when the screen opens', async () => {
    const read = vi.fn(async () => figures());
    const scope = signedInConsole([[overviewFx, read]]);
    await openConsole(scope, '/');
    expect(read).toHaveBeenCalledTimes(1);
    expect(scope.getState(overview.$data)?.users.total).toBe(1200);
  });

  it('pausing payouts asks first: nothing is sent until confirmed, nothing at all when cancelled', async () => {
    const set = vi.fn(async ({ body }: { body: { paused: boolean } }) => ({ paused: body.paused, counts: {} }));
    const scope = signedInConsole([
      [overviewFx, async () => figures()],
      [payoutsSetFx, set],
    ]);
    await openConsole(scope, '/');
    await allSettled(payoutsAction.requested, { scope, params: true });
    expect(scope.getState(payoutsAction.$asking)).toBe(true);
    expect(set).not.toHaveBeenCalled();
    await allSettled(payoutsAction.cancelled, { scope });
    expect(scope.getState(payoutsAction.$asking)).toBeNull();
    expect(set).not.toHaveBeenCalled();

    await allSettled(payoutsAction.requested, { scope, params: true });
    await allSettled(payoutsAction.confirmed, { scope });
    expect(set).toHaveBeenCalledExactlyOnceWith({ body: { paused: true } });
    expect(scope.getState(payoutsAction.$asking)).toBeNull();
  });

  it('once: while maintenance is being switched, a second confirmation sends nothing', async () => {
    const answer = deferred<{ enabled: boolean; detail: string }>();
    let maintenance = false;
    const set = vi.fn(async ({ body }: { body: { enabled: boolean } }) => {
      const result = await answer.promise;
      maintenance = body.enabled;
      return result;
    });
    const scope = signedInConsole([
      [overviewFx, async () => figures({ maintenance })],
      [maintenanceSetFx, set],
    ]);
    await openConsole(scope, '/');
    await allSettled(maintenanceAction.requested, { scope, params: true });
    void allSettled(maintenanceAction.confirmed, { scope });
    await tick();
    void allSettled(maintenanceAction.confirmed, { scope });
    void allSettled(maintenanceAction.requested, { scope, params: true });
    await tick();
    expect(scope.getState(maintenanceAction.$pending)).toBe(true);
    expect(set).toHaveBeenCalledTimes(1);
    answer.resolve({ enabled: true, detail: 'on' });
    await allSettled(scope);
    expect(scope.getState(overview.$data)?.maintenance).toBe(true);
  });

  it('the worker state and maintenance follow the operator socket', async () => {
    const scope = signedInConsole([[overviewFx, async () => figures()]]);
    await openConsole(scope, '/');
    await allSettled(operatorSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.url).toMatch(/\/api\/ws\/operator$/);
    expect(FakeWebSocket.last.sent[0]).toBe('operator-token');
    const payouts = { state: 'waiting', reason: 'hot wallet short', counts: {}, held_batches: 1 };
    FakeWebSocket.last.receive(JSON.stringify({ event: 'payouts:state', data: payouts }));
    FakeWebSocket.last.receive(JSON.stringify({ event: 'maintenance:state', data: { enabled: true } }));
    await allSettled(scope);
    expect(scope.getState(overview.$data)?.payouts).toEqual(payouts);
    expect(scope.getState(overview.$data)?.maintenance).toBe(true);
    await allSettled(operatorSocket.disconnectRequested, { scope });
  });

  it('disabled by the setting stays disabled whatever state the socket tells', async () => {
    const disabled = { ...figures().payouts, state: 'disabled' as const };
    const scope = signedInConsole([[overviewFx, async () => figures({ payouts: disabled })]]);
    await openConsole(scope, '/');
    await allSettled(operatorSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    const running = { state: 'running', reason: null, counts: {}, held_batches: 0 };
    FakeWebSocket.last.receive(JSON.stringify({ event: 'payouts:state', data: running }));
    await allSettled(scope);
    expect(scope.getState(overview.$data)?.payouts).toEqual(disabled);
    await allSettled(operatorSocket.disconnectRequested, { scope });
  });
});
