import { allSettled, createWatch, type EventCallable, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activePlans, mintModel, visiblePendingMint } from '@/entities/mint';
import { userModel } from '@/entities/user';
import { walletModel } from '@/entities/wallet';
import { sendTransactionModel } from '@/features/send-transaction';
import { timings } from '@/shared/config';
import { cancelMintModel, mintFormModel, parseTonAmount } from '@/pages/mint';
import { appSocket, type Mint, type MintCalculation, sendRequestFx, type MintList, type MintPlan } from '@/shared/api';
import { router } from '@/shared/routing';
import {
  openWalletModalFx,
  sendTransactionFx,
  transactionFailed,
  WalletActionError,
  type ConnectedWalletInfo,
} from '@/shared/ton-connect';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, signedInMember, priceQuoteExpired } from './scope';

const { $activeMints, $mints, $payingMint, $pendingMint, $plans, mintUpdated, pendingMintsCleared } = mintModel;
const { $wallet } = walletModel;
const { transactionRequested } = sendTransactionModel;
const WALLET_REQUIRED_TEXT = 'Connect wallet to send a transaction.';

const NOW_MS = Date.parse('2026-11-22T10:00:00Z');
const NOW = NOW_MS / 1000;
const TREASURY = 'kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';

const mint = (overrides: Partial<Mint> = {}): Mint => ({
  id: 1,
  mint_id: 'K7F3QX2M',
  source: 'payment',
  status: 'pending',
  cancel_reason: null,
  created_at: NOW,
  amount_ton: '1.5',
  amount_token: '150',
  expected_token: '157.5',
  days: 30,
  tariff_days: 30,
  activated_at: null,
  matures_at: null,
  payment: {
    address: TREASURY,
    amount: '1500000000',
    payload: 'te6cckEBAQEAEgAAIAAAAABNaW50IEs3RjNRWDJN',
    comment: 'Mint K7F3QX2M',
    valid_until: NOW + 1800,
  },
  ...overrides,
});
const activated = (pending: Mint): Mint => {
  const { payment: _payment, ...rest } = pending;
  return { ...rest, status: 'active', activated_at: NOW + 20, matures_at: NOW + 20 + 30 * 86_400 };
};
const plan = (days: number, is_active = true): MintPlan => ({
  days,
  tariff_days: days,
  is_active,
  yield: days / 600,
  min_amount: '1',
  max_amount: '100000',
});
const wallet = (): ConnectedWalletInfo => ({
  address: '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
  chain: '-3',
  publicKey: 'ab'.repeat(32),
  walletStateInit: 'te6cc',
  walletName: 'Dev Wallet',
  tonProof: null,
  features: [{ name: 'SendTransaction', maxMessages: 4 }],
});
const calculation = (amount: string, days: number): MintCalculation => ({
  amount_ton: amount,
  amount_token: String(Number(amount) * 100),
  expected_token: String(Number(amount) * 105),
  price: '0.01',
  days,
  tariff_days: days,
  yield: 0.05,
});

/**
 * Fires a unit without awaiting allSettled: the pending mint's expiry timer and the calculation's
 * debounce are real model timers, so the scope settles only when fake time is advanced.
 */
async function fire<T>(scope: Scope, unit: EventCallable<T>, ...params: T extends void ? [] : [T]) {
  void allSettled(unit as EventCallable<unknown>, { scope, params: params[0] });
  await vi.advanceTimersByTimeAsync(0);
}

