import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { failureText } from '@console/app/start';
import { consoleAuditModel } from '@console/pages/audit';
import { consolePriceModel } from '@console/pages/price';
import { consoleTasksModel } from '@console/pages/tasks';
import { consoleTreasuryModel } from '@console/pages/treasury';
import { ApiError } from '@/shared/api';
import type { AdminTask, TreasuryTransaction } from '@console/shared/api';
import { $consoleLocale, $consoleT, consoleEn } from '@console/shared/i18n';
import { operatorRequestFailed } from '@console/shared/api';
import { showToast } from '@/shared/ui/toast';
import { httpFailure, openConsole, signedInConsole } from './console-scope';

const tx = (hash: string): TreasuryTransaction => ({
  hash,
  lt: '1',
  utime: 1_700_000_000,
  source: 'EQsender',
  amount_ton: '2.5',
  comment: 'K7F3QX2M',
  outcome: 'underpaid',
  mint_id: null,
  likely_mint: null,
  recorded_at: 1_700_000_000,
  resolved_at: null,
  resolution: null,
});

const task = (id: number, sort_order: number, change: Partial<AdminTask> = {}): AdminTask => ({
  id,
  kind: 'visit',
  title: { en: `Task ${id}`, ru: `Задание ${id}` },
  description: { en: 'Do it', ru: 'Сделай' },
  icon: null,
  reward: '10',
  is_active: true,
  sort_order,
  settings: { url: 'https://example.com', count: null, paying_only: false, min_seconds: 10, allowed_hosts: [] },
  ...change,
});

describe('console: treasury', () => {
  it('resolving needs a resolution text; sent once; the transaction leaves', async () => {
    const { transactions, treasuryTransactionsFx, treasuryResolveFx, resolveAction } = consoleTreasuryModel;
    const resolve = vi.fn(async () => ({ hash: 'a+b/c=', resolved: true as const }));
    const read = vi.fn(async () => [tx('a+b/c='), tx('d')]);
    const scope = signedInConsole([
      [treasuryTransactionsFx, read],
      [treasuryResolveFx, resolve],
    ]);
    await openConsole(scope, '/treasury');
    expect(read).toHaveBeenCalledWith({ query: { include_resolved: 'false' } });
    await allSettled(resolveAction.requested, { scope, params: 'a+b/c=' });
    await allSettled(resolveAction.confirmed, { scope });
    expect(resolve).not.toHaveBeenCalled();
    expect(scope.getState(resolveAction.$textMissing)).toBe(true);
    await allSettled(resolveAction.textChanged, { scope, params: 'Refunded by hand' });
    await allSettled(resolveAction.confirmed, { scope });
    expect(resolve).toHaveBeenCalledExactlyOnceWith({ body: { hash: 'a+b/c=', resolution: 'Refunded by hand' } });
    expect(scope.getState(transactions.$data).map((row) => row.hash)).toEqual(['d']);
  });
});

