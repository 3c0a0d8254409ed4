import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletModel } from '@/entities/wallet';
import { sendTransactionModel } from '@/features/send-transaction';
import { getAddressBalanceFx } from '@/shared/api';
import { toFriendlyAddress } from '@/shared/lib/ton-address';
import {
  connectionRestoreGaveUp,
  connectionRestored,
  createTonConnectFx,
  disconnectWalletFx,
  mountButtonFx,
  setConnectRequestFx,
  setUiOptionsFx,
  libraryErrorText,
  sendTransactionFx,
  transactionFailed,
  WalletActionError,
  walletStatusChanged,
  type ConnectedWalletInfo,
} from '@/shared/ton-connect';
import { appConfig, miniAppLink } from '@/shared/config';
import { $locale } from '@/shared/i18n';
import { themeChanged } from '@/shared/telegram';
import { walletPanelModel } from '@/widgets/wallet-panel';
import { createTestScope, inRussian, signedInMember } from './scope';

const {
  $balanceNano,
  $isPolling,
  $pollTicks,
  $shortAddress,
  $status,
  $wallet,
  balancePollStarted,
  balancePollStopped,
} = walletModel;
const { maxMessages, transactionRequested } = sendTransactionModel;
const { $disconnectModalOpen, buttonRootMounted, disconnectConfirmed, walletWidgetStarted } = walletPanelModel;
// docs/product.md §5 and §9 texts.
const WALLET_REQUIRED_TEXT = 'Connect wallet to send a transaction.';
const PROCESSING_TEXT = 'Transaction is being processed';

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const wallet = (overrides: Partial<ConnectedWalletInfo> = {}): ConnectedWalletInfo => ({
  address: RAW,
  chain: '-3',
  publicKey: 'ab'.repeat(32),
  walletStateInit: 'te6cc',
  walletName: 'Dev Wallet',
  tonProof: null,
  features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
  ...overrides,
});
const message = { address: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI', amount: '1000000000' };

describe('wallet connection state (docs/product.md §4)', () => {
  it('restoring → disconnected → connected → disconnected, bridged from the library', async () => {
    const balance = vi.fn(async () => '5000000000');
    const { scope } = createTestScope({ handlers: [[getAddressBalanceFx, balance]] });
    expect(scope.getState($status)).toBe('restoring');

    await allSettled(connectionRestored, { scope, params: false });
    expect(scope.getState($status)).toBe('disconnected');

    await allSettled(walletStatusChanged, { scope, params: wallet() });
    expect(scope.getState($status)).toBe('connected');
    expect(scope.getState($wallet)?.publicKey).toBe('ab'.repeat(32));
    expect(balance).toHaveBeenCalledWith(RAW);
    expect(scope.getState($balanceNano)).toBe('5000000000');

    await allSettled(walletStatusChanged, { scope, params: null });
    expect(scope.getState($status)).toBe('disconnected');
    expect(scope.getState($balanceNano)).toBeNull();
  });

  it('a restore that gave up says so until a wallet connects', async () => {
    const { scope } = createTestScope({ handlers: [[getAddressBalanceFx, async () => '0']] });
    expect(scope.getState(walletModel.$restoreGaveUp)).toBe(false);
    await allSettled(connectionRestoreGaveUp, { scope });
    await allSettled(connectionRestored, { scope, params: false });
    expect(scope.getState($status)).toBe('disconnected');
    expect(scope.getState(walletModel.$restoreGaveUp)).toBe(true);

    await allSettled(walletStatusChanged, { scope, params: wallet() });
    expect(scope.getState(walletModel.$restoreGaveUp)).toBe(false);
  });

  it('a restored connection goes straight to connected', async () => {
    const { scope } = createTestScope({ handlers: [[getAddressBalanceFx, async () => '0']] });
    await allSettled(walletStatusChanged, { scope, params: wallet() });
    await allSettled(connectionRestored, { scope, params: true });
    expect(scope.getState($status)).toBe('connected');
  });

  it("the app's own display is the friendly address shortened to 3 + 4 characters", async () => {
    const { scope } = createTestScope({ handlers: [[getAddressBalanceFx, async () => '0']] });
    await allSettled(walletStatusChanged, { scope, params: wallet() });
    const friendly = toFriendlyAddress(RAW, { testOnly: true });
    expect(friendly).toMatch(/^0Q/);
    expect(scope.getState($shortAddress)).toBe(`${friendly.slice(0, 3)}…${friendly.slice(-4)}`);
  });

  it('the address code loads on the first connection; an address worked out for a wallet gone meanwhile is dropped', async () => {
    const { scope } = createTestScope({ handlers: [[getAddressBalanceFx, async () => '0']] });
    // Both before the address code has answered for the first.
    void allSettled(walletStatusChanged, { scope, params: wallet() });
    await allSettled(walletStatusChanged, { scope, params: null });
    expect(scope.getState($shortAddress)).toBeNull();

    const other = wallet({ address: '0:' + 'cd'.repeat(32), chain: '-239' });
    void allSettled(walletStatusChanged, { scope, params: wallet() });
    await allSettled(walletStatusChanged, { scope, params: other });
    const friendly = toFriendlyAddress(other.address);
    expect(friendly).toMatch(/^UQ/);
    expect(scope.getState($shortAddress)).toBe(`${friendly.slice(0, 3)}…${friendly.slice(-4)}`);
  });

  it("the Disconnect-wallet modal's confirmation disconnects and closes", async () => {
    const disconnect = vi.fn(async () => undefined);
    const scope = fork({ values: [[$disconnectModalOpen, true]], handlers: [[disconnectWalletFx, disconnect]] });
    await allSettled(disconnectConfirmed, { scope });
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(scope.getState($disconnectModalOpen)).toBe(false);
  });
});

describe('send transaction (docs/product.md §4, §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('refuses without a connected wallet', async () => {
    const send = vi.fn();
    const { scope, toasts, host } = createTestScope({ handlers: [[sendTransactionFx, send]] });
    await allSettled(transactionRequested, { scope, params: { messages: [message] } });
    expect(send).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ text: WALLET_REQUIRED_TEXT, kind: 'error', durationMs: 3000 }]);
    expect(host.hapticError).toHaveBeenCalled();
  });

  it("refuses more messages than the wallet's device features allow", async () => {
    const send = vi.fn();
    const { scope, toasts } = createTestScope({
      values: [[$wallet, wallet({ features: [{ name: 'SendTransaction', maxMessages: 2 }] })]],
      handlers: [[sendTransactionFx, send]],
    });
    await allSettled(transactionRequested, { scope, params: { messages: [message, message, message] } });
    expect(send).not.toHaveBeenCalled();
    expect(toasts.map((t) => t.text)).toEqual(['Your wallet can send at most 2 messages at once, this needs 3.']);
  });

  it('reads the message limit from the features', () => {
    expect(maxMessages(['SendTransaction'])).toBe(4);
    expect(maxMessages([{ name: 'SendTransaction', maxMessages: 255 }])).toBe(255);
    expect(maxMessages([{ name: 'SignData' }])).toBe(0);
  });

  it('sends with validUntil = now + 60 s (the connector adds the server’s network), then shows the processing toast and polls', async () => {
    const send = vi.fn(async () => ({ boc: 'te6cc-boc' }));
    const balances = ['5000000000', '5000000000', '3994500000'];
    const balance = vi.fn(async () => balances.shift() ?? '3994500000');
    const { scope, toasts } = createTestScope({
      values: [
        [$wallet, wallet()],
        [$balanceNano, '5000000000'],
      ],
      handlers: [
        [sendTransactionFx, send],
        [getAddressBalanceFx, balance],
      ],
    });
    void allSettled(transactionRequested, { scope, params: { messages: [message] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith({
      validUntil: Math.floor(Date.parse('2026-11-22T10:00:00Z') / 1000) + 60,
      messages: [message],
    });
    expect(toasts.map((t) => t.text)).toEqual([PROCESSING_TEXT]);
    expect(scope.getState($isPolling)).toBe(true);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($isPolling)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    // Changed on the third tick: the poll stops and the new balance is shown.
    expect(scope.getState($isPolling)).toBe(false);
    expect(scope.getState($balanceNano)).toBe('3994500000');
    expect(balance).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(balance).toHaveBeenCalledTimes(3);
  });

  it('a signing failure shows the error and emits the event that clears pending mints and stakes', async () => {
    const failures: unknown[] = [];
    const { scope, toasts, host } = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [[sendTransactionFx, async () => Promise.reject(new WalletActionError('user-rejects', 'declined'))]],
    });
    const { createWatch } = await import('effector');
    createWatch({ unit: transactionFailed, scope, fn: (failure) => failures.push(failure) });
    void allSettled(transactionRequested, { scope, params: { messages: [message] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([{ text: 'Transaction was not sent', rejectedByUser: true }]);
    expect(toasts.map((t) => t.text)).toEqual(['Transaction was not sent']);
    expect(host.hapticError).toHaveBeenCalled();
    expect(scope.getState($isPolling)).toBe(false);
  });

  it.each([
    [new WalletActionError('not-connected', 'x'), 'Wallet was not connected'],
    [
      new WalletActionError('wallet', 'Wallet declined the request: bad request'),
      'Wallet declined the request: bad request',
    ],
    [new Error('boom'), 'Unhandled error: boom'],
  ])('failure texts follow docs/product.md §8 (%s)', async (error, text) => {
    const { scope, toasts } = createTestScope({
      values: [[$wallet, wallet()]],
      handlers: [[sendTransactionFx, async () => Promise.reject(error)]],
    });
    void allSettled(transactionRequested, { scope, params: { messages: [message] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.map((t) => t.text)).toEqual([text]);
  });
});

describe("the library's error texts", () => {
  it('drop the SDK prefix and the (minified) class name, keeping the message', async () => {
    const sdk = await import('@tonconnect/sdk');
    const ui = await import('@tonconnect/ui');
    expect(libraryErrorText(new ui.TonConnectUIError('Transaction was not sent'))).toBe('Transaction was not sent');
    expect(libraryErrorText(new sdk.UserRejectsError('User declined the transaction'))).toBe(
      'User declined the transaction',
    );
    // No message: the class's info is the text.
    expect(libraryErrorText(new sdk.WalletNotConnectedError())).toBe(
      'Send transaction or other protocol methods called while wallet is not connected.',
    );
    expect(libraryErrorText(new Error('plain'))).toBe('plain');
  });
});

describe('balance poll (docs/product.md §4: every 1 s, up to 30 times, until it changes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up after 30 ticks when the balance never changes', async () => {
    const balance = vi.fn(async () => '7');
    const { scope } = createTestScope({
      values: [
        [$wallet, wallet()],
        [$balanceNano, '7'],
      ],
      handlers: [[getAddressBalanceFx, balance]],
    });
    void allSettled(balancePollStarted, { scope });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(scope.getState($isPolling)).toBe(true);
    expect(balance).toHaveBeenCalledTimes(29);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($isPolling)).toBe(false);
    expect(scope.getState($pollTicks)).toBe(30);
    expect(balance).toHaveBeenCalledTimes(30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(balance).toHaveBeenCalledTimes(30);
  });

  it('stops when the wallet disconnects', async () => {
    const balance = vi.fn(async () => '7');
    const { scope } = createTestScope({
      values: [
        [$wallet, wallet()],
        [$balanceNano, '7'],
      ],
      handlers: [[getAddressBalanceFx, balance]],
    });
    void allSettled(balancePollStarted, { scope });
    await vi.advanceTimersByTimeAsync(3_000);
    void allSettled(walletStatusChanged, { scope, params: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scope.getState($isPolling)).toBe(false);
    expect(balance).toHaveBeenCalledTimes(3);
    void allSettled(balancePollStopped, { scope });
  });
});

describe('wallet widget settings', () => {
  it("starts the library with the app's settings, keeps its theme in step, and mounts the button by id", async () => {
    const create = vi.fn(async () => undefined);
    const setUi = vi.fn();
    const mount = vi.fn();
    // The app's language (tests/model/i18n.test.ts: chosen from Telegram's language_code) is the widget's.
    const { scope } = createTestScope({
      values: [[$locale, 'ru'], ...signedInMember],
      handlers: [
        [createTonConnectFx, create],
        [setUiOptionsFx, setUi],
        [mountButtonFx, mount],
        // What follows a started library: the connect request asks for a proof.
        [walletPanelModel.fetchPayloadFx, async () => ({ payload: 'p', expires_at: 1 })],
        [setConnectRequestFx, vi.fn()],
      ],
    });
    // The button's element may appear before the library has loaded (mounting is then a no-op in
    // the effect): it is mounted again once the library is there.
    await allSettled(buttonRootMounted, { scope, params: 'ton-connect-button' });
    expect(mount).toHaveBeenCalledTimes(1);
    await allSettled(walletWidgetStarted, { scope, params: { colorScheme: 'dark' } });
    expect(create).toHaveBeenCalledWith({
      manifestUrl: appConfig.tonConnectManifestUrl,
      walletsListSource: appConfig.walletsListUrl,
      twaReturnUrl: miniAppLink(),
      language: 'ru',
      theme: 'dark',
      // The connection is stored under the Telegram user's keys.
      telegramUserId: 777,
      // The sandbox's Dev Wallet connects through its injected bridge from every view of the modal.
      injectedOnlyWallets: ['devwallet'],
    });
    expect(mount).toHaveBeenCalledTimes(2);
    expect(mount).toHaveBeenLastCalledWith('ton-connect-button');

    await allSettled(themeChanged, { scope, params: 'light' });
    expect(setUi).toHaveBeenLastCalledWith({ language: 'ru', theme: 'light' });
  });
});

describe('TON Connect tracking events (docs/product.md §7)', () => {
  it('are observed, and a failing subscriber never breaks the page', async () => {
    const { observeTrackingFx, trackingEventReceived } = await import('@/shared/ton-connect');
    const { createWatch } = await import('effector');
    const { scope } = createTestScope();
    const seen: string[] = [];
    createWatch({ unit: trackingEventReceived, scope, fn: ({ action }) => seen.push(action) });
    createWatch({
      unit: trackingEventReceived,
      scope,
      fn: () => {
        throw new Error('analytics is down');
      },
    });
    await allSettled(observeTrackingFx, { scope });
    expect(() =>
      window.dispatchEvent(
        new CustomEvent('ton-connect-ui-connection-started', { detail: { type: 'connection-started' } }),
      ),
    ).not.toThrow();
    window.dispatchEvent(new CustomEvent('ton-connect-ui-transaction-signed', { detail: {} }));
    expect(seen).toEqual(['connection-started', 'transaction-signed']);
  });
});

describe('wallet connect errors (docs/product.md §8)', () => {
  it("a connect error toasts the wallet's words with a haptic error", async () => {
    const { connectErrorReceived } = await import('@/shared/ton-connect');
    const { scope, host, toasts } = createTestScope();
    await allSettled(connectErrorReceived, {
      scope,
      params: '[TON_CONNECT_SDK_ERROR] UserRejectsError: User rejects the action in the wallet.\nUser declined',
    });
    expect(toasts).toEqual([expect.objectContaining({ text: 'User declined', kind: 'error', durationMs: 3_000 })]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
  });

  it("a wallet's error without words reads 'Connection declined'", async () => {
    const { connectErrorReceived } = await import('@/shared/ton-connect');
    const { scope, toasts } = createTestScope();
    await allSettled(connectErrorReceived, { scope, params: '[TON_CONNECT_SDK_ERROR] UnknownError' });
    expect(toasts.map((toast) => toast.text)).toEqual(['Connection declined']);
  });

  it("the modal closed by the user toasts 'Connection was cancelled' once, in the user's language", async () => {
    const { trackingEventReceived } = await import('@/shared/ton-connect');
    const { scope, host, toasts } = createTestScope({ values: [...inRussian] });
    await allSettled(trackingEventReceived, {
      scope,
      params: {
        action: 'connection-error',
        detail: { type: 'connection-error', error_message: 'Connection was cancelled' },
      },
    });
    // The error subscriber already reported this one: the tracking event does not repeat it.
    await allSettled(trackingEventReceived, {
      scope,
      params: { action: 'connection-error', detail: { type: 'connection-error', error_message: 'User declined' } },
    });
    await allSettled(trackingEventReceived, { scope, params: { action: 'connection-started', detail: {} } });
    expect(toasts.map((toast) => toast.text)).toEqual(['Подключение отменено']);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
  });
});

describe('balance read failures (docs/product.md §8: blockchain node errors)', () => {
  afterEach(() => vi.useRealTimers());

  it('toasts the node error with a haptic error, shows the balance unavailable, and a later success replaces it', async () => {
    const { TonNodeError } = await import('@/shared/api/ton-node');
    const balance = vi
      .fn<(address: string) => Promise<string>>()
      .mockRejectedValueOnce(new TonNodeError('unsupported-state', 'getAddressInformation', 'x', { state: 'weird' }))
      .mockResolvedValueOnce('5000000000');
    const { scope, host, toasts } = createTestScope({ handlers: [[getAddressBalanceFx, balance]] });
    await allSettled(walletStatusChanged, { scope, params: wallet() });
    expect(scope.getState(walletModel.$balanceError)).toBe('Error: Unsupported account state weird!');
    expect(scope.getState($balanceNano)).toBeNull();
    expect(toasts).toEqual([
      expect.objectContaining({ text: 'Error: Unsupported account state weird!', kind: 'error', durationMs: 3_000 }),
    ]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);

    await allSettled(walletModel.balanceRequested, { scope });
    expect(scope.getState(walletModel.$balanceError)).toBeNull();
    expect(scope.getState($balanceNano)).toBe('5000000000');
  });

  it.each([
    ['response-not-ok', {}, 'Error: TON node request failed!', 'Ошибка: запрос к узлу TON не удался!'],
    [
      'malformed-response',
      {},
      'Error: TON node sent a malformed response!',
      'Ошибка: узел TON прислал некорректный ответ!',
    ],
    [
      'exit-code',
      { exitCode: 11 },
      'Error: TON node get-method failed with exit code 11!',
      'Ошибка: метод узла TON завершился с кодом 11!',
    ],
    [
      'unsupported-state',
      { state: 'weird' },
      'Error: Unsupported account state weird!',
      'Ошибка: неподдерживаемое состояние аккаунта weird!',
    ],
    ['timeout', {}, 'Error: the request timed out!', 'Ошибка: превышено время ожидания!'],
  ] as const)('a %s failure reads in English and Russian', async (kind, details, english, russian) => {
    const { TonNodeError } = await import('@/shared/api/ton-node');
    const { tonNodeErrorText } = await import('@/shared/api');
    const { $t } = await import('@/shared/i18n');
    const error = new TonNodeError(kind, 'runGetMethod', 'x', details);
    expect(tonNodeErrorText(error, createTestScope().scope.getState($t))).toBe(english);
    expect(tonNodeErrorText(error, createTestScope({ values: [...inRussian] }).scope.getState($t))).toBe(russian);
  });

  it('a failing poll toasts once for the whole burst, and again only after a success', async () => {
    vi.useFakeTimers();
    const { TonNodeError } = await import('@/shared/api/ton-node');
    let failing = true;
    const balance = vi.fn(async () => {
      if (failing) throw new TonNodeError('response-not-ok', 'getAddressInformation', 'HTTP 502', { status: 502 });
      return '7';
    });
    const { scope, host, toasts } = createTestScope({
      values: [
        [$wallet, wallet()],
        [$balanceNano, '7'],
      ],
      handlers: [[getAddressBalanceFx, balance]],
    });
    void allSettled(balancePollStarted, { scope });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(balance).toHaveBeenCalledTimes(10);
    expect(toasts.map((toast) => toast.text)).toEqual(['Error: TON node request failed!']);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState(walletModel.$balanceError)).toBe('Error: TON node request failed!');

    failing = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState(walletModel.$balanceError)).toBeNull();
    failing = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(toasts).toHaveLength(2);
    expect(host.hapticError).toHaveBeenCalledTimes(2);
    void allSettled(balancePollStopped, { scope });
    await vi.advanceTimersByTimeAsync(0);
  });
});
