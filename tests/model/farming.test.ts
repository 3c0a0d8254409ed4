import { allSettled, createWatch, type EventCallable, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStarted, readLaunchParamsFx } from '@/app/model';
import { farmingLinkModel } from '@/entities/farming-link';
import { mintModel } from '@/entities/mint';
import { userModel } from '@/entities/user';
import { createFarmingLinkModel } from '@/features/create-farming-link';
import { farmActivationModel } from '@/features/farm-activation';
import { maintenanceModel } from '@/features/maintenance-mode';
import { shareFarmLinkModel } from '@/features/share-farm-link';
import { farmingLinksModel } from '@/pages/dashboard';
import {
  $accessToken,
  appSocket,
  MAINTENANCE_OFF_DETAIL,
  readCredentialsFx,
  type FarmingActivationStatus,
  type FarmingCalculation,
  type FarmingLink,
  type FarmingPlans,
  type Mint,
  type MintPlan,
  type UserBalanceEvent,
  type UserMe,
} from '@/shared/api';
import { farmLink, timings } from '@/shared/config';
import { formatTokens } from '@/shared/lib/format';
import { copyTextFx } from '@/shared/lib/clipboard';
import { farmCodeOf, refCodeOf } from '@/shared/lib/start-param';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, priceQuoteExpired } from './scope';
import { sessionModel } from '@/entities/session';

const NOW = Date.parse('2026-11-22T10:00:00Z') / 1000;
const CODE = 'FARM7Q2K9X';

const user = (overrides: Partial<UserMe> = {}): UserMe => ({
  id: 1,
  telegram_id: 777,
  first_name: 'Ann',
  username: null,
  language_code: 'en',
  ref: { level: 0, percent: 5, turnover: '0', referrals_count: 0, new_referrals_count: 0 },
  ref_code: 'ABCD2345',
  community_participation: true,
  balance_token: '0',
  task_balance: '50',
  referral_balance: '1000',
  hold_bonus: 0,
  investment_bonus: 0,
  collective_bonus: 0,
  wallet: null,
  notifications_enabled: true,
  ...overrides,
});

const plan = (days: number, min = '1', max = '100'): MintPlan => ({
  days,
  tariff_days: days,
  is_active: true,
  yield: 0.05,
  min_amount: min,
  max_amount: max,
});

const plans = (overrides: Partial<FarmingPlans> = {}): FarmingPlans => ({
  source: 'referral_balance',
  balance: '1000',
  price: '0.01',
  plans: [plan(60), plan(30, '2', '50')],
  min_cost: '100',
  ...overrides,
});

const balances = (overrides: Partial<UserBalanceEvent> = {}): UserBalanceEvent => ({
  balance_token: '0',
  task_balance: '50',
  referral_balance: '1000',
  hold_bonus: 0,
  investment_bonus: 0,
  ...overrides,
});

const calculation = (amount: string, days: number, count: number): FarmingCalculation => ({
  amount_ton: amount,
  amount_token: String(Number(amount) * 100),
  expected_token: String(Number(amount) * 105),
  price: '0.01',
  days,
  tariff_days: days,
  yield: 0.05,
  count_activations: count,
  cost_token: String(Number(amount) * 100 * count),
});

const link = (overrides: Partial<FarmingLink> = {}): FarmingLink => ({
  id: 7,
  status: 'active',
  amount: '2',
  amount_token: '200',
  expected_token: '210',
  price: '0.01',
  days: 30,
  tariff_days: 30,
  count_activations: 10,
  activations_used: 3,
  activations_left: 7,
  from_ref_balance: true,
  from_task_balance: false,
  is_multilink: true,
  is_for_me: false,
  cost_token: '2000',
  refunded_token: '0',
  created_at: NOW,
  activation_code: CODE,
  codes: [{ activation_code: CODE, used: false }],
  ...overrides,
});

const farmMint = (): Mint => ({
  id: 42,
  mint_id: 'F4RM1NT2',
  status: 'active',
  source: 'farming',
  cancel_reason: null,
  created_at: NOW,
  amount_ton: '2',
  amount_token: '200',
  expected_token: '210',
  days: 30,
  tariff_days: 30,
  activated_at: NOW,
  matures_at: NOW + 30 * 86_400,
});

const status = (
  kind: FarmingActivationStatus['status'],
  message: string,
  code: FarmingActivationStatus['code'] = 'farmingActivationActive',
): FarmingActivationStatus => ({
  status: kind,
  code,
  message,
  mint_details: { tariff_days: 30, amount_token: '200', amount_ton: '2' },
});

