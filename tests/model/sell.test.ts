import { allSettled, createWatch, type EventCallable, type Scope, type StoreWritable } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { walletModel } from '@/entities/wallet';
import { withdrawalModel } from '@/entities/withdrawal';
import { sellModel } from '@/features/sell-tokens';
// Confirm and the live quote are created with the sheet's view (a lazy chunk): not in the slice's index.
import * as sellConfirm from '@/features/sell-tokens/model/confirm';
import * as liveQuote from '@/features/sell-tokens/model/live-quote';
// The sell routes' models (each page's index registers its own).
import '@/pages/dashboard';
import '@/pages/referral';
import '@/pages/tasks';
import {
  ApiError,
  type ApiFailure,
  appSocket,
  getAddressBalanceFx,
  sendRequestFx,
  type UserMe,
  type Withdrawal,
  type WithdrawalCreated,
  type WithdrawCalculation,
} from '@/shared/api';
import { timings } from '@/shared/config';
import { formatAmount, formatTon } from '@/shared/lib/format';
import { toFriendlyAddress } from '@/shared/lib/ton-address';
import { router, routes } from '@/shared/routing';
import { openWalletModalFx, type ConnectedWalletInfo } from '@/shared/ton-connect';
import { SERVER_MESSAGES } from '@contract/errors';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, inRussian, signedInMember } from './scope';
import { withdrawal as withdrawalFixture } from './withdrawal-fixture';
import { priceModel } from '@/pages/dashboard';
import { mintModel } from '@/entities/mint';
import { referralsModel } from '@/pages/referral';
import { stakeModel } from '@/entities/stake';
import { taskModel } from '@/entities/task';

const { sellOpened, sellClosed, closeClicked, amountChanged, maxClicked, connectWalletClicked, confirmClicked } =
  sellModel;
const CALCULATION_DEBOUNCE_MS = timings.calculationDebounceMs;

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const TESTNET = toFriendlyAddress(RAW, { testOnly: true });
/** The wallet the user proved to hold: the connected one, unless a test says otherwise. */
const BOUND = { address: RAW, friendly_address: TESTNET, bound_at: 1_790_000_000 };

const user = (overrides: Partial<UserMe> = {}): UserMe =>
  ({
    id: 1,
    telegram_id: 777,
    ref: { level: 0 },
    community_participation: true,
    balance_token: '100',
    task_balance: '40',
    referral_balance: '12.5',
    hold_bonus: 0,
    investment_bonus: 0,
    collective_bonus: 0,
    wallet: BOUND,
    ...overrides,
  }) as UserMe;

const wallet = (): ConnectedWalletInfo => ({
  address: RAW,
  chain: '-3',
  publicKey: 'ab'.repeat(32),
  walletStateInit: 'te6cc',
  walletName: 'Dev Wallet',
  tonProof: null,
  features: [{ name: 'SendTransaction', maxMessages: 4 }],
});

/** 1 TKN = 0.01 TON, fee 0.005 + 1 %; the smallest sale 10 tokens. */
const calculation = (amount: string, overrides: Partial<WithdrawCalculation> = {}): WithdrawCalculation => {
  const ton = Number(amount) / 100;
  const fee = 0.005 + ton / 100;
  return {
    token_amount: amount,
    price: '0.01',
    ton_amount: String(ton),
    fee: fee.toFixed(9).replace(/0+$/, ''),
    receive_amount: (ton - fee).toFixed(9).replace(/0+$/, ''),
    min_token_amount: '10',
    ...overrides,
  };
};

/** The quote Confirm sends: a calculation's figures as shown. */
const quoteOf = ({ price, ton_amount, fee, receive_amount }: WithdrawCalculation) => ({
  price,
  ton_amount,
  fee,
  receive_amount,
});

const withdrawal = (id: number, overrides: Partial<Withdrawal> = {}): Withdrawal =>
  withdrawalFixture(id, { address: TESTNET, ...overrides });