describe('console: price', () => {
  it('a new price is checked, then confirmed, then set; the chart reads the app’s own candles', async () => {
    const {
      priceGetFx,
      priceCandlesFx,
      priceSetFx,
      intervalChosen,
      $interval,
      priceTextChanged,
      setClicked,
      priceAction,
      price,
      $priceInvalid,
    } = consolePriceModel;
    const candles = vi.fn(async ({ query }: { query: { interval: '1d' | '1h' } }) => ({
      interval: query.interval,
      candles: [],
    }));
    const set = vi.fn(async ({ body }: { body: { price: string } }) => ({
      price: body.price,
      price_change_24h: 0,
      price_change_30d: 0,
      time: 1,
    }));
    const scope = signedInConsole([
      [priceGetFx, async () => ({ price: '0.01', price_change_24h: 1, price_change_30d: 2, time: 1 })],
      [priceCandlesFx, candles],
      [priceSetFx, set],
    ]);
    await openConsole(scope, '/price');
    // The Mini App's 1d chart: daily candles over the range the app reads (no window of the console's own).
    expect(candles).toHaveBeenCalledExactlyOnceWith({ query: { interval: '1d' } });
    expect(scope.getState($interval)).toBe('1d');
    await allSettled(intervalChosen, { scope, params: '1h' });
    expect(candles).toHaveBeenLastCalledWith({ query: { interval: '1h' } });

    await allSettled(priceTextChanged, { scope, params: '0' });
    await allSettled(setClicked, { scope });
    expect(scope.getState($priceInvalid)).toBe(true);
    expect(scope.getState(priceAction.$asking)).toBeNull();

    await allSettled(priceTextChanged, { scope, params: '0,0125' });
    await allSettled(setClicked, { scope });
    expect(scope.getState(priceAction.$asking)).toBe('0.0125');
    expect(set).not.toHaveBeenCalled();
    await allSettled(priceAction.confirmed, { scope });
    expect(set).toHaveBeenCalledExactlyOnceWith({ body: { price: '0.0125' } });
    expect(scope.getState(price.$data)?.price).toBe('0.0125');
    // The chart is read again to show it, in the interval on screen.
    expect(candles).toHaveBeenCalledTimes(3);
    expect(candles).toHaveBeenLastCalledWith({ query: { interval: '1h' } });
  });
});

describe('console: tasks', () => {
  const {
    tasks,
    tasksListFx,
    taskCreateFx,
    taskChangeFx,
    formOpened,
    fieldChanged,
    formSubmitted,
    $formOpen,
    $problems,
    toggleAction,
    moveClicked,
  } = consoleTasksModel;

  it('a new task is checked (texts, reward, the kind’s settings) before it is created', async () => {
    const create = vi.fn(async () => task(3, 3));
    const scope = signedInConsole([
      [tasksListFx, async () => [task(1, 1)]],
      [taskCreateFx, create],
    ]);
    await openConsole(scope, '/tasks');
    await allSettled(formOpened, { scope, params: null });
    await allSettled(formSubmitted, { scope });
    expect(create).not.toHaveBeenCalled();
    expect(scope.getState($problems)).toMatchObject({
      titleEn: 'tasks.required',
      reward: 'tasks.rewardInvalid',
      url: 'tasks.required',
    });
    for (const [field, value] of [
      ['kind', 'referrals'],
      ['titleEn', 'Invite'],
      ['titleRu', 'Пригласи'],
      ['descriptionEn', 'Invite 3 friends'],
      ['descriptionRu', 'Пригласи 3 друзей'],
      ['reward', '25'],
      ['count', '3'],
    ] as const) {
      await allSettled(fieldChanged, { scope, params: { field, value } });
    }
    await allSettled(formSubmitted, { scope });
    expect(create).toHaveBeenCalledExactlyOnceWith({
      body: {
        kind: 'referrals',
        title: { en: 'Invite', ru: 'Пригласи' },
        description: { en: 'Invite 3 friends', ru: 'Пригласи 3 друзей' },
        reward: '25',
        settings: { count: 3, paying_only: false },
      },
    });
    expect(scope.getState($formOpen)).toBe(false);
    expect(scope.getState(tasks.$data).map((row) => row.id)).toEqual([1, 3]);
  });

  it('in Russian a task opened to edit shows its reward with a decimal comma, and sends it back as the wire’s', async () => {
    const change = vi.fn(async ({ params }: { params: { id: number } }) => task(params.id, 1, { reward: '12.5' }));
    const scope = signedInConsole(
      [
        [tasksListFx, async () => [task(1, 1, { reward: '12.5' })]],
        [taskChangeFx, change],
      ],
      [[$consoleLocale, 'ru']],
    );
    await openConsole(scope, '/tasks');
    await allSettled(formOpened, { scope, params: task(1, 1, { reward: '12.5' }) });
    expect(scope.getState(consoleTasksModel.$form).reward).toBe('12,5');
    await allSettled(fieldChanged, { scope, params: { field: 'reward', value: '12,75' } });
    await allSettled(formSubmitted, { scope });
    expect(change).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ reward: '12.75' }) }),
    );
  });

  it('turning a task off asks first; moving one swaps its place with its neighbour', async () => {
    const change = vi.fn(async ({ params, body }: { params: { id: number }; body: Partial<AdminTask> }) =>
      task(params.id, body.sort_order ?? params.id, body),
    );
    const scope = signedInConsole([
      [tasksListFx, async () => [task(1, 1), task(2, 2)]],
      [taskChangeFx, change],
    ]);
    await openConsole(scope, '/tasks');
    await allSettled(toggleAction.requested, { scope, params: task(1, 1) });
    expect(change).not.toHaveBeenCalled();
    await allSettled(toggleAction.confirmed, { scope });
    expect(change).toHaveBeenCalledExactlyOnceWith({ params: { id: 1 }, body: { is_active: false } });

    change.mockClear();
    await allSettled(moveClicked, { scope, params: { id: 2, by: -1 } });
    expect(change).toHaveBeenCalledTimes(2);
    expect(scope.getState(tasks.$data).map((row) => row.id)).toEqual([2, 1]);
    // The first cannot go up.
    change.mockClear();
    await allSettled(moveClicked, { scope, params: { id: 2, by: -1 } });
    expect(change).not.toHaveBeenCalled();
  });
});