function watch<T>(scope: Scope, unit: EventCallable<T>): T[] {
  const calls: T[] = [];
  createWatch({ unit, scope, fn: (value) => calls.push(value) });
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW_MS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mint rules (docs/product.md §4, §5)', () => {
  it('offers only active plans, sorted by days ascending', () => {
    expect(activePlans([plan(90), plan(30), plan(365, false), plan(60), plan(7, false)]).map((p) => p.days)).toEqual([
      30, 60, 90,
    ]);
  });

  it('shows only the newest pending mint, and only while it is younger than 180 s', () => {
    const older = mint({ id: 1, created_at: NOW - 60 });
    const newest = mint({ id: 2, created_at: NOW - 30 });
    const paid = activated(mint({ id: 3, created_at: NOW }));
    expect(visiblePendingMint([older, paid, newest], NOW)?.id).toBe(2);
    expect(visiblePendingMint([older, paid, newest], NOW - 30 + 179)?.id).toBe(2);
    // The newest has run out: the older one is not offered in its place.
    expect(visiblePendingMint([older, paid, newest], NOW - 30 + 180)).toBeNull();
    expect(visiblePendingMint([paid], NOW)).toBeNull();
    // Same second: the higher id is the newer one.
    expect(visiblePendingMint([mint({ id: 5 }), mint({ id: 6 })], NOW)?.id).toBe(6);
  });

  it("reads the amount field as TON, with '.' or ',' as the decimal mark", () => {
    expect(parseTonAmount('1.5')).toBe('1.5');
    expect(parseTonAmount('1,5')).toBe('1.5');
    expect(parseTonAmount(' 2 ')).toBe('2');
    expect(parseTonAmount('.25')).toBe('0.25');
    expect(parseTonAmount('0.000000001')).toBe('0.000000001');
    expect(parseTonAmount('123456789.123456789')).toBe('123456789.123456789');
    expect(parseTonAmount('007,50')).toBe('7.5');
    for (const text of ['', '0', '0,0', '-1', 'abc', '1.2.3', '1.0000000001', ',', '1e3']) {
      expect(parseTonAmount(text), text).toBeNull();
    }
  });
});