interface Setup {
  me?: UserMe;
  connected?: boolean;
  calculate?: (query: { token_amount: string }) => Promise<WithdrawCalculation | null>;
  create?: (body: unknown) => Promise<WithdrawalCreated | null>;
  /** The server refuses the sale: POST /withdraw/create goes through the real request effect and the error catalogue. */
  refusal?: ApiFailure;
  russian?: boolean;
}

function setup({ me = user(), connected = true, calculate, create, refusal, russian = false }: Setup = {}) {
  const calculateSpy = vi.fn(
    calculate ?? (async ({ token_amount }: { token_amount: string }) => calculation(token_amount)),
  );
  const createSpy = vi.fn(
    create ??
      (async () => ({
        withdrawal: withdrawal(9),
        balances: { ...me, balance_token: '50' },
      })),
  );
  const openWallet = vi.fn(async () => undefined);
  const emptyList = async () => ({ data: [], total: 0, page: 1, limit: 300 });
  const refuse = vi.fn(async () => {
    throw new ApiError(refusal as ApiFailure);
  });
  const test = createTestScope({
    values: [
      [userModel.$user, me],
      ...signedInMember.filter(([store]) => store !== userModel.$user),
      ...(russian ? inRussian : []),
      ...(connected
        ? ([
            [walletModel.$wallet, wallet()],
            [walletModel.$friendlyAddress, TESTNET],
          ] as const)
        : []),
    ],
    handlers: [
      // The server's side of each call: the calculation sees the query it was sent, the sale its body.
      [sellModel.calculateFx, ({ query }: { query: { token_amount: string } }) => calculateSpy(query)],
      ...(refusal
        ? ([[sendRequestFx, refuse]] as const)
        : ([[sellConfirm.createFx, ({ body }: { body: unknown }) => createSpy(body)]] as const)),
      [openWalletModalFx, openWallet],
      [mintModel.readMintsFx, emptyList],
      [stakeModel.readStakesFx, emptyList],
      [taskModel.readTasksFx, async () => []],
      [referralsModel.readReferralsFx, async () => null],
      [priceModel.loadPriceFx, async () => ({ price: '0.01', price_change_24h: 0, price_change_30d: 0 })],
    ],
  });
  return { ...test, calculate: calculateSpy, create: createSpy, refuse, openWallet };
}

/** Fires without awaiting allSettled: the calculation's debounce is a model timer run by fake time. */
async function fire<T>(scope: Scope, unit: EventCallable<T> | StoreWritable<T>, params: NoInfer<T>) {
  void allSettled(unit as EventCallable<unknown>, { scope, params });
  await vi.advanceTimersByTimeAsync(0);
}
/** Types an amount and lets the calculation run. */
async function type(scope: Scope, amount: string) {
  await fire(scope, amountChanged, amount);
  await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
}