describe('console: audit', () => {
  it('filters by operator (a Telegram id or "token") and action; a bad filter is not sent', async () => {
    const { auditFx, filterChanged, filterSubmitted, $filterInvalid } = consoleAuditModel;
    const read = vi.fn(async () => []);
    const scope = signedInConsole([[auditFx, read]]);
    await openConsole(scope, '/audit');
    expect(read).toHaveBeenLastCalledWith({ query: { limit: 100 } });
    await allSettled(filterChanged, { scope, params: { actor: '12345', action: 'withdrawalRefund' } });
    await allSettled(filterSubmitted, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { limit: 100, actor: 12345, action: 'withdrawalRefund' } });
    await allSettled(filterChanged, { scope, params: { actor: 'token', action: '' } });
    await allSettled(filterSubmitted, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { limit: 100, actor: 'token' } });
    await allSettled(filterChanged, { scope, params: { actor: '@olga' } });
    await allSettled(filterSubmitted, { scope });
    expect(read).toHaveBeenCalledTimes(3);
    expect(scope.getState($filterInvalid)).toBe(true);
  });
});

describe('console: errors', () => {
  const t = fork().getState($consoleT);

  it("a failed call's toast: the server's message, the transport's text, none for a refused session", () => {
    expect(failureText(httpFailure(422, 'fee too high'), t)).toBe('fee too high');
    expect(failureText(new ApiError({ kind: 'network', status: 0, message: 'x', serverMessage: null }), t)).toBe(
      consoleEn['error.network'],
    );
    expect(failureText(httpFailure(401), t)).toBeNull();
  });

  it('every failed console call shows its toast for 3 s', async () => {
    const shown = vi.fn();
    const scope = fork({ handlers: [] });
    const unwatch = showToast.watch(shown);
    await allSettled(operatorRequestFailed, { scope, params: httpFailure(409, 'already refunded') });
    unwatch();
    expect(shown).toHaveBeenCalledWith({ text: 'already refunded', kind: 'error', durationMs: 3000 });
  });

  it('each confirmed action has its own stores (the swc plugin knows the factory)', () => {
    const a = consoleTreasuryModel.resolveAction.$asking;
    const b = consolePriceModel.priceAction.$asking;
    expect(a.sid).toEqual(expect.any(String));
    expect(a.sid).not.toBe(b.sid);
  });
});
