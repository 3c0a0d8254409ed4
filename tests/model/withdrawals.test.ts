import { allSettled, type EventCallable, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userDataRefetched, userModel } from '@/entities/user';
import { withdrawalModel } from '@/entities/withdrawal';
import { historyModel, priceModel } from '@/pages/dashboard';
import { appSocket, type Withdrawal, type WithdrawHistory } from '@/shared/api';
import { router } from '@/shared/routing';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, signedInMember } from './scope';
import { withdrawal } from './withdrawal-fixture';
import type { UserMe } from '@/shared/api';
import { mintModel } from '@/entities/mint';
import { stakeModel } from '@/entities/stake';

const {
  $withdrawals,
  $total,
  $hasMore,
  $loaded,
  $loadFailed,
  $moreFailed,
  withdrawalsRequested,
  moreRequested,
  endOfListReached,
  withdrawalUpdated,
} = withdrawalModel;

/** Ids `from` down to `to`, newest first. */
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

/** A server holding withdrawals 1..`count()` (statuses by `status`): pages newest first, 10 a page. */
function server(count: () => number, status: (id: number) => Withdrawal['status'] = () => 'queued') {
  return vi.fn(
    async ({
      query: { page: n = 1, size = 10 } = {},
    }: { query?: { page?: number; size?: number } } = {}): Promise<WithdrawHistory | null> => {
      const all = ids(count(), 1);
      return {
        data: all.slice((n - 1) * size, n * size).map((id) => withdrawal(id, { status: status(id) })),
        total: all.length,
      };
    },
  );
}

const shownIds = (scope: Scope) => scope.getState($withdrawals).map((row) => row.id);

async function fire<T>(scope: Scope, unit: EventCallable<T>, ...params: T extends void ? [] : [NoInfer<T>]) {
  void allSettled(unit as EventCallable<unknown>, { scope, params: params[0] });
  await vi.advanceTimersByTimeAsync(0);
}