describe('the Sell modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prices the amount 300 ms after typing stops, once, and not an empty or malformed amount', async () => {
    const { scope, calculate } = setup();
    await fire(scope, sellOpened, 'balance_token');
    await fire(scope, amountChanged, '1');
    await vi.advanceTimersByTimeAsync(100);
    await fire(scope, amountChanged, '12');
    await vi.advanceTimersByTimeAsync(100);
    await fire(scope, amountChanged, '12,5');
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS - 1);
    expect(calculate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calculate).toHaveBeenCalledTimes(1);
    expect(calculate).toHaveBeenCalledWith({ token_amount: '12.5' });
    expect(scope.getState(sellModel.$calculation)).toEqual(calculation('12.5'));

    for (const text of ['', 'abc', '0', '-5', '1.1234567891']) await type(scope, text);
    expect(calculate).toHaveBeenCalledTimes(1);
    expect(scope.getState(sellModel.$calculation)).toBeNull();
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(false);
  });

  it('shows the figures so they add up: the TON out is what arrives plus the fee, as shown (en and ru)', async () => {
    // 0.50011 TON out − 0.00019 fee = 0.49992 arriving. Each truncated alone: 0.5001 − 0.0001 ≠ 0.4999.
    // The sheet shows the TON out as what arrives plus the fee, as shown: 0.4999 + 0.0001 = 0.5000.
    const quote = {
      price: '0.01',
      token_amount: '50.011',
      ton_amount: '0.50011',
      fee: '0.00019',
      receive_amount: '0.49992',
    };
    const { scope } = setup({ calculate: async () => quote as WithdrawCalculation });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '50.011');
    expect(scope.getState(sellModel.$calculation)?.ton_amount).toBe('0.50011');
    const shown = scope.getState(sellModel.$shownCalculation)!;
    expect(shown.ton_amount).toBe('0.5000');
    // What is paid and charged stays as the server quoted it: Confirm sends those.
    expect(shown.receive_amount).toBe('0.49992');
    expect(shown.fee).toBe('0.00019');
    for (const locale of ['en', 'ru'] as const) {
      const units = (figure: string) => Number(formatAmount(figure, 'ton', locale).replace(',', '.')) * 10_000;
      expect(units(shown.ton_amount)).toBe(units(shown.receive_amount) + units(shown.fee));
    }
    expect(formatTon(shown.ton_amount, 'ru')).toBe('0,5000\u00A0TON');
  });

  it('leaves the figures as quoted when the fee takes it all (nothing arrives)', async () => {
    const quote = calculation('1', { ton_amount: '0.01', fee: '0.05', receive_amount: '0' });
    const { scope } = setup({ calculate: async () => quote });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '1');
    expect(scope.getState(sellModel.$shownCalculation)).toEqual(quote);
  });

  it('shows the newest calculation only: a slower earlier answer, even for the same amount, is dropped', async () => {
    const pending: Array<(answer: WithdrawCalculation) => void> = [];
    const { scope, calculate } = setup({
      calculate: () => new Promise<WithdrawCalculation>((resolve) => pending.push(resolve)),
    });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '50');
    await type(scope, '60');
    await type(scope, '50');
    expect(calculate.mock.calls.map(([query]) => query.token_amount)).toEqual(['50', '60', '50']);
    // The third (newest) answers first; then the first, for the same amount at an older price.
    pending[2]!(calculation('50', { price: '0.02' }));
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!(calculation('50', { price: '0.01' }));
    pending[1]!(calculation('60'));
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(sellModel.$calculation)?.price).toBe('0.02');
  });

  it('Max fills in the balance being sold: main, referral or task', async () => {
    const { scope, calculate } = setup();
    for (const [source, balance] of [
      ['balance_token', '100'],
      ['referral_balance', '12.5'],
      ['task_balance', '40'],
    ] as const) {
      await fire(scope, sellOpened, source);
      await fire(scope, maxClicked, undefined);
      await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
      expect(scope.getState(sellModel.$amountText)).toBe(balance);
      expect(calculate).toHaveBeenLastCalledWith({ token_amount: balance });
      await fire(scope, sellClosed, undefined);
    }
  });

  it('says "Sell at least N" below the smallest sale, and more than the balance, before anything is sent', async () => {
    const { scope, create } = setup();
    await fire(scope, sellOpened, 'referral_balance');
    await type(scope, '5');
    expect(scope.getState(sellModel.$amountProblem)).toEqual({ kind: 'below_min', min: '10' });
    // The minimum holds for the next amount at once, before it is priced.
    await fire(scope, amountChanged, '9.999999999');
    expect(scope.getState(sellModel.$amountProblem)).toEqual({ kind: 'below_min', min: '10' });
    await type(scope, '12.500000001');
    expect(scope.getState(sellModel.$amountProblem)).toEqual({ kind: 'above_balance', balance: '12.5' });
    await fire(scope, confirmClicked, undefined);
    expect(create).not.toHaveBeenCalled();
    await type(scope, '12.5');
    expect(scope.getState(sellModel.$amountProblem)).toBeNull();
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(true);
  });

  it('without a wallet: Connect wallet opens the wallet list, and the wallet proved on connect becomes the destination', async () => {
    const { scope, openWallet, create } = setup({ connected: false, me: user({ wallet: null }) });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '12');
    expect(scope.getState(sellModel.$needsWallet)).toBe(true);
    expect(scope.getState(sellModel.$destination)).toBe('connect');
    expect(scope.getState(sellModel.$address)).toBeNull();
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(false);
    await fire(scope, confirmClicked, undefined);
    expect(create).not.toHaveBeenCalled();
    await fire(scope, connectWalletClicked, undefined);
    expect(openWallet).toHaveBeenCalledTimes(1);
    // Connected and proved (the wallet panel's model binds it): it is the destination, and Confirm is on.
    await fire(scope, walletModel.$wallet, wallet());
    await fire(scope, userModel.walletBound, BOUND);
    expect(scope.getState(sellModel.$needsWallet)).toBe(false);
    expect(scope.getState(sellModel.$destination)).toBe('verified');
    expect(scope.getState(sellModel.$address)).toBe(TESTNET);
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(true);
  });

  it.each([
    ['balance_token', false, false],
    ['referral_balance', true, false],
    ['task_balance', false, true],
  ] as const)(
    'confirms a sale from %s with its source flags and the amount calculate promised; the balances, the list and a toast follow',
    async (source, fromRef, fromTask) => {
      const { scope, create, toasts } = setup();
      const soldWatch = vi.fn();
      createWatch({ unit: sellModel.sold, scope, fn: soldWatch });
      await allSettled(withdrawalModel.withdrawalUpdated, { scope, params: withdrawal(3) });
      await fire(scope, sellOpened, source);
      await type(scope, '12');
      await fire(scope, confirmClicked, undefined);
      expect(create).toHaveBeenCalledTimes(1);
      expect(create).toHaveBeenCalledWith({
        from_ref_balance: fromRef,
        from_task_balance: fromTask,
        token_amount: '12',
        address: TESTNET,
        quote: quoteOf(calculation('12')),
      });
      expect(scope.getState(userModel.$user)?.balance_token).toBe('50');
      expect(scope.getState(withdrawalModel.$withdrawals).map((row) => row.id)).toEqual([9, 3]);
      expect(scope.getState(withdrawalModel.$total)).toBe(2);
      // The TON the sale pays (the withdrawal's ton_amount), not the quote's receive_amount (0.1138).
      expect(toasts.map((toast) => toast.text)).toContain('Sale confirmed: 0.4900\u00A0TON is on its way');
      expect(soldWatch).toHaveBeenCalledTimes(1);
      expect(scope.getState(sellModel.$isOpen)).toBe(false);
    },
  );

  it('keeps the modal open with what was typed when the server refuses, and prices the amount again', async () => {
    const { scope, create, calculate } = setup({
      create: async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          message: 'Error: The price has changed',
          serverMessage: SERVER_MESSAGES.sellQuoteExpired,
          code: 'sellQuoteExpired',
        });
      },
    });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '50');
    expect(calculate).toHaveBeenCalledTimes(1);
    await fire(scope, confirmClicked, undefined);
    expect(create).toHaveBeenCalledTimes(1);
    expect(scope.getState(sellModel.$isOpen)).toBe(true);
    expect(scope.getState(sellModel.$amountText)).toBe('50');
    expect(scope.getState(sellModel.$address)).toBe(TESTNET);
    expect(calculate).toHaveBeenCalledTimes(2);
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(true);
  });

  it('a 5xx (null) keeps the modal open too', async () => {
    const { scope } = setup({ create: async () => null });
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '50');
    await fire(scope, confirmClicked, undefined);
    expect(scope.getState(sellModel.$isOpen)).toBe(true);
  });
});