describe('mint page data', () => {
  it('opening /mint loads the plans (active only, by days) and the mints (newest first); refetch follows user data', async () => {
    const plans = vi.fn(async () => [plan(90), plan(365, false), plan(30), plan(60)]);
    const older = activated(mint({ id: 1, mint_id: 'OLDER111', created_at: NOW - 86_400 }));
    const newer = activated(mint({ id: 2, mint_id: 'NEWER222', created_at: NOW - 3_600 }));
    const list = vi.fn(async (): Promise<MintList> => ({ data: [older, newer], total: 2, page: 1, limit: 300 }));
    const { scope } = createTestScope({
      values: signedInMember,
      handlers: [
        [mintModel.readPlansFx, plans],
        [mintModel.readMintsFx, list],
        [userModel.loadUserFx, async () => null],
      ],
    });
    await fire(scope, router.setHistory, createMemoryHistory({ initialEntries: ['/mint'] }));

    expect(scope.getState($plans).map((p) => p.days)).toEqual([30, 60, 90]);
    expect(scope.getState($mints).map((m) => m.mint_id)).toEqual(['NEWER222', 'OLDER111']);
    expect(scope.getState($activeMints)).toHaveLength(2);
    expect(scope.getState($pendingMint)).toBeNull();
    expect(list).toHaveBeenCalledTimes(1);

    // A user-data refetch (tab visible again) also catches up the mints shown here.
    await fire(scope, userModel.userDataRefetched);
    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe('pending mint (docs/product.md §4: the newest, for 3 minutes)', () => {
  it('shows a new pending mint, then hides it when its 180 s run out, with one timer and no user action', async () => {
    const { scope } = createTestScope();
    await fire(scope, mintUpdated, mint({ id: 7 }));
    expect(scope.getState($pendingMint)?.id).toBe(7);
    expect(vi.getTimerCount()).toBe(1);

    // Another update re-checks, but the expiry timer is replaced, not stacked.
    await vi.advanceTimersByTimeAsync(60_000);
    await fire(scope, mintUpdated, activated(mint({ id: 3, created_at: NOW - 86_400 })));
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(119_999);
    expect(scope.getState($pendingMint)?.id).toBe(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($pendingMint)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    // Still in the list (the server has it pending until it expires there); just not offered.
    expect(scope.getState($mints).map((m) => m.id)).toEqual([7, 3]);
  });

  it('a pending mint loaded 2 minutes after its creation shows for the minute left', async () => {
    const { scope } = createTestScope({
      handlers: [
        [
          mintModel.readMintsFx,
          async (): Promise<MintList> => ({ data: [mint({ created_at: NOW - 120 })], total: 1, page: 1, limit: 300 }),
        ],
      ],
    });
    await fire(scope, mintModel.mintsRequested);
    expect(scope.getState($pendingMint)?.id).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(scope.getState($pendingMint)).toBeNull();
  });

  it('a user:mint push moves the paid mint from pending to the active list', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
    const { scope } = createTestScope({ values: signedInMember });
    const pending = mint({ id: 9, mint_id: 'PAYME999' });
    await fire(scope, mintUpdated, pending);
    expect(scope.getState($pendingMint)?.mint_id).toBe('PAYME999');
    expect(scope.getState($activeMints)).toEqual([]);

    await fire(scope, appSocket.connectRequested);
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(JSON.stringify({ event: 'user:mint', data: activated(pending) }));
    await vi.advanceTimersByTimeAsync(0);

    expect(scope.getState($pendingMint)).toBeNull();
    expect(scope.getState($activeMints).map((m) => [m.mint_id, m.status])).toEqual([['PAYME999', 'active']]);
    expect(scope.getState($mints)).toHaveLength(1);
    await fire(scope, appSocket.disconnectRequested);
  });
});

describe('calculation', () => {
  it('asks the server 300 ms after the last change, only for a positive amount with a plan chosen', async () => {
    const calculate = vi.fn(
      async ({ query: { amount, freeze_days } }: { query: { amount: string; freeze_days: number } }) =>
        calculation(amount, freeze_days),
    );
    const { scope } = createTestScope({ handlers: [[mintFormModel.calculateFx, calculate]] });

    await fire(scope, mintFormModel.amountChanged, '2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calculate).not.toHaveBeenCalled(); // no plan yet

    await fire(scope, mintFormModel.planSelected, 30);
    await vi.advanceTimersByTimeAsync(200);
    await fire(scope, mintFormModel.amountChanged, '1,5');
    await vi.advanceTimersByTimeAsync(299);
    expect(calculate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calculate).toHaveBeenCalledExactlyOnceWith({ query: { amount: '1.5', freeze_days: 30 } });
    expect(scope.getState(mintFormModel.$calculation)?.expected_token).toBe('157.5');

    // Not a number: no call, and the old numbers are not left on screen.
    await fire(scope, mintFormModel.amountChanged, '1,5,');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calculate).toHaveBeenCalledTimes(1);
    expect(scope.getState(mintFormModel.$amountInvalid)).toBe(true);
    expect(scope.getState(mintFormModel.$calculation)).toBeNull();
  });
});

describe('create mint', () => {
  const fillForm = async (scope: Scope) => {
    await fire(scope, mintFormModel.planSelected, 30);
    await fire(scope, mintFormModel.amountChanged, '1,5');
  };

  it('without a connected wallet: refused like a transaction, and no mint is created', async () => {
    const create = vi.fn(async () => mint());
    const { scope, toasts, host } = createTestScope({
      handlers: [
        [mintFormModel.createFx, create],
        [mintFormModel.calculateFx, async () => null],
      ],
    });
    const requested = watch(scope, transactionRequested);
    await fillForm(scope);
    await fire(scope, mintFormModel.createClicked);

    expect(create).not.toHaveBeenCalled();
    expect(requested).toEqual([]);
    expect(toasts).toEqual([{ text: WALLET_REQUIRED_TEXT, kind: 'error', durationMs: 3000 }]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState($pendingMint)).toBeNull();
  });

  it('sends the price of the quote on screen, and the toast states the tokens the mint was created for', async () => {
    const quote = { ...calculation('1.5', 30), amount_token: '153.06122449', price: '0.0098' };
    const create = vi.fn(async () => mint({ id: 12, amount_token: '153.06122449' }));
    const { scope, toasts } = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [
        [mintFormModel.createFx, create],
        [mintFormModel.calculateFx, async () => quote],
        [sendTransactionFx, () => new Promise<never>(() => {})],
      ],
    });
    await fillForm(scope);
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(scope.getState(mintFormModel.$calculation)?.price).toBe('0.0098');
    await fire(scope, mintFormModel.createClicked);

    expect(create).toHaveBeenCalledExactlyOnceWith({ body: { amount: '1.5', days: 30, price: '0.0098' } });
    expect(toasts[0]).toEqual({
      text: 'New mint #K7F3QX2M created: 153.06\u00A0TKN',
      kind: 'success',
      durationMs: 3000,
    });
  });

  it('a quote whose price no longer stands is refused with its sentence, and the amount is quoted again', async () => {
    const calculate = vi.fn(async () => calculation('1.5', 30));
    // Refused below the endpoint, as the server would: the request layer's toast follows.
    const create = vi.fn(async () => {
      throw priceQuoteExpired();
    });
    const { scope, toasts } = createTestScope({
      values: [...signedInMember, [$wallet, wallet()]],
      handlers: [
        [sendRequestFx, create],
        [mintFormModel.calculateFx, calculate],
      ],
    });
    await fillForm(scope);
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(calculate).toHaveBeenCalledTimes(1);
    await fire(scope, mintFormModel.createClicked);
    await vi.advanceTimersByTimeAsync(0);

    expect(create).toHaveBeenCalledTimes(1);
    expect(toasts.map((t) => t.text)).toEqual(['The price has changed: check the new amount and confirm again']);
    expect(calculate).toHaveBeenCalledTimes(2);
    expect(scope.getState(mintFormModel.$amountText)).toBe('1,5');
  });

  it("with a wallet: creates it, says 'New mint #NEWMINT1 created' (sentence case, its public id) and asks the wallet to pay the mint's payment", async () => {
    const created = mint({ id: 11, mint_id: 'NEWMINT1' });
    const create = vi.fn(async () => created);
    const send = vi.fn(() => new Promise<never>(() => {})); // the wallet is still asking the user
    const { scope, toasts } = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [
        [mintFormModel.createFx, create],
        [mintFormModel.calculateFx, async () => null],
        [sendTransactionFx, send],
      ],
    });
    const requested = watch(scope, transactionRequested);
    await fillForm(scope);
    await fire(scope, mintFormModel.createClicked);

    expect(create).toHaveBeenCalledExactlyOnceWith({ body: { amount: '1.5', days: 30 } });
    expect(toasts).toEqual([
      { text: 'New mint #NEWMINT1 created: 150.00\u00A0TKN', kind: 'success', durationMs: 3000 },
    ]);
    expect(requested).toEqual([
      { messages: [{ address: TREASURY, amount: '1500000000', payload: created.payment?.payload }] },
    ]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(scope.getState($pendingMint)?.mint_id).toBe('NEWMINT1');
    expect(scope.getState($payingMint)?.id).toBe(11);
    expect(scope.getState(mintFormModel.$amountText)).toBe('');
  });

  it('Pay asks the wallet again for the pending mint, and is refused without a wallet', async () => {
    const pending = mint({ id: 12 });
    const connected = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [[sendTransactionFx, () => new Promise<never>(() => {})]],
    });
    const requested = watch(connected.scope, transactionRequested);
    await fire(connected.scope, mintUpdated, pending);
    await fire(connected.scope, mintFormModel.payClicked);
    expect(requested).toEqual([
      { messages: [{ address: TREASURY, amount: '1500000000', payload: pending.payment?.payload }] },
    ]);
    expect(connected.scope.getState($payingMint)?.id).toBe(12);
    // While the wallet is asking, a second tap does not send a second request.
    await fire(connected.scope, mintFormModel.payClicked);
    expect(requested).toHaveLength(1);

    const disconnected = createTestScope();
    const refusedRequests = watch(disconnected.scope, transactionRequested);
    await fire(disconnected.scope, mintUpdated, pending);
    await fire(disconnected.scope, mintFormModel.payClicked);
    expect(refusedRequests).toEqual([]);
    expect(disconnected.toasts.map((t) => t.text)).toEqual([WALLET_REQUIRED_TEXT]);
    expect(disconnected.scope.getState($payingMint)).toBeNull();
  });
});