const memberValues = (member = true) =>
  [
    [$accessToken, 'access'],
    [userModel.$user, user({ community_participation: member })],
  ] as const;

beforeEach(() => window.localStorage.clear());

describe('a farm code in the launch (docs/product.md §2, docs/foundations.md §7)', () => {
  it('is read from ?farm_code= and from a farm_ start parameter; a plain start parameter stays a ref code', () => {
    expect(farmCodeOf(`?farm_code=${CODE}`, null)).toBe(CODE);
    expect(farmCodeOf('', `farm_${CODE}`)).toBe(CODE);
    expect(farmCodeOf('?x=1', 'REF23456')).toBeNull();
    expect(farmCodeOf('?farm_code=bad!code', null)).toBeNull();
    expect(refCodeOf('REF23456')).toBe('REF23456');
    expect(refCodeOf(`farm_${CODE}`)).toBeNull();
    expect(refCodeOf(null)).toBeNull();
  });

  it('is the farm link of a code: the Mini App link with startapp=farm_<code>', () => {
    expect(farmLink(CODE)).toBe(`https://t.me/ton_token_sandbox_bot/app?startapp=farm_${CODE}`);
  });
});

describe('farm activation check', () => {
  const setup = ({ query = '', answer = status('ACTIVE', 'This link gives you a mint'), member = true } = {}) => {
    const check = vi.fn(async (_: { query: { activation_code: string } }) => answer);
    const activate = vi.fn(async () => farmMint());
    const test = createTestScope({
      values: [...memberValues(member)],
      handlers: [
        [farmActivationModel.readLaunchQueryFx, () => query],
        [farmActivationModel.readStatusFx, check],
        [farmActivationModel.activateFx, activate],
      ],
    });
    return { ...test, check, activate };
  };

  it('asks the status of a farm_ start parameter once signed in as a member, and shows the gift', async () => {
    const { scope, check } = setup();
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: `farm_${CODE}` } });
    expect(check).toHaveBeenCalledWith({ query: { activation_code: CODE } });
    expect(scope.getState(farmActivationModel.$activation)?.status.status).toBe('ACTIVE');
  });

  it('takes ?farm_code= from the page query', async () => {
    const { scope, check } = setup({ query: `?farm_code=${CODE}` });
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: 'REF12345' } });
    expect(check).toHaveBeenCalledWith({ query: { activation_code: CODE } });
  });

  it('asks nothing for a plain start parameter', async () => {
    const { scope, check } = setup();
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: 'REF12345' } });
    expect(check).not.toHaveBeenCalled();
    expect(scope.getState(farmActivationModel.$activation)).toBeNull();
  });

  it('checks each code once per device: a second launch with the same code asks nothing', async () => {
    const first = setup();
    await allSettled(farmActivationModel.launched, { scope: first.scope, params: { startParam: `farm_${CODE}` } });
    expect(first.check).toHaveBeenCalledTimes(1);

    const second = setup();
    await allSettled(farmActivationModel.launched, { scope: second.scope, params: { startParam: `farm_${CODE}` } });
    expect(second.check).not.toHaveBeenCalled();
    expect(second.scope.getState(farmActivationModel.$activation)).toBeNull();

    // Another code is still checked.
    await allSettled(farmActivationModel.launched, { scope: setup().scope, params: { startParam: 'farm_OTHER12345' } });
    expect(JSON.parse(window.localStorage.getItem('farming.checked_codes') ?? '[]')).toEqual([
      `777:${CODE}`,
      '777:OTHER12345',
    ]);
  });

  it('…for each account on it: another Telegram account on the same device is told about the code too', async () => {
    const first = setup({ answer: status('REACHED', 'used', 'farmingCodeUsed') });
    await allSettled(farmActivationModel.launched, { scope: first.scope, params: { startParam: `farm_${CODE}` } });
    expect(first.check).toHaveBeenCalledTimes(1);

    const other = setup({ answer: status('REACHED', 'used', 'farmingCodeUsed') });
    await allSettled(userModel.userLoaded, { scope: other.scope, params: user({ telegram_id: 888 }) });
    await allSettled(farmActivationModel.launched, { scope: other.scope, params: { startParam: `farm_${CODE}` } });
    expect(other.check).toHaveBeenCalledWith({ query: { activation_code: CODE } });
    expect(other.scope.getState(farmActivationModel.$activation)?.status.code).toBe('farmingCodeUsed');
  });

  it('a code whose check failed on the network is checked again next launch', async () => {
    const failing = createTestScope({
      values: [...memberValues()],
      handlers: [
        [farmActivationModel.readLaunchQueryFx, () => ''],
        [farmActivationModel.readStatusFx, async () => null],
      ],
    });
    await allSettled(farmActivationModel.launched, { scope: failing.scope, params: { startParam: `farm_${CODE}` } });
    const { scope, check } = setup();
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: `farm_${CODE}` } });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('waits for the user to be a community member', async () => {
    const { scope, check } = setup({ member: false });
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: `farm_${CODE}` } });
    expect(check).not.toHaveBeenCalled();
    await allSettled(userModel.userLoaded, { scope, params: user() });
    expect(check).toHaveBeenCalledWith({ query: { activation_code: CODE } });
  });

  it('Activate on ACTIVE: the mint, in the active list, and the product text', async () => {
    const { scope, activate, toasts } = setup();
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: `farm_${CODE}` } });
    await allSettled(farmActivationModel.activateClicked, { scope });
    expect(activate).toHaveBeenCalledWith({ body: { activation_code: CODE } });
    expect(scope.getState(mintModel.$activeMints).map((mint) => mint.id)).toEqual([42]);
    expect(toasts.map((toast) => toast.text)).toContain('New mint #F4RM1NT2 created via a farming link');
    expect(scope.getState(farmActivationModel.$activation)).toBeNull();
  });

  it.each([
    ['REACHED', 'We cannot activate this link.', 'farmingActivationReached'],
    ['REVOKED', 'This link has been revoked', 'farmingActivationRevoked'],
  ] as const)('%s: the modal says so and Activate does nothing', async (kind, message, code) => {
    const { scope, activate } = setup({ answer: status(kind, message, code) });
    await allSettled(farmActivationModel.launched, { scope, params: { startParam: `farm_${CODE}` } });
    expect(scope.getState(farmActivationModel.$activation)?.status.status).toBe(kind);
    await allSettled(farmActivationModel.activateClicked, { scope });
    expect(activate).not.toHaveBeenCalled();
    await allSettled(farmActivationModel.modalClosed, { scope });
    expect(scope.getState(farmActivationModel.$activation)).toBeNull();
  });

  it('the launch flow: a farm_ start parameter is not sent as a ref code, and the code is checked after sign-in', async () => {
    vi.useFakeTimers();
    const register = vi.fn(async () => ({ token: 'a', refresh: 'r', user: user() }));
    const check = vi.fn(async () => status('ACTIVE', 'This link gives you a mint'));
    const { scope } = createTestScope({
      handlers: [
        [readCredentialsFx, () => ({ token: null, refresh: null, telegramUserId: null })],
        [
          readLaunchParamsFx,
          () => ({
            initData: 'signed',
            telegramUserId: 777,
            startParam: `farm_${CODE}`,
            platform: 'android',
            version: '8.0',
            colorScheme: 'light' as const,
            languageCode: 'en',
          }),
        ],
        [attachBrowserHistoryFx, () => createMemoryHistory()],
        [maintenanceModel.checkMaintenanceFx, async () => ({ detail: MAINTENANCE_OFF_DETAIL })],
        [sessionModel.registerWithLaunchDataFx, register],
        [userModel.loadUserFx, async () => user()],
        [farmActivationModel.readLaunchQueryFx, () => ''],
        [farmActivationModel.readStatusFx, check],
      ],
    });
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledWith({ body: { init_data: 'signed', ref_code: null } });
    expect(check).toHaveBeenCalledWith({ query: { activation_code: CODE } });
    void allSettled(maintenanceModel.pollingStopped, { scope });
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
  });
});