describe('a payout completed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the connected wallet's TON balance again (the TON may have arrived there)", async () => {
    const balance = vi.fn(async () => '100500000000');
    const test = createTestScope({
      values: [
        [walletModel.$wallet, wallet()],
        [walletModel.$friendlyAddress, TESTNET],
      ],
      handlers: [[getAddressBalanceFx, balance]],
    });
    await fire(test.scope, withdrawalModel.withdrawalUpdated, withdrawal(4, { status: 'sending' }));
    expect(balance).not.toHaveBeenCalled();
    await fire(
      test.scope,
      withdrawalModel.withdrawalUpdated,
      withdrawal(4, { status: 'completed', tx_hash: 'ab'.repeat(32) }),
    );
    expect(balance).toHaveBeenCalledWith(RAW);
    expect(test.scope.getState(walletModel.$balanceNano)).toBe('100500000000');
  });
});

/** A link to `route` followed, as the screens' links do. */
async function navigate(scope: Scope, route: (typeof routes)[keyof typeof routes]) {
  void allSettled(route.navigate, { scope, params: { params: {}, query: {} } });
  await vi.advanceTimersByTimeAsync(0);
}

describe('the sell routes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['/sell', 'balance_token', '/'],
    ['/referral/sell', 'referral_balance', '/referral'],
    ['/tasks/sell', 'task_balance', '/tasks'],
  ] as const)('%s opens the modal for %s; closing it goes back to %s', async (path, source, parent) => {
    const { scope } = setup();
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: [path] }));
    expect(scope.getState(sellModel.$source)).toBe(source);
    await fire(scope, closeClicked, undefined);
    expect(scope.getState(router.$path)).toBe(parent);
    expect(scope.getState(sellModel.$source)).toBeNull();
  });

  // The dashboard's Sell is one of its sections: it is opened from the overview, the history (its
  // withdrawals say "sell") or the farming links, and closing it returns to that section.
  it.each(['/history', '/farming', '/'])('closing the dashboard Sell opened from %s goes back there', async (from) => {
    const { scope } = setup();
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: [from] }));
    await navigate(scope, routes.dashboardSell);
    expect(scope.getState(router.$path)).toBe('/sell');
    expect(scope.getState(sellModel.$source)).toBe('balance_token');
    await fire(scope, closeClicked, undefined);
    expect(scope.getState(router.$path)).toBe(from);
    expect(scope.getState(sellModel.$source)).toBeNull();
  });

  it('a sale made from the history goes back to the history, where it shows', async () => {
    const { scope } = setup();
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: ['/history'] }));
    await navigate(scope, routes.dashboardSell);
    await type(scope, '12');
    await fire(scope, confirmClicked, undefined);
    expect(scope.getState(router.$path)).toBe('/history');
  });

  it('opened from the history once, a later Sell opened from the overview goes back to the overview', async () => {
    const { scope } = setup();
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: ['/history'] }));
    await navigate(scope, routes.dashboardSell);
    await fire(scope, closeClicked, undefined);
    await navigate(scope, routes.dashboard);
    await navigate(scope, routes.dashboardSell);
    await fire(scope, closeClicked, undefined);
    expect(scope.getState(router.$path)).toBe('/');
  });

  it('a sale made goes back too, and leaving the route forgets what was typed', async () => {
    const { scope } = setup();
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: ['/tasks/sell'] }));
    await type(scope, '12');
    await fire(scope, confirmClicked, undefined);
    expect(scope.getState(router.$path)).toBe('/tasks');
    expect(scope.getState(sellModel.$amountText)).toBe('');
  });
});

