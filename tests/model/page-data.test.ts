import { allSettled, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $phase, appStarted, readLaunchParamsFx } from '@/app/model';
import { userModel } from '@/entities/user';
import { maintenanceModel } from '@/features/maintenance-mode';
// The pages' routes and chains, as the app's routes view registers them.
import '@/pages/dashboard';
import '@/pages/mint';
import { referralsModel } from '@/pages/referral';
import '@/pages/staking';
import '@/pages/tasks';
import '@/widgets/navbar';
import {
  appSocket,
  candleSocket,
  MAINTENANCE_OFF_DETAIL,
  readCredentialsFx,
  type ReferralList,
  type UserMe,
} from '@/shared/api';
import { visibilityChanged } from '@/shared/lib/page-visibility';
import { attachBrowserHistoryFx, routes } from '@/shared/routing';
import { createTonConnectFx } from '@/shared/ton-connect';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope } from './scope';
import { priceChartModel, priceModel, statsModel, historyModel } from '@/pages/dashboard';
import { mintModel } from '@/entities/mint';
import { stakeModel } from '@/entities/stake';
import { taskModel } from '@/entities/task';
import { sessionModel } from '@/entities/session';

/*
 * Page data loads in the route's chain (docs/style.md §3), once per opening: the whole launch runs (sign-in,
 * user, socket) and each list endpoint is counted. E2E can assert the same on the network: one
 * GET /api/mint/ and one GET /api/staking/ while the dashboard first loads.
 */

const user = { id: 1, telegram_id: 777, ref: { level: 0 }, community_participation: true } as UserMe;
const emptyPage = { data: [], total: 0, page: 1, limit: 300 };

function launchAt(path: string, me: UserMe = user) {
  const calls = {
    me: vi.fn(async () => me),
    mints: vi.fn(async () => emptyPage),
    stakes: vi.fn(async () => emptyPage),
    plans: vi.fn(async () => []),
    price: vi.fn(async () => ({ price: '0.01', price_change_24h: 0, price_change_30d: 0 })),
    tasks: vi.fn(async () => []),
    candles: vi.fn(async () => ({ interval: '5m' as const, candles: [] })),
    stats: vi.fn(async () => null),
    operations: vi.fn(async () => ({ data: [], total: 0 })),
    referrals: vi.fn(async (): Promise<ReferralList> => ({
      ...emptyPage,
      tier: { level: 0, percent: 5, turnover: '0', next_level_turnover: '50', next_percent: 6 },
      new_referrals_count: 0,
      total_earned: '0',
    })),
  };
  const history = createMemoryHistory({ initialEntries: [path] });
  const setup = createTestScope({
    handlers: [
      [readCredentialsFx, () => ({ token: null, refresh: null, telegramUserId: null })],
      [
        readLaunchParamsFx,
        () => ({
          initData: 'query_id=1&hash=abc',
          telegramUserId: 777,
          startParam: null,
          platform: 'android',
          version: '8.0',
          colorScheme: 'light' as const,
          languageCode: 'en',
        }),
      ],
      [attachBrowserHistoryFx, () => history],
      [maintenanceModel.checkMaintenanceFx, async () => ({ detail: MAINTENANCE_OFF_DETAIL })],
      [sessionModel.registerWithLaunchDataFx, async () => ({ token: 'access', refresh: 'refresh', user: me })],
      [createTonConnectFx, async () => undefined],
      [userModel.loadUserFx, calls.me],
      [mintModel.readMintsFx, calls.mints],
      [stakeModel.readStakesFx, calls.stakes],
      [mintModel.readPlansFx, calls.plans],
      [priceModel.loadPriceFx, calls.price],
      [referralsModel.readReferralsFx, calls.referrals],
      [taskModel.readTasksFx, calls.tasks],
      [historyModel.readOperationsFx, calls.operations],
      [priceChartModel.readCandlesFx, calls.candles],
      [statsModel.readStatsFx, calls.stats],
    ],
  });
  return { ...setup, calls, history };
}

async function start(scope: Scope) {
  void allSettled(appStarted, { scope });
  await vi.advanceTimersByTimeAsync(0);
  expect(scope.getState($phase)).toBe('ready');
}

/** The maintenance poll runs meanwhile: fire and let the clock settle, never await allSettled. */
async function go(scope: Scope, route: (typeof routes)[keyof typeof routes]) {
  void allSettled(route.navigate, { scope, params: { params: {}, query: {} } });
  await vi.advanceTimersByTimeAsync(0);
}