describe('cancel mint (the Cancel modal)', () => {
  it('confirming cancels the pending mint on the server and updates the list', async () => {
    const pending = mint({ id: 21 });
    const cancel = vi.fn(async ({ params: { id } }: { params: { id: number } }) => ({
      ...mint({ id }),
      status: 'canceled' as const,
      cancel_reason: 'user' as const,
      payment: undefined,
    }));
    const { scope } = createTestScope({ handlers: [[cancelMintModel.cancelFx, cancel]] });
    await fire(scope, mintUpdated, pending);

    await fire(scope, cancelMintModel.cancelClicked);
    expect(scope.getState(cancelMintModel.$cancelTarget)?.id).toBe(21);
    await fire(scope, cancelMintModel.cancelDismissed);
    expect(scope.getState(cancelMintModel.$cancelTarget)).toBeNull();
    expect(cancel).not.toHaveBeenCalled();

    await fire(scope, cancelMintModel.cancelClicked);
    await fire(scope, cancelMintModel.cancelConfirmed);
    expect(cancel).toHaveBeenCalledExactlyOnceWith({ params: { id: 21 } });
    expect(scope.getState(cancelMintModel.$cancelTarget)).toBeNull();
    expect(scope.getState($pendingMint)).toBeNull();
    expect(scope.getState($mints).map((m) => [m.id, m.status])).toEqual([[21, 'canceled']]);
  });
});