function setup(read: (parts?: { query?: { page?: number; size?: number } }) => Promise<WithdrawHistory | null>) {
  const operations = vi.fn(async () => ({ data: [], total: 0 }));
  const emptyList = async () => ({ data: [], total: 0, page: 1, limit: 300 });
  const test = createTestScope({
    values: signedInMember,
    handlers: [
      [withdrawalModel.readWithdrawalsFx, read],
      [historyModel.readOperationsFx, operations],
      [mintModel.readMintsFx, emptyList],
      [stakeModel.readStakesFx, emptyList],
      [priceModel.loadPriceFx, async () => ({ price: '0.01', price_change_24h: 0, price_change_30d: 0 })],
      // A refetch of the user data reads the user again.
      [userModel.loadUserFx, async () => signedInMember[1]![1] as UserMe],
    ],
  });
  return { ...test, operations };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the withdrawals list (entities/withdrawal)', () => {
  it('reads page 1, newest first, then appends pages without repeats up to the total', async () => {
    let count = 23;
    const read = server(() => count);
    const { scope } = setup(read);
    await fire(scope, withdrawalsRequested);
    expect(read).toHaveBeenCalledWith({ query: { page: 1, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(23, 14));
    expect(scope.getState($total)).toBe(23);
    expect(scope.getState($loaded)).toBe(true);

    // Two sales meanwhile shift the pages: page 2 now starts at 15, which is not repeated.
    count = 25;
    await fire(scope, endOfListReached);
    expect(read).toHaveBeenLastCalledWith({ query: { page: 2, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(23, 6));
    await fire(scope, moreRequested);
    expect(shownIds(scope)).toEqual(ids(23, 1));
    expect(scope.getState($hasMore)).toBe(false);
    expect(read).toHaveBeenCalledTimes(3);
    await fire(scope, endOfListReached);
    await fire(scope, moreRequested);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('page 1 again puts new rows on top with their current statuses and keeps the pages read', async () => {
    let count = 15;
    let completed = 0;
    const read = server(
      () => count,
      (id) => (id <= completed ? 'completed' : 'queued'),
    );
    const { scope } = setup(read);
    await fire(scope, withdrawalsRequested);
    await fire(scope, moreRequested);
    expect(shownIds(scope)).toEqual(ids(15, 1));
    count = 17;
    completed = 16;
    await fire(scope, withdrawalsRequested);
    expect(shownIds(scope)).toEqual(ids(17, 1));
    expect(scope.getState($withdrawals).find((row) => row.id === 15)?.status).toBe('completed');
    expect(scope.getState($total)).toBe(17);
    expect(scope.getState($hasMore)).toBe(false);
  });

  it('says when page 1 fails (network or 5xx), and when a next page fails', async () => {
    const { scope } = setup(async () => null);
    await fire(scope, withdrawalsRequested);
    expect(scope.getState($loaded)).toBe(false);
    expect(scope.getState($loadFailed)).toBe(true);

    let fail = false;
    const read = server(() => 12);
    const flaky = vi.fn(async (parts?: { query?: { page?: number; size?: number } }) => (fail ? null : read(parts)));
    const second = setup(flaky);
    await fire(second.scope, withdrawalsRequested);
    fail = true;
    await fire(second.scope, moreRequested);
    expect(second.scope.getState($moreFailed)).toBe(true);
    fail = false;
    await fire(second.scope, moreRequested);
    expect(second.scope.getState($moreFailed)).toBe(false);
    expect(shownIds(second.scope)).toEqual(ids(12, 1));
  });

  it('live: the row with the same id is replaced, a new one goes on top and counts, an older unread one waits for its page', async () => {
    const read = server(() => 23);
    const { scope } = setup(read);
    await fire(scope, withdrawalsRequested);

    await fire(scope, withdrawalUpdated, withdrawal(20, { status: 'completed', tx_hash: 'ab'.repeat(32) }));
    expect(shownIds(scope)).toEqual(ids(23, 14));
    expect(scope.getState($withdrawals)[3]).toMatchObject({ id: 20, status: 'completed', tx_hash: 'ab'.repeat(32) });
    expect(scope.getState($total)).toBe(23);

    await fire(scope, withdrawalUpdated, withdrawal(24));
    expect(shownIds(scope)).toEqual(ids(24, 14));
    expect(scope.getState($total)).toBe(24);

    await fire(scope, withdrawalUpdated, withdrawal(3, { status: 'failed' }));
    expect(shownIds(scope)).toEqual(ids(24, 14));
    expect(scope.getState($total)).toBe(24);
  });

  it('a user:withdrawal push changes the status on screen', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
    const { scope } = setup(server(() => 2));
    await fire(scope, withdrawalsRequested);
    await fire(scope, appSocket.connectRequested);
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(
      JSON.stringify({ event: 'user:withdrawal', data: withdrawal(2, { status: 'sending' }) }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($withdrawals).map((row) => [row.id, row.status])).toEqual([
      [2, 'sending'],
      [1, 'queued'],
    ]);
    await fire(scope, appSocket.disconnectRequested);
    vi.unstubAllGlobals();
  });
});

describe('/history: operations | withdrawals', () => {
  const open = (scope: Scope) => fire(scope, router.setHistory, createMemoryHistory({ initialEntries: ['/history'] }));

  it('reads the withdrawals when their tab is chosen, and again on a user data refetch while it shows', async () => {
    const read = server(() => 3);
    const { scope, operations } = setup(read);
    await open(scope);
    expect(scope.getState(historyModel.$tab)).toBe('operations');
    expect(operations).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled();

    await fire(scope, historyModel.tabChosen, 'withdrawals');
    expect(read).toHaveBeenCalledTimes(1);
    expect(shownIds(scope)).toEqual([3, 2, 1]);
    await fire(scope, userDataRefetched);
    expect(read).toHaveBeenCalledTimes(2);

    await fire(scope, historyModel.tabChosen, 'operations');
    await fire(scope, userDataRefetched);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('opens on the Withdrawals tab when it was the last chosen, reading them as the screen opens', async () => {
    const read = server(() => 1);
    const { scope } = setup(read);
    await fire(scope, historyModel.tabChosen, 'withdrawals');
    expect(read).not.toHaveBeenCalled(); // the screen is not open
    await open(scope);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