describe('sales pay out only to the verified wallet (docs/foundations.md §7b), shown and not typed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const CD = `0:${'cd'.repeat(32)}`;
  const boundCd = { address: CD, friendly_address: toFriendlyAddress(CD, { testOnly: true }), bound_at: 1 };

  it('is the destination even when another wallet is connected, in the form the server gave, and the sheet says so', async () => {
    const { scope, create } = setup({ me: user({ wallet: boundCd }) });
    await fire(scope, sellOpened, 'balance_token');
    expect(scope.getState(sellModel.$address)).toBe(boundCd.friendly_address);
    expect(scope.getState(sellModel.$destination)).toBe('verifiedOther');
    expect(scope.getState(sellModel.$needsWallet)).toBe(false);
    await type(scope, '12');
    await fire(scope, confirmClicked, undefined);
    expect(create.mock.calls[0]![0]).toEqual({
      from_ref_balance: false,
      from_task_balance: false,
      token_amount: '12',
      address: boundCd.friendly_address,
      quote: quoteOf(calculation('12')),
    });
  });

  it('is the verified wallet, connected or not (the raw forms compare in any case)', async () => {
    const { scope } = setup({ me: user({ wallet: { ...BOUND, address: RAW.toUpperCase() } }) });
    await fire(scope, sellOpened, 'balance_token');
    expect(scope.getState(sellModel.$destination)).toBe('verified');
    await fire(scope, walletModel.$wallet, null);
    expect(scope.getState(sellModel.$destination)).toBe('verified');
    expect(scope.getState(sellModel.$needsWallet)).toBe(false);
    expect(scope.getState(sellModel.$address)).toBe(TESTNET);
  });

  it('with no verified wallet and one connected, says to connect it again (which proves it); once proved, it goes', async () => {
    const { scope, create } = setup({ me: user({ wallet: null }) });
    await fire(scope, sellOpened, 'balance_token');
    expect(scope.getState(sellModel.$destination)).toBe('reconnect');
    expect(scope.getState(sellModel.$address)).toBeNull();
    await type(scope, '12');
    expect(scope.getState(sellConfirm.$canConfirm)).toBe(false);
    await fire(scope, confirmClicked, undefined);
    expect(create).not.toHaveBeenCalled();

    await fire(scope, userModel.walletBound, BOUND);
    expect(scope.getState(sellModel.$destination)).toBe('verified');
    await fire(scope, confirmClicked, undefined);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ address: TESTNET }));
  });

  it.each([
    [false, 'Payouts go only to a wallet you have proved is yours: connect that wallet in the app first'],
    [
      true,
      'Выплаты идут только на кошелёк, который вы подтвердили как свой: сначала подключите этот кошелёк в приложении',
    ],
  ])(
    'a 422 from the server (another account proved the wallet meanwhile) is a toast in the user’s language (russian: %s); the modal stays',
    async (russian, text) => {
      const msg = SERVER_MESSAGES.sellUnverifiedAddress;
      const { scope, refuse, toasts } = setup({
        russian,
        refusal: { kind: 'http', status: 422, message: msg, serverMessage: msg, code: 'sellUnverifiedAddress' },
      });
      await fire(scope, sellOpened, 'balance_token');
      await type(scope, '12');
      await fire(scope, confirmClicked, undefined);
      expect(refuse).toHaveBeenCalledTimes(1);
      expect(toasts).toContainEqual(expect.objectContaining({ text, kind: 'error' }));
      expect(scope.getState(sellModel.$isOpen)).toBe(true);
      expect(scope.getState(sellModel.$address)).toBe(TESTNET);
    },
  );
});