describe('signing failure (docs/product.md §4: clears pending mints)', () => {
  it('clears pending mints and cancels on the server the one the wallet was asked to pay', async () => {
    const created = mint({ id: 31, mint_id: 'DECLINED' });
    const olderPending = mint({ id: 30, created_at: NOW - 100 });
    const cancel = vi.fn(async ({ params: { id } }: { params: { id: number } }) => ({
      ...created,
      id,
      status: 'canceled' as const,
      cancel_reason: 'user' as const,
      payment: undefined,
    }));
    const { scope, toasts } = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [
        [mintFormModel.createFx, async () => created],
        [mintFormModel.calculateFx, async () => null],
        [mintModel.cancelUnpaidFx, cancel],
        [sendTransactionFx, async () => Promise.reject(new WalletActionError('user-rejects', 'declined'))],
      ],
    });
    await fire(scope, mintUpdated, olderPending);
    await fire(scope, mintFormModel.planSelected, 30);
    await fire(scope, mintFormModel.amountChanged, '1.5');
    await fire(scope, mintFormModel.createClicked);

    expect(toasts.map((t) => t.text)).toEqual([
      'New mint #DECLINED created: 150.00\u00A0TKN',
      'Transaction was not sent',
    ]);
    expect(cancel).toHaveBeenCalledExactlyOnceWith({ params: { id: 31 } });
    expect(scope.getState($pendingMint)).toBeNull();
    expect(scope.getState($payingMint)).toBeNull();
    expect(scope.getState($mints).map((m) => [m.id, m.status])).toEqual([[31, 'canceled']]);
  });

  it('a failure of some other transaction clears pending mints without canceling anything', async () => {
    const cancel = vi.fn();
    const { scope } = createTestScope({ handlers: [[mintModel.cancelUnpaidFx, cancel]] });
    await fire(scope, mintUpdated, mint({ id: 41 }));
    await fire(scope, mintUpdated, activated(mint({ id: 40, created_at: NOW - 500 })));
    await fire(scope, transactionFailed, { text: 'Transaction was not sent', rejectedByUser: true });
    expect(cancel).not.toHaveBeenCalled();
    expect(scope.getState($pendingMint)).toBeNull();
    expect(scope.getState($mints).map((m) => m.id)).toEqual([40]);
  });

  it('pendingMintsCleared keeps everything that is not pending', async () => {
    const { scope } = createTestScope();
    await fire(scope, mintUpdated, mint({ id: 50 }));
    await fire(scope, mintUpdated, activated(mint({ id: 51, created_at: NOW - 10 })));
    await fire(scope, pendingMintsCleared);
    expect(scope.getState($mints).map((m) => [m.id, m.status])).toEqual([[51, 'active']]);
  });
});