/** Stops the maintenance poll and the socket, and lets the refetch window run out. */
async function stop(scope: Scope) {
  void allSettled(maintenanceModel.pollingStopped, { scope });
  void allSettled(appSocket.disconnectRequested, { scope });
  void allSettled(candleSocket.disconnectRequested, { scope });
  await vi.advanceTimersByTimeAsync(20_000);
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('page data loads once, in the route chain', () => {
  it('the dashboard requests /api/mint/, /api/staking/ and the current price once each on launch', async () => {
    const { scope, calls } = launchAt('/');
    await start(scope);
    // The user came with the sign-in: no GET /user/me on launch.
    expect(calls.me).not.toHaveBeenCalled();
    expect(calls.mints).toHaveBeenCalledTimes(1);
    expect(calls.stakes).toHaveBeenCalledTimes(1);
    expect(calls.price).toHaveBeenCalledTimes(1);
    expect(calls.plans).not.toHaveBeenCalled();
    // The overview's chart and statistics.
    expect(calls.candles).toHaveBeenCalledExactlyOnceWith({ query: { interval: '5m' } });
    expect(calls.stats).toHaveBeenCalledTimes(1);
    // The app's socket is up for the signed-in session, and the candles socket for the overview's chart.
    expect(FakeWebSocket.instances.map((socket) => socket.url)).toEqual([
      'ws://localhost:3000/api/ws/',
      'ws://localhost:3000/api/ws/candles',
    ]);

    // docs/product.md §4: the tab visible again after 10 s refetches the user and the lists on screen.
    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(1);
    expect(calls.mints).toHaveBeenCalledTimes(2);
    expect(calls.stakes).toHaveBeenCalledTimes(2);
    expect(calls.price).toHaveBeenCalledTimes(2);
    expect(calls.stats).toHaveBeenCalledTimes(2);
    await stop(scope);
  });

  it('a `resync` from the server refetches the user and the lists on screen at once (events it may have missed)', async () => {
    const { scope, calls } = launchAt('/');
    await start(scope);
    const socket = FakeWebSocket.instances.find((candidate) => candidate.url.endsWith('/api/ws/'))!;
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).not.toHaveBeenCalled();
    // Inside the visibility refetch's 10 s window: resync is not rate-limited like visibility.
    socket.receive(JSON.stringify({ event: 'resync', data: {} }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(1);
    expect(calls.mints).toHaveBeenCalledTimes(2);
    expect(calls.stakes).toHaveBeenCalledTimes(2);
    // Any other event does not refetch.
    socket.receive(JSON.stringify({ event: 'price_update', data: { price: '0.01', time: 1 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(1);
    await stop(scope);
  });

  it('the socket opening again after a drop refetches the user and the lists on screen (pushes lost meanwhile); its first opening does not', async () => {
    const { scope, calls } = launchAt('/');
    await start(scope);
    const sockets = () => FakeWebSocket.instances.filter((candidate) => candidate.url.endsWith('/api/ws/'));
    sockets()[0]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).not.toHaveBeenCalled();
    expect(calls.mints).toHaveBeenCalledTimes(1);

    // A network change: the connection drops (no 4401), the transport reconnects after its delay.
    sockets()[0]!.closeFromServer(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets()).toHaveLength(2);
    expect(calls.me).not.toHaveBeenCalled();
    sockets()[1]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(1);
    expect(calls.mints).toHaveBeenCalledTimes(2);
    expect(calls.stakes).toHaveBeenCalledTimes(2);

    // A 4401 refetches at once (that read refreshes the token); the opening it leads to does not again.
    sockets()[1]!.closeFromServer(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(2);
    void allSettled(appSocket.connectRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets()).toHaveLength(3);
    sockets()[2]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.me).toHaveBeenCalledTimes(2);
    expect(calls.mints).toHaveBeenCalledTimes(3);
    await stop(scope);
  });

  it("a dashboard child opened first (a deep link) loads the frame's lists once each too", async () => {
    const { scope, calls } = launchAt('/history');
    await start(scope);
    expect(scope.getState(routes.history.$isOpened)).toBe(true);
    expect(calls.mints).toHaveBeenCalledTimes(1);
    expect(calls.stakes).toHaveBeenCalledTimes(1);
    expect(calls.operations).toHaveBeenCalledTimes(1);
    expect(calls.operations).toHaveBeenCalledWith({ query: { page: 1, size: 10 } });

    // Still in the frame: a refetch catches its lists up.
    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.mints).toHaveBeenCalledTimes(2);
    expect(calls.stakes).toHaveBeenCalledTimes(2);
    expect(calls.operations).toHaveBeenCalledTimes(2);
    await stop(scope);
  });

  it('the mint screen requests the plans and the mints once each, and no stakes', async () => {
    const { scope, calls } = launchAt('/mint');
    await start(scope);
    expect(calls.plans).toHaveBeenCalledTimes(1);
    expect(calls.mints).toHaveBeenCalledTimes(1);
    expect(calls.stakes).not.toHaveBeenCalled();
    expect(calls.price).not.toHaveBeenCalled();
    await stop(scope);
  });

  it('the staking screen requests the stakes once, and leaving it and coming back loads them again', async () => {
    const { scope, calls } = launchAt('/staking');
    await start(scope);
    expect(calls.stakes).toHaveBeenCalledTimes(1);
    expect(calls.mints).not.toHaveBeenCalled();

    await go(scope, routes.selectMint);
    expect(calls.mints).toHaveBeenCalledTimes(1);
    await go(scope, routes.staking);
    expect(calls.stakes).toHaveBeenCalledTimes(2);
    await stop(scope);
  });

  it('the referral screen reads page 1 of the referrals once, which clears the badge; a refetch reads it again', async () => {
    const { scope, calls } = launchAt('/referral', { ...user, ref: { ...user.ref, new_referrals_count: 3 } } as UserMe);
    await start(scope);
    expect(calls.referrals).toHaveBeenCalledTimes(1);
    expect(calls.referrals).toHaveBeenCalledWith({ query: { page: 1, limit: 20 } });
    expect(calls.mints).not.toHaveBeenCalled();
    expect(scope.getState(userModel.$newReferralsCount)).toBe(0);

    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.referrals).toHaveBeenCalledTimes(2);

    // Away from the screen a refetch leaves the referrals alone.
    await go(scope, routes.mint);
    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.referrals).toHaveBeenCalledTimes(2);
    await stop(scope);
  });

  it('the task list is read once after sign-in for the Tasks badge, on any screen', async () => {
    const { scope, calls } = launchAt('/mint');
    await start(scope);
    expect(calls.tasks).toHaveBeenCalledTimes(1);
    // A refetch away from the tasks screen reads nothing more: user:task pushes keep the badge.
    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.tasks).toHaveBeenCalledTimes(1);
    await stop(scope);
  });

  it('the tasks screen opened first reads the list once (the badge shares the read); a refetch reads it again', async () => {
    const { scope, calls } = launchAt('/tasks');
    await start(scope);
    expect(scope.getState(routes.tasks.$isOpened)).toBe(true);
    expect(calls.tasks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.tasks).toHaveBeenCalledTimes(2);
    await stop(scope);
  });

  it("a non-member's pages load nothing the server would refuse (403) behind the join modal", async () => {
    for (const path of ['/', '/mint', '/staking', '/staking/select', '/referral', '/tasks']) {
      const { scope, calls } = launchAt(path, { ...user, community_participation: false });
      await start(scope);
      expect(calls.me, path).not.toHaveBeenCalled();
      expect(calls.mints, path).not.toHaveBeenCalled();
      expect(calls.stakes, path).not.toHaveBeenCalled();
      expect(calls.plans, path).not.toHaveBeenCalled();
      expect(calls.price, path).not.toHaveBeenCalled();
      expect(calls.referrals, path).not.toHaveBeenCalled();
      expect(calls.tasks, path).not.toHaveBeenCalled();
      await stop(scope);
    }
  });
});

describe('live figures: the screens follow the socket without a reload', () => {
  const socketOf = () => FakeWebSocket.instances.find((candidate) => candidate.url.endsWith('/api/ws/'))!;
  const friend = {
    id: 2,
    first_name: 'Bob',
    username: null,
    photo_url: null,
    joined_at: 1_790_000_000,
    turnover: '10',
    earned: '50',
    is_new: true,
  };

  it('the referral screen reads its list again on user:referral: friends, earned from friends, turnover, level', async () => {
    const { scope, calls } = launchAt('/referral');
    await start(scope);
    socketOf().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.referrals).toHaveBeenCalledTimes(1);
    expect(scope.getState(referralsModel.$referrals)).toEqual([]);
    expect(scope.getState(referralsModel.$totalEarned)).toBe('0');

    calls.referrals.mockResolvedValueOnce({
      data: [friend],
      total: 1,
      page: 1,
      limit: 20,
      tier: { level: 1, percent: 6, turnover: '60', next_level_turnover: '500', next_percent: 7 },
      new_referrals_count: 1,
      total_earned: '50',
    });
    // A friend's mint was paid: the push arrives while A looks at the screen.
    socketOf().receive(JSON.stringify({ event: 'user:referral', data: { reason: 'mint' } }));
    await vi.advanceTimersByTimeAsync(0);

    expect(calls.referrals).toHaveBeenCalledTimes(2);
    expect(calls.referrals).toHaveBeenLastCalledWith({ query: { page: 1, limit: 20 } });
    expect(scope.getState(referralsModel.$referrals).map((item) => item.first_name)).toEqual(['Bob']);
    expect(scope.getState(referralsModel.$totalEarned)).toBe('50');
    expect(scope.getState(referralsModel.$tier)?.turnover).toBe('60');
    // The dashboard's level follows the read, and the read cleared the badge: no /user/me racing it.
    expect(scope.getState(userModel.$refLevel)).toBe(2);
    expect(scope.getState(userModel.$newReferralsCount)).toBe(0);
    expect(calls.me).not.toHaveBeenCalled();
    await stop(scope);
  });

  it('away from the referral screen user:referral reads the user (navbar badge, level), not the list', async () => {
    const { scope, calls } = launchAt('/mint');
    await start(scope);
    socketOf().open();
    await vi.advanceTimersByTimeAsync(0);
    calls.me.mockResolvedValueOnce({ ...user, ref: { ...user.ref, new_referrals_count: 1 } } as UserMe);

    socketOf().receive(JSON.stringify({ event: 'user:referral', data: { reason: 'joined' } }));
    await vi.advanceTimersByTimeAsync(0);

    expect(calls.me).toHaveBeenCalledTimes(1);
    expect(calls.referrals).not.toHaveBeenCalled();
    expect(scope.getState(userModel.$newReferralsCount)).toBe(1);
    await stop(scope);
  });
});