describe('the open sheet follows the live price (docs/decisions.md "Sale quotes")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** 1 TKN at `price` TON, fee 0.005 + 1 %: the server's figures for `amount`. */
  const quoteAt = (price: string) => (amount: string) => {
    const ton = (Number(amount) * Number(price)).toFixed(9);
    const fee = (0.005 + Number(ton) / 100).toFixed(9);
    return calculation(amount, {
      price,
      ton_amount: String(Number(ton)),
      fee: String(Number(fee)),
      receive_amount: String(Number((Number(ton) - Number(fee)).toFixed(9))),
    });
  };

  /** The sheet open on 50 TKN quoted at 0.01, with the app's socket open: `tick` pushes a price_update. */
  async function openSheet(setupOptions: Setup = {}) {
    let price = '0.01';
    const test = setup({ calculate: async ({ token_amount }) => quoteAt(price)(token_amount), ...setupOptions });
    const { scope } = test;
    await allSettled(appSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    await fire(scope, sellOpened, 'balance_token');
    await type(scope, '50');
    const tick = async (next: string, { serverMoves = true } = {}) => {
      if (serverMoves) price = next;
      FakeWebSocket.last.receive(
        JSON.stringify({
          event: 'price_update',
          data: { price: next, price_change_24h: 0, price_change_30d: 0, time: 1 },
        }),
      );
      await vi.advanceTimersByTimeAsync(0);
    };
    return { ...test, tick, setPrice: (next: string) => (price = next) };
  }

  it('a tick quotes the amount again at once: the new figures show, the ones that moved are marked, and Confirm sends them', async () => {
    const { scope, calculate, create, tick } = await openSheet();
    expect(scope.getState(sellModel.$calculation)).toMatchObject({ price: '0.01', receive_amount: '0.49' });
    expect(scope.getState(liveQuote.$quoteChange)).toBeNull();

    await tick('0.010204');
    expect(calculate).toHaveBeenCalledTimes(2);
    expect(calculate).toHaveBeenLastCalledWith({ token_amount: '50' });
    const moved = scope.getState(sellModel.$calculation)!;
    expect(moved).toMatchObject({
      price: '0.010204',
      ton_amount: '0.5102',
      fee: '0.010102',
      receive_amount: '0.500098',
    });
    expect(scope.getState(liveQuote.$quoteChange)).toEqual(['price', 'ton_amount', 'fee', 'receive_amount']);

    // Confirm sends the figures on screen now, not the first quote.
    await fire(scope, confirmClicked, undefined);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0]).toMatchObject({ token_amount: '50', quote: quoteOf(moved) });
  });

  it('a tick at the price already quoted asks nothing; a new amount clears the mark, and its own first quote marks nothing', async () => {
    const { scope, calculate, tick } = await openSheet();
    await tick('0.01');
    expect(calculate).toHaveBeenCalledTimes(1);

    await tick('0.011');
    expect(scope.getState(liveQuote.$quoteChange)).not.toBeNull();
    await fire(scope, amountChanged, '60');
    expect(scope.getState(liveQuote.$quoteChange)).toBeNull();
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
    expect(scope.getState(sellModel.$calculation)).toMatchObject({ token_amount: '60', price: '0.011' });
    expect(scope.getState(liveQuote.$quoteChange)).toBeNull();
  });

  it('nothing is asked with no quote on screen, or while a sale is on its way', async () => {
    let finish: (answer: WithdrawalCreated | null) => void = () => undefined;
    const { scope, calculate, tick } = await openSheet({
      create: () => new Promise<WithdrawalCreated | null>((resolve) => (finish = resolve)),
    });
    await fire(scope, confirmClicked, undefined);
    expect(scope.getState(sellConfirm.$isSelling)).toBe(true);
    await tick('0.02');
    expect(calculate).toHaveBeenCalledTimes(1);
    finish(null);
    await vi.advanceTimersByTimeAsync(0);

    await fire(scope, amountChanged, 'abc');
    await tick('0.03');
    expect(calculate).toHaveBeenCalledTimes(1);
  });

  it.each([
    [false, 'The price has changed: check the new figures and confirm again'],
    [true, 'Цена изменилась: проверьте новые суммы и подтвердите ещё раз'],
  ])(
    'a quote the server no longer honours (sellQuoteExpired) is a toast (russian: %s); the sheet quotes again and marks the new figures',
    async (russian, text) => {
      const msg = SERVER_MESSAGES.sellQuoteExpired;
      const { scope, calculate, refuse, toasts, setPrice } = await openSheet({
        russian,
        refusal: { kind: 'http', status: 400, message: msg, serverMessage: msg, code: 'sellQuoteExpired' },
      });
      // The price moved without a tick reaching the app (the socket was down a minute).
      setPrice('0.0095');
      await fire(scope, confirmClicked, undefined);
      expect(refuse).toHaveBeenCalledTimes(1);
      expect(toasts).toContainEqual(expect.objectContaining({ text, kind: 'error' }));
      expect(calculate).toHaveBeenCalledTimes(2);
      expect(scope.getState(sellModel.$isOpen)).toBe(true);
      expect(scope.getState(sellModel.$calculation)).toMatchObject({ price: '0.0095', receive_amount: '0.46525' });
      expect(scope.getState(liveQuote.$quoteChange)).toEqual(['price', 'ton_amount', 'fee', 'receive_amount']);
      expect(scope.getState(sellConfirm.$canConfirm)).toBe(true);
    },
  );
});
