import { allSettled } from 'effector';
import { createMemoryHistory } from 'history';
import { describe, expect, it } from 'vitest';
import { router, routes } from '@/shared/routing';
import { navbarModel } from '@/widgets/navbar';
import { createTestScope } from './scope';

const { $activeTab } = navbarModel;

/** The app opened on `path`, as a link or a reload opens it. */
async function openedAt(path: string) {
  const { scope } = createTestScope();
  await allSettled(router.setHistory, { scope, params: createMemoryHistory({ initialEntries: [path] }) });
  return scope;
}

describe('the navbar marks the item the screen belongs to (docs/product.md §2)', () => {
  it.each([
    ['/', 'dashboard'],
    ['/mint', 'mint'],
    ['/staking', 'staking'],
    ['/referral', 'referral'],
    ['/tasks', 'tasks'],
  ] as const)('%s is its own item, %s', async (path, tab) => {
    expect((await openedAt(path)).getState($activeTab)).toBe(tab);
  });

  // The dashboard's sections (its segmented switch leads to them) are the dashboard.
  it.each(['/history', '/farming', '/sell'])('%s is under the dashboard', async (path) => {
    expect((await openedAt(path)).getState($activeTab)).toBe('dashboard');
  });

  // A screen's farming form and Sell modal are reached from that screen's own buttons.
  it.each([
    ['/referral/farming', 'referral'],
    ['/referral/sell', 'referral'],
    ['/tasks/farming', 'tasks'],
    ['/tasks/sell', 'tasks'],
    ['/staking/select', 'staking'],
  ] as const)('%s is under %s', async (path, tab) => {
    expect((await openedAt(path)).getState($activeTab)).toBe(tab);
  });

  it('moves with the user, and marks nothing on an unknown address', async () => {
    const scope = await openedAt('/mint');
    await allSettled(routes.history.navigate, { scope, params: { params: {}, query: {} } });
    expect(scope.getState($activeTab)).toBe('dashboard');
    expect((await openedAt('/nope')).getState($activeTab)).toBeNull();
  });
});
