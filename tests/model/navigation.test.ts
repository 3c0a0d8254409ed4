import { allSettled, serialize } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $phase } from '@/app/model';
import { userModel } from '@/entities/user';
import { backNavigationModel } from '@/features/back-navigation';
import { type UserMe } from '@/shared/api';
import { router, routes, routesMap } from '@/shared/routing';
import { navbarModel } from '@/widgets/navbar';
import { visibilityChanged } from '@/shared/lib/page-visibility';
import { backButtonPressed } from '@/shared/telegram';
import { createTestScope } from './scope';

const { $refetchBlocked, $user } = userModel;
const { $depth, navigationStarted } = backNavigationModel;

describe('routes (docs/product.md §2)', () => {
  it('declares every screen with its name and path, children under the dashboard', () => {
    expect(routesMap.map(({ path, name }) => [name, path])).toEqual([
      ['dashboard', '/'],
      ['history', '/history'],
      ['dashboard_farming', '/farming'],
      ['dashboard_sell', '/sell'],
      ['mint', '/mint'],
      ['referral', '/referral'],
      ['referral_farming', '/referral/farming'],
      ['referral_sell', '/referral/sell'],
      ['tasks', '/tasks'],
      ['tasks_farming', '/tasks/farming'],
      ['tasks_sell', '/tasks/sell'],
      ['staking', '/staking'],
      ['select-mint', '/staking/select'],
      ['tonconnect-manifest', '/tonconnect-manifest.json'],
    ]);
  });

  it('opens the dashboard together with its child route', async () => {
    const { scope } = createTestScope();
    await allSettled(router.setHistory, { scope, params: createMemoryHistory({ initialEntries: ['/history'] }) });
    expect(scope.getState(routes.history.$isOpened)).toBe(true);
    // The dashboard's tab is the one the user is in.
    expect(scope.getState(navbarModel.$activeTab)).toBe('dashboard');
    expect(scope.getState(routes.mint.$isOpened)).toBe(false);
    expect(routesMap.filter((entry) => 'parent' in entry).map((entry) => entry.name)).toEqual([
      'history',
      'dashboard_farming',
      'dashboard_sell',
    ]);
  });

  it('an unknown path opens the not-found route', async () => {
    const { scope } = createTestScope();
    await allSettled(router.setHistory, { scope, params: createMemoryHistory({ initialEntries: ['/nope'] }) });
    expect(scope.getState(routes.notFound.$isOpened)).toBe(true);
  });
});

describe('Telegram back button (docs/product.md §2)', () => {
  const open = async (path: string) => {
    const setup = createTestScope();
    const history = createMemoryHistory({ initialEntries: [path] });
    await allSettled(router.setHistory, { scope: setup.scope, params: history });
    await allSettled(navigationStarted, { scope: setup.scope });
    return { ...setup, history };
  };

  it('is hidden on the root and shown on every other route', async () => {
    const { scope, host } = await open('/');
    expect(host.setBackButtonVisible).toHaveBeenLastCalledWith(false);
    await allSettled(routes.mint.navigate, { scope, params: { params: {}, query: {} } });
    expect(host.setBackButtonVisible).toHaveBeenLastCalledWith(true);
    await allSettled(routes.staking.navigate, { scope, params: { params: {}, query: {} } });
    expect(host.setBackButtonVisible).toHaveBeenLastCalledWith(true);
    expect(scope.getState($depth)).toBe(2);
  });

  it('goes back when there is in-app history', async () => {
    const { scope, history } = await open('/');
    await allSettled(routes.mint.navigate, { scope, params: { params: {}, query: {} } });
    await allSettled(routes.staking.navigate, { scope, params: { params: {}, query: {} } });
    await allSettled(backButtonPressed, { scope });
    expect(history.location.pathname).toBe('/mint');
    expect(scope.getState($depth)).toBe(1);
  });

  it('goes to the dashboard when the app was opened on a deep route', async () => {
    const { scope, host, history } = await open('/tasks/farming');
    expect(host.setBackButtonVisible).toHaveBeenLastCalledWith(true);
    await allSettled(backButtonPressed, { scope });
    expect(history.location.pathname).toBe('/');
    expect(scope.getState(routes.dashboard.$isOpened)).toBe(true);
    expect(host.setBackButtonVisible).toHaveBeenLastCalledWith(false);
  });
});

describe('refetch when the tab becomes visible, at most every 10 s (docs/product.md §4)', () => {
  const loadedUser = { ref: { level: 0 } } as UserMe;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches on visible, ignores visibility within 10 s of a fetch, then refetches again', async () => {
    const me = vi.fn(async () => loadedUser);
    // The launch is over once the user has loaded: visibility refetches from then on.
    const { scope } = createTestScope({ values: [[$user, loadedUser]], handlers: [[userModel.loadUserFx, me]] });

    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(me).toHaveBeenCalledTimes(1);
    expect(scope.getState($refetchBlocked)).toBe(true);

    void allSettled(visibilityChanged, { scope, params: 'hidden' });
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(me).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($refetchBlocked)).toBe(false);
    void allSettled(visibilityChanged, { scope, params: 'visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(me).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
  });

  it('does not refetch before the app is ready or when hidden', async () => {
    const me = vi.fn(async () => null);
    const { scope } = createTestScope({ handlers: [[userModel.loadUserFx, me]] });
    await allSettled(visibilityChanged, { scope, params: 'visible' });
    const ready = createTestScope({ values: [[$user, loadedUser]], handlers: [[userModel.loadUserFx, me]] });
    await allSettled(visibilityChanged, { scope: ready.scope, params: 'hidden' });
    expect(me).not.toHaveBeenCalled();
  });
});

describe('the effector swc plugin runs in tests (docs/style.md §10)', () => {
  it('gives stores sids, so a scope serializes', () => {
    expect($user.sid).toEqual(expect.any(String));
    expect($phase.sid).toEqual(expect.any(String));
    const { scope } = createTestScope({ values: [[$phase, 'ready']] });
    expect(serialize(scope)).toMatchObject({ [$phase.sid as string]: 'ready' });
  });
});
