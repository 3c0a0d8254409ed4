import { allSettled, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { describe, expect, it, vi } from 'vitest';
import { mintModel } from '@/entities/mint';
import { stakeModel } from '@/entities/stake';
import { userModel } from '@/entities/user';
import { historyModel, priceModel } from '@/pages/dashboard';
import { operationAmount, operationPlace, operationTitle } from '@/shared/lib/operation';
import { type Mint, type Operation, type OperationHistory, type UserBalanceEvent } from '@/shared/api';
import { router, routes } from '@/shared/routing';
import { createTestScope, signedInMember } from './scope';
import { stake } from './stake-fixture';

const {
  $operations,
  $total,
  $hasMore,
  $loaded,
  $loadFailed,
  $moreFailed,
  historyRequested,
  moreRequested,
  endOfListReached,
} = historyModel;

const operation = (id: number, overrides: Partial<Operation> = {}): Operation => ({
  id,
  type: 'sandbox_grant',
  account: 'balance_token',
  direction: 'in',
  amount: '1',
  unit: 'TKN',
  balance_after: String(id),
  created_at: 1_790_000_000 + id,
  ref_type: 'sandbox_user',
  ref_id: '1',
  ref_code: null,
  ...overrides,
});
/** Ids `from` down to `to`, newest first. */
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);
const page = (entryIds: number[], total: number): OperationHistory => ({
  data: entryIds.map((id) => operation(id)),
  total,
});

/** A server holding entries 1..`count`: answers pages newest first, 10 a page. */
function server(count: () => number) {
  return vi.fn(
    async ({ query: { page: n = 1, size = 10 } = {} }: { query?: { page?: number; size?: number } } = {}) => {
      const all = ids(count(), 1);
      return page(all.slice((n - 1) * size, n * size), all.length);
    },
  );
}

const shownIds = (scope: Scope) => scope.getState($operations).map((entry) => entry.id);
/** The app at /history (the dashboard frame's lists answer empty). */
const open = (scope: Scope) =>
  allSettled(router.setHistory, { scope, params: createMemoryHistory({ initialEntries: ['/history'] }) });
const emptyList = async () => ({ data: [], total: 0, page: 1, limit: 300 });
function setup(read: (parts?: { query?: { page?: number; size?: number } }) => Promise<OperationHistory | null>) {
  return createTestScope({
    values: signedInMember,
    handlers: [
      [historyModel.readOperationsFx, read],
      [mintModel.readMintsFx, emptyList],
      [stakeModel.readStakesFx, emptyList],
      [priceModel.loadPriceFx, async () => ({ price: '0.01', price_change_24h: 0, price_change_30d: 0 })],
    ],
  });
}
const balance: UserBalanceEvent = {
  balance_token: '5',
  task_balance: '0',
  referral_balance: '0',
  hold_bonus: 0,
  investment_bonus: 0,
};