describe('form rules: the amount is checked before anything is sent', () => {
  const TEN_TON = '10000000000';
  const setup = (values: ReadonlyArray<readonly [unknown, unknown]> = []) => {
    const create = vi.fn(async () => mint());
    const openModal = vi.fn(async () => undefined);
    const test = createTestScope({
      values: [[$plans, [plan(30), plan(60)]], ...values] as never,
      handlers: [
        [mintFormModel.createFx, create],
        [mintFormModel.calculateFx, async () => null],
        [openWalletModalFx, openModal],
      ],
    });
    return { ...test, create, openModal };
  };
  const type = async (scope: Scope, amount: string, days = 30) => {
    await fire(scope, mintFormModel.planSelected, days);
    await fire(scope, mintFormModel.amountChanged, amount);
  };
  const withWallet = (balanceNano: string | null) =>
    [
      [$wallet, wallet()],
      [walletModel.$balanceNano, balanceNano],
    ] as const;

  it("shows the plan's minimum and maximum and refuses amounts outside them", async () => {
    const { scope, create } = setup(withWallet('1000000000000000'));
    await type(scope, '0.5');
    expect(scope.getState(mintFormModel.$amountProblem)).toEqual({ kind: 'below_min', min: '1' });
    expect(scope.getState(mintFormModel.$canCreate)).toBe(false);
    await fire(scope, mintFormModel.createClicked);
    expect(create).not.toHaveBeenCalled();

    await type(scope, '100000.000000001');
    expect(scope.getState(mintFormModel.$amountProblem)).toEqual({ kind: 'above_max', max: '100000' });
    await type(scope, '100000');
    expect(scope.getState(mintFormModel.$amountProblem)).toBeNull();
    expect(scope.getState(mintFormModel.$canCreate)).toBe(true);
  });

  it("checks the amount against the connected wallet's balance, with the network fee", async () => {
    const { scope, create } = setup(withWallet(TEN_TON));
    // 9.99 TON + the 0.01 TON fee reserve is exactly 10 TON: allowed.
    await type(scope, '9.99');
    expect(scope.getState(mintFormModel.$amountProblem)).toBeNull();
    // One nanoton more is not.
    await type(scope, '9.990000001');
    expect(scope.getState(mintFormModel.$amountProblem)).toEqual({
      kind: 'insufficient',
      balanceNano: TEN_TON,
      neededNano: String(10_000_000_001n),
    });
    expect(scope.getState(mintFormModel.$canCreate)).toBe(false);
    await fire(scope, mintFormModel.createClicked);
    expect(create).not.toHaveBeenCalled();
  });

  it('without a wallet Create is off and the form offers to connect one', async () => {
    const { scope, openModal } = setup();
    await type(scope, '5');
    expect(scope.getState(mintFormModel.$needsWallet)).toBe(true);
    expect(scope.getState(mintFormModel.$amountProblem)).toBeNull();
    expect(scope.getState(mintFormModel.$canCreate)).toBe(false);
    await fire(scope, mintFormModel.connectWalletClicked);
    expect(openModal).toHaveBeenCalledTimes(1);
  });

  it('a text that is not an amount is a problem; an empty field is not (the hint asks for one)', async () => {
    const { scope } = setup(withWallet(TEN_TON));
    await type(scope, '1,5,');
    expect(scope.getState(mintFormModel.$amountProblem)).toEqual({ kind: 'not_a_number' });
    await type(scope, '');
    expect(scope.getState(mintFormModel.$amountProblem)).toBeNull();
    expect(scope.getState(mintFormModel.$formComplete)).toBe(false);
    await type(scope, '2');
    expect(scope.getState(mintFormModel.$formComplete)).toBe(true);
  });
});

describe('form rules: pricing', () => {
  it('does not ask the server to price an amount outside the plan (it would only refuse it)', async () => {
    const calculate = vi.fn(
      async ({ query: { amount, freeze_days } }: { query: { amount: string; freeze_days: number } }) =>
        calculation(amount, freeze_days),
    );
    const { scope, toasts } = createTestScope({
      values: [[$plans, [plan(30)]]],
      handlers: [[mintFormModel.calculateFx, calculate]],
    });
    await fire(scope, mintFormModel.planSelected, 30);
    await fire(scope, mintFormModel.amountChanged, '0.5');
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(calculate).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    await fire(scope, mintFormModel.amountChanged, '2');
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(calculate).toHaveBeenCalledExactlyOnceWith({ query: { amount: '2', freeze_days: 30 } });
  });
});