describe('create a farming link (docs/product.md §2 /referral/farming, /tasks/farming)', () => {
  const { formOpened, planSelected, amountChanged, countChanged, createClicked, multilinkToggled, forMeToggled } =
    createFarmingLinkModel;

  const setup = (answer: FarmingPlans = plans()) => {
    const loadPlans = vi.fn(async () => answer);
    const calculate = vi.fn(
      async ({ query }: { query: { amount: string; freeze_days: number; count_activations: number } }) =>
        calculation(query.amount, query.freeze_days, query.count_activations),
    );
    const create = vi.fn(async () => link());
    const test = createTestScope({
      values: [...memberValues()],
      handlers: [
        [createFarmingLinkModel.readPlansFx, loadPlans],
        [createFarmingLinkModel.calculateFx, calculate],
        [createFarmingLinkModel.createFx, create],
      ],
    });
    return { ...test, loadPlans, calculate, create };
  };

  /**
   * Fires without awaiting allSettled (the calculation's debounce is a real model timer, so the scope
   * settles only when fake time is advanced).
   */
  async function fire<T>(scope: Scope, unit: EventCallable<T>, params: T) {
    void allSettled(unit as EventCallable<unknown>, { scope, params });
    await vi.advanceTimersByTimeAsync(0);
  }

  /** Types into the form and lets the 300 ms calculation run. */
  async function fill(scope: Scope, { days = 30, amount = '2', count = '3' } = {}) {
    await fire(scope, planSelected, days);
    await fire(scope, amountChanged, amount);
    await fire(scope, countChanged, count);
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the plans of the screen’s balance, by days ascending', async () => {
    const { scope, loadPlans } = setup();
    await fire(scope, formOpened, 'task');
    expect(loadPlans).toHaveBeenCalledWith({ query: { from_ref_balance: false, from_task_balance: true } });
    expect(scope.getState(createFarmingLinkModel.$plans).map((item) => item.days)).toEqual([30, 60]);
    expect(scope.getState(createFarmingLinkModel.$balance)).toBe('50');
  });

  it('says so when the balance covers no plan, with what the cheapest link costs', async () => {
    const { scope } = setup(plans({ plans: [] }));
    await fire(scope, formOpened, 'referral');
    expect(scope.getState(createFarmingLinkModel.$noPlans)).toBe(true);
    expect(scope.getState(createFarmingLinkModel.$minCost)).toBe('100');
  });

  it('asks the plans again when a balance push moves the balance: a grant makes the plans appear', async () => {
    const { scope, loadPlans } = setup();
    loadPlans.mockResolvedValueOnce(plans({ balance: '1000', plans: [] }));
    loadPlans.mockResolvedValueOnce(plans({ balance: '211.44' }));
    await fire(scope, formOpened, 'referral');
    expect(scope.getState(createFarmingLinkModel.$noPlans)).toBe(true);
    // Another balance moving (the task balance here) asks nothing.
    await fire(scope, userModel.balanceUpdated, balances({ task_balance: '60' }));
    expect(loadPlans).toHaveBeenCalledTimes(1);

    // The socket's user:balance after a grant.
    await fire(scope, userModel.balanceUpdated, balances({ referral_balance: '211.44' }));
    expect(loadPlans).toHaveBeenCalledTimes(2);
    expect(loadPlans).toHaveBeenLastCalledWith({ query: { from_ref_balance: true, from_task_balance: false } });
    expect(scope.getState(createFarmingLinkModel.$noPlans)).toBe(false);
    expect(scope.getState(createFarmingLinkModel.$plans).map((item) => item.days)).toEqual([30, 60]);
    expect(scope.getState(createFarmingLinkModel.$balance)).toBe('211.44');
  });

  it('enforces the plan’s min and max and does not price outside them', async () => {
    const { scope, calculate } = setup();
    await fire(scope, formOpened, 'referral');
    await fill(scope, { amount: '1.5' });
    expect(scope.getState(createFarmingLinkModel.$problem)).toEqual({ kind: 'below_min', min: '2' });
    await fill(scope, { amount: '50.000000001' });
    expect(scope.getState(createFarmingLinkModel.$problem)).toEqual({ kind: 'above_max', max: '50' });
    expect(calculate).not.toHaveBeenCalled();
    expect(scope.getState(createFarmingLinkModel.$canCreate)).toBe(false);
  });

  it.each(['0', '1001', '2.5', 'ten'])('refuses %s activations (1..1000)', async (count) => {
    const { scope, calculate } = setup();
    await fire(scope, formOpened, 'referral');
    await fill(scope, { count });
    expect(scope.getState(createFarmingLinkModel.$problem)).toEqual({ kind: 'count_invalid', max: 1000 });
    expect(calculate).not.toHaveBeenCalled();
  });

  it('prices 300 ms after typing, with the count, and refuses a cost above the balance', async () => {
    const { scope, calculate, create } = setup();
    await fire(scope, formOpened, 'task');
    await fill(scope, { amount: '2', count: '3' });
    expect(calculate).toHaveBeenLastCalledWith({ query: { amount: '2', freeze_days: 30, count_activations: 3 } });
    // 3 × 200 tokens = 600 > the task balance of 50.
    expect(scope.getState(createFarmingLinkModel.$problem)).toEqual({
      kind: 'insufficient',
      cost: '600',
      balance: '50',
    });
    await fire(scope, createClicked, undefined);
    expect(create).not.toHaveBeenCalled();
  });

  it('sends exactly one source and the switches, then shows the link and puts it on the list', async () => {
    const { scope, create, toasts } = setup();
    await fire(scope, formOpened, 'referral');
    await fill(scope, { amount: '2', count: '3' });
    await fire(scope, multilinkToggled, true);
    expect(scope.getState(createFarmingLinkModel.$canCreate)).toBe(true);
    const shown: FarmingLink[] = [];
    createWatch({ unit: createFarmingLinkModel.linkCreated, scope, fn: (made) => shown.push(made) });
    await fire(scope, createClicked, undefined);
    expect(create).toHaveBeenCalledWith({
      body: {
        amount: '2',
        days: 30,
        count_activations: 3,
        from_ref_balance: true,
        from_task_balance: false,
        is_multilink: true,
        is_for_me: false,
        // The quote on screen: the link is charged at its price or refused.
        price: '0.01',
      },
    });
    expect(shown.map((made) => made.id)).toEqual([7]);
    expect(scope.getState(farmingLinkModel.$links).map((item) => item.id)).toEqual([7]);
    expect(scope.getState(farmingLinkModel.$linksTotal)).toBe(1);
    // What was charged, as the form showed it: the activation's tokens as shown, times the count.
    expect(toasts.map((toast) => toast.text)).toContain('Farming link created: 2\u00A0000.00\u00A0TKN charged');
  });

  it('a refused create (the quote no longer stands) quotes the link again, and the form keeps what was typed', async () => {
    const { scope, create, calculate } = setup();
    create.mockImplementationOnce(async () => {
      throw priceQuoteExpired();
    });
    await fire(scope, formOpened, 'referral');
    await fill(scope, { amount: '2', count: '3' });
    expect(calculate).toHaveBeenCalledTimes(1);
    await fire(scope, createClicked, undefined);
    expect(create).toHaveBeenCalledTimes(1);
    expect(calculate).toHaveBeenCalledTimes(2);
    expect(scope.getState(createFarmingLinkModel.$amountText)).toBe('2');
    expect(scope.getState(createFarmingLinkModel.$canCreate)).toBe(true);
  });

  it('a link for yourself has one activation and no multilink: For me sets the count to 1 and turns multilink off', async () => {
    const { scope, create } = setup();
    await fire(scope, formOpened, 'referral');
    await fill(scope, { amount: '2', count: '3' });
    await fire(scope, multilinkToggled, true);
    await fire(scope, forMeToggled, true);
    expect(scope.getState(createFarmingLinkModel.$countText)).toBe('1');
    expect(scope.getState(createFarmingLinkModel.$isMultilink)).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    await fire(scope, createClicked, undefined);
    expect(create).toHaveBeenCalledWith({
      body: expect.objectContaining({ count_activations: 1, is_multilink: false, is_for_me: true }),
    });
  });
});