describe('the operations history', () => {
  it('reads the first page, newest first, as /history opens', async () => {
    const read = server(() => 23);
    const { scope } = setup(read);
    expect(scope.getState($loaded)).toBe(false);

    await open(scope);

    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith({ query: { page: 1, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(23, 14));
    expect(scope.getState($total)).toBe(23);
    expect(scope.getState($loaded)).toBe(true);
    expect(scope.getState($hasMore)).toBe(true);
  });

  it('appends the next page when the end of the list comes into view, repeats no entry, and stops at the total', async () => {
    let count = 23;
    const read = server(() => count);
    const { scope } = setup(read);
    await open(scope);

    // Two entries happened meanwhile: page 2 now starts with the last two of page 1.
    count = 25;
    await allSettled(endOfListReached, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 2, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(23, 6));

    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 3, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(23, 1));
    expect(scope.getState($total)).toBe(25);
    expect(scope.getState($hasMore)).toBe(false);
    // (The two new entries come on top with the balance push that always goes with them: next test.)

    // The end: neither the observer nor the button reads past the total.
    await allSettled(endOfListReached, { scope });
    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads page 1 again when the balance changes while it is open, putting the new entries on top', async () => {
    let count = 12;
    const read = server(() => count);
    const { scope } = setup(read);
    await open(scope);
    await allSettled(moreRequested, { scope });
    expect(shownIds(scope)).toEqual(ids(12, 1));

    count = 14;
    await allSettled(userModel.balanceUpdated, { scope, params: balance });
    expect(read).toHaveBeenCalledTimes(3);
    expect(read).toHaveBeenLastCalledWith({ query: { page: 1, size: 10 } });
    // The pages already read stay: all 14, newest first, none twice.
    expect(shownIds(scope)).toEqual(ids(14, 1));
    expect(scope.getState($total)).toBe(14);
    expect(scope.getState($hasMore)).toBe(false);
  });

  it('starts the list over when more than a page happened since it was read', async () => {
    let count = 15;
    const read = server(() => count);
    const { scope } = setup(read);
    await open(scope);
    await allSettled(moreRequested, { scope });
    expect(shownIds(scope)).toEqual(ids(15, 1));

    count = 40;
    await allSettled(userModel.balanceUpdated, { scope, params: balance });
    expect(shownIds(scope)).toEqual(ids(40, 31));
    await allSettled(endOfListReached, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 2, size: 10 } });
    expect(shownIds(scope)).toEqual(ids(40, 21));
  });

  it('leaves the history alone when the balance changes on another screen', async () => {
    const read = server(() => 3);
    const { scope } = setup(read);
    await open(scope);
    await allSettled(routes.mint.navigate, { scope, params: { params: {}, query: {} } });
    await allSettled(userModel.balanceUpdated, { scope, params: balance });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps only the newest page-1 answer when balance pushes overlap', async () => {
    let release: Array<() => void> = [];
    let count = 3;
    const read = vi.fn(async () => {
      const answer = page(ids(count, 1), count);
      await new Promise<void>((resolve) => release.push(resolve));
      return answer;
    });
    const { scope } = setup(read);
    const opened = open(scope);
    await vi.waitFor(() => expect(release).toHaveLength(1));
    count = 4;
    const pushed = allSettled(userModel.balanceUpdated, { scope, params: balance });
    await vi.waitFor(() => expect(release).toHaveLength(2));
    // The newer read answers first, the older one last: the older answer must not win.
    const [older, newer] = release;
    release = [];
    newer!();
    await vi.waitFor(() => expect(shownIds(scope)).toEqual([4, 3, 2, 1]));
    older!();
    await Promise.all([opened, pushed]);
    expect(shownIds(scope)).toEqual([4, 3, 2, 1]);
    expect(scope.getState($total)).toBe(4);
  });

  it('reads page 1 again when a mint or a stake changes while it is open (operations without a balance push)', async () => {
    let count = 3;
    const read = server(() => count);
    const { scope } = setup(read);
    await open(scope);
    expect(shownIds(scope)).toEqual([3, 2, 1]);

    // The watcher saw a payment: user:mint (a mint paid, TON, no token balance moved).
    count = 4;
    const paid: Mint = {
      id: 9,
      mint_id: 'K7F3QX2M',
      source: 'payment',
      status: 'active',
      cancel_reason: null,
      created_at: 1_790_000_000,
      amount_ton: '1',
      amount_token: '100',
      expected_token: '105',
      days: 30,
      tariff_days: 30,
      activated_at: 1_790_000_000,
      matures_at: 1_792_592_000,
    };
    await allSettled(mintModel.mintUpdated, { scope, params: paid });
    expect(read).toHaveBeenCalledTimes(2);
    expect(shownIds(scope)).toEqual([4, 3, 2, 1]);

    // A user:staking push (a stake started or finished; a finished one here, so no 1 s ticker runs).
    const finished = stake({ id: 4, status: 'completed', earned_reward: '100' });
    count = 5;
    await allSettled(stakeModel.stakeUpdated, { scope, params: finished });
    expect(read).toHaveBeenCalledTimes(3);
    expect(shownIds(scope)).toEqual([5, 4, 3, 2, 1]);

    // Elsewhere in the app they leave it alone.
    await allSettled(routes.mint.navigate, { scope, params: { params: {}, query: {} } });
    await allSettled(mintModel.mintUpdated, { scope, params: paid });
    await allSettled(stakeModel.stakeUpdated, { scope, params: finished });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('a failed first read offers Try again, which reads page 1 again', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(page([2, 1], 2));
    const { scope } = setup(read);

    await open(scope);
    expect(scope.getState($loaded)).toBe(false);
    expect(scope.getState($loadFailed)).toBe(true);

    // A 5xx (resolved to null) is a failure too.
    await allSettled(historyRequested, { scope });
    expect(scope.getState($loadFailed)).toBe(true);

    await allSettled(historyRequested, { scope });
    expect(scope.getState($loadFailed)).toBe(false);
    expect(scope.getState($loaded)).toBe(true);
    expect(shownIds(scope)).toEqual([2, 1]);
  });

  it('a failed next page keeps the list and is read again on the next request', async () => {
    const read = vi
      .fn()
      .mockResolvedValueOnce(page(ids(15, 6), 15))
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(page(ids(5, 1), 15));
    const { scope } = setup(read);
    await open(scope);

    await allSettled(endOfListReached, { scope });
    expect(scope.getState($moreFailed)).toBe(true);
    expect(shownIds(scope)).toEqual(ids(15, 6));
    expect(scope.getState($hasMore)).toBe(true);

    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 2, size: 10 } });
    expect(scope.getState($moreFailed)).toBe(false);
    expect(shownIds(scope)).toEqual(ids(15, 1));
  });

  it('an empty history is loaded and has nothing more', async () => {
    const read = vi.fn(async () => page([], 0));
    const { scope } = setup(read);
    await open(scope);
    expect(scope.getState($loaded)).toBe(true);
    expect(shownIds(scope)).toEqual([]);
    expect(scope.getState($hasMore)).toBe(false);
    await allSettled(endOfListReached, { scope });
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('an operation row (docs/product.md §5: amounts truncated, TON 4 decimals, tokens 2)', () => {
  it('says what each money event is, its amount with sign and unit, and where the money is', () => {
    const row = (overrides: Partial<Operation>) => {
      const entry = operation(1, overrides);
      return [operationTitle(entry), operationAmount(entry, 'en'), operationPlace(entry)];
    };
    const journal = { account: null, balance_after: null } as const;
    expect(row({ type: 'mint_paid', direction: 'out', amount: '1234.56789', unit: 'TON', ...journal })).toEqual([
      'history.mintPaid',
      '\u22121\u00A0234.5678\u00A0TON',
      'history.fromWallet',
    ]);
    expect(row({ type: 'farming_mint', direction: 'in', amount: '100.009', unit: 'TKN', ...journal })).toEqual([
      'history.farmingMint',
      '+100.00\u00A0TKN',
      'history.inMint',
    ]);
    expect(row({ type: 'stake_started', direction: 'none', amount: '200', unit: 'TKN', ...journal })).toEqual([
      'history.stakeStarted',
      '200.00\u00A0TKN',
      'history.inStake',
    ]);
    expect(row({ type: 'mint_matured', amount: '420.999' })).toEqual([
      'history.mintMatured',
      '+420.99\u00A0TKN',
      'history.accountMain',
    ]);
    expect(row({ type: 'withdrawal', direction: 'out', account: 'task_balance', amount: '5' })).toEqual([
      'history.withdrawal',
      '\u22125.00\u00A0TKN',
      'history.accountTask',
    ]);
    expect(row({ type: 'referral_transfer', direction: 'out', account: 'referral_balance' })[0]).toBe(
      'history.movedToMain',
    );
    expect(row({ type: 'referral_transfer', direction: 'in' })[0]).toBe('history.movedFromReferral');
  });
});