describe('farm link modal: copy and share', () => {
  it('copies the link and says so; shares through t.me/share/url', async () => {
    const copy = vi.fn(async () => undefined);
    const { scope, host, toasts } = createTestScope({ handlers: [[copyTextFx, copy]] });
    await allSettled(shareFarmLinkModel.copyClicked, { scope, params: CODE });
    expect(copy).toHaveBeenCalledWith(farmLink(CODE));
    expect(toasts.map((toast) => toast.text)).toContain('Farming link copied to clipboard');
    await allSettled(shareFarmLinkModel.shareClicked, { scope, params: CODE });
    const url = new URL(host.openTelegramLink.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(farmLink(CODE));
  });

  it('a failed copy shows the error toast with a haptic error (docs/product.md §8)', async () => {
    const copy = vi.fn(async () => {
      throw new Error('clipboard unavailable');
    });
    const { scope, host, toasts } = createTestScope({ handlers: [[copyTextFx, copy]] });
    await allSettled(shareFarmLinkModel.copyClicked, { scope, params: CODE });
    expect(toasts).toEqual([expect.objectContaining({ kind: 'error' })]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
  });

  it('shows each single-use code of a link as its own link', async () => {
    const { codesToShare } = await import('@/entities/farming-link');
    const single = link({
      is_multilink: false,
      count_activations: 3,
      codes: [
        { activation_code: 'AAAAAA1', used: true },
        { activation_code: 'BBBBBB2', used: false },
        { activation_code: 'CCCCCC3', used: false },
      ],
    });
    expect(codesToShare(single)).toEqual(['BBBBBB2', 'CCCCCC3']);
    expect(codesToShare(link())).toEqual([CODE]);
    expect(codesToShare(link({ status: 'revoked' }))).toEqual([]);
  });
});

describe('/farming: the list and Cancel', () => {
  it('loads the links, newest first, and cancels one after the modal, returning it updated', async () => {
    const older = link({ id: 3, created_at: NOW - 100 });
    const newer = link({ id: 7 });
    const cancel = vi.fn(async () => link({ status: 'revoked', refunded_token: '1400', activations_left: 7 }));
    const { scope, toasts } = createTestScope({
      values: [...memberValues()],
      handlers: [
        [farmingLinkModel.readLinksFx, async () => ({ data: [older, newer], total: 2, page: 1, limit: 20 })],
        [farmingLinksModel.cancelFx, cancel],
      ],
    });
    await allSettled(farmingLinkModel.linksRequested, { scope });
    expect(scope.getState(farmingLinkModel.$links).map((item) => item.id)).toEqual([7, 3]);

    await allSettled(farmingLinksModel.cancelClicked, { scope, params: newer });
    expect(scope.getState(farmingLinksModel.$cancelTarget)?.id).toBe(7);
    await allSettled(farmingLinksModel.cancelConfirmed, { scope });
    expect(cancel).toHaveBeenCalledWith({ params: { id: 7 } });
    expect(scope.getState(farmingLinksModel.$cancelTarget)).toBeNull();
    expect(scope.getState(farmingLinkModel.$links).find((item) => item.id === 7)?.status).toBe('revoked');
    expect(toasts.map((toast) => toast.text)).toContain(
      'Link canceled: 1\u00A0400.00\u00A0TKN returned to your referral balance',
    );
  });

  it('a user:farming_link push (someone activated a link) updates the listed link; one not listed is left for its page', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
    const listed = link({ id: 7, activations_used: 3, activations_left: 7 });
    const { scope } = createTestScope({
      values: [...memberValues()],
      handlers: [[farmingLinkModel.readLinksFx, async () => ({ data: [listed], total: 2, page: 1, limit: 20 })]],
    });
    await allSettled(farmingLinkModel.linksRequested, { scope });
    await allSettled(appSocket.connectRequested, { scope });
    FakeWebSocket.last.open();

    const push = (data: FarmingLink) =>
      FakeWebSocket.last.receive(JSON.stringify({ event: 'user:farming_link', data }));
    push(link({ id: 7, activations_used: 4, activations_left: 6 }));
    push(link({ id: 99, created_at: NOW - 500 }));
    await allSettled(appSocket.disconnectRequested, { scope });
    vi.unstubAllGlobals();

    expect(scope.getState(farmingLinkModel.$links).map((item) => [item.id, item.activations_left])).toEqual([[7, 6]]);
    expect(scope.getState(farmingLinkModel.$linksTotal)).toBe(2);
  });

  it('dismissing the cancel modal cancels nothing', async () => {
    const cancel = vi.fn(async () => link({ status: 'revoked' }));
    const { scope } = createTestScope({ handlers: [[farmingLinksModel.cancelFx, cancel]] });
    await allSettled(farmingLinksModel.cancelClicked, { scope, params: link() });
    await allSettled(farmingLinksModel.cancelDismissed, { scope });
    await allSettled(farmingLinksModel.cancelConfirmed, { scope });
    expect(cancel).not.toHaveBeenCalled();
  });

  it('says what a cancel returns: the unused activations’ tokens', async () => {
    const { refundOnCancel } = await import('@/entities/farming-link');
    expect(refundOnCancel(link({ activations_left: 7, amount_token: '200.123456789' }))).toBe('1400.864197523');
  });

  it('shows a link’s cost as its activations add up on screen: each one’s tokens as shown, times the count', async () => {
    const { shownTimes } = await import('@/entities/farming-link');
    // 2 × 1.235 = 2.47 exactly, but each shows 1.23: the cost shows 2.46, which is 1.23 + 1.23.
    expect(shownTimes('1.235', 2)).toBe('2.46');
    expect(formatTokens(shownTimes('1.235', 2), 'ru')).toBe('2,46\u00A0TKN');
    expect(shownTimes('200.123456789', 7)).toBe('1400.84');
    expect(shownTimes('200', 10)).toBe('2000.00');
  });
});
