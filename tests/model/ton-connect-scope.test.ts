/**
 * The TON Connect UI a scope makes is that scope's: it lives in a store of the scope, not in the module,
 * so two forked scopes (two tests, or a test beside the app) never act on each other's wallet widget.
 * The library is replaced by a small fake that records what is asked of each instance.
 */
import { allSettled, createWatch, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timings } from '@/shared/config';
import {
  connectionRestoreGaveUp,
  connectionRestored,
  createTonConnectFx,
  openWalletModalFx,
  sendTransactionFx,
  WalletActionError,
  type TonConnectSetup,
} from '@/shared/ton-connect';

interface FakeConnector {
  connected: boolean;
  /** What the connector was asked to connect to, with the signal that can stop it. */
  connects: Array<{ source: unknown; signal: AbortSignal | undefined }>;
  restores: Array<{ signal?: AbortSignal }>;
  /** The chain ids the connector was told connects must be on. */
  networks: Array<string | undefined>;
  /** The transactions the UI handed to the connector, as the connector got them. */
  transactions: unknown[];
  sendTransaction(request: unknown): Promise<unknown>;
}
interface Made {
  opened: number;
  sent: unknown[];
  options: unknown[];
  connector: FakeConnector;
  modalListeners: Array<(state: { status: string; closeReason: string | null }) => void>;
}
const made = vi.hoisted(() => [] as Made[]);
/** The wallets list each fake connector reports (the sandbox's, by default). */
const listed = vi.hoisted(() => ({
  wallets: [
    {
      appName: 'devwallet',
      name: 'Dev Wallet',
      bridgeUrl: 'http://sandbox.test/sandbox/dev-wallet/bridge',
      universalLink: 'https://t.me/sandbox_bot?attach=devwallet',
      jsBridgeKey: 'devwallet',
      injected: true,
      embedded: false,
    },
    {
      appName: 'tonkeeper',
      name: 'Tonkeeper',
      bridgeUrl: 'http://127.0.0.1:9/bridge',
      universalLink: 'https://app.tonkeeper.example/ton-connect',
      jsBridgeKey: 'tonkeeper',
      injected: false,
      embedded: false,
    },
  ],
}));

/** How a restore answers: at once (nothing saved), or only when aborted (a bridge that never answers). */
const restoring = vi.hoisted(() => ({ neverAnswers: false, fromStoredAnswer: false }));

vi.mock('@tonconnect/ui', () => {
  class TonConnectError extends Error {}
  class UserRejectsError extends TonConnectError {}
  class WalletNotConnectedError extends TonConnectError {}
  class TonConnect implements FakeConnector {
    connected = false;
    connects: FakeConnector['connects'] = [];
    restores: FakeConnector['restores'] = [];
    networks: FakeConnector['networks'] = [];
    transactions: FakeConnector['transactions'] = [];
    async sendTransaction(request: unknown) {
      this.transactions.push(request);
      return { boc: 'boc' };
    }
    setConnectionNetwork(network?: string) {
      if (this.connected) throw new TonConnectError('Cannot change network while wallet is connected');
      this.networks.push(network);
    }
    connect(source: unknown, _request?: unknown, options?: { signal?: AbortSignal }) {
      this.connects.push({ source, signal: options?.signal });
      return 'jsBridgeKey' in (source as object) ? undefined : 'https://wallet.example/link';
    }
    async restoreConnection(options: { signal?: AbortSignal }) {
      this.restores.push(options);
      const { signal } = options;
      // An established session: its wallet shows at once, from its stored answer.
      if (restoring.fromStoredAnswer) this.connected = true;
      if (restoring.neverAnswers) {
        await new Promise<void>((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }
    }
    async getWallets() {
      return listed.wallets;
    }
    statusListeners: Array<(wallet: object | null) => void> = [];
    onStatusChange(listener: (wallet: object | null) => void) {
      this.statusListeners.push(listener);
      return () => {
        this.statusListeners = this.statusListeners.filter((other) => other !== listener);
      };
    }
    /** The wallet's connect event arrives (through its bridge). */
    answer() {
      this.connected = true;
      for (const listener of this.statusListeners) listener({ account: {} });
    }
  }
  class TonConnectUI {
    readonly record: Made;
    readonly connected = true;
    readonly connectionRestored = Promise.resolve(false);
    constructor(options: { connector: FakeConnector }) {
      this.record = { opened: 0, sent: [], options: [], connector: options.connector, modalListeners: [] };
      made.push(this.record);
    }
    onModalStateChange(listener: Made['modalListeners'][number]) {
      this.record.modalListeners.push(listener);
      return () => undefined;
    }
    set uiOptions(options: unknown) {
      this.record.options.push(options);
    }
    onStatusChange() {
      return () => undefined;
    }
    async openModal() {
      this.record.opened += 1;
    }
    async sendTransaction(request: unknown) {
      // As the library does: through its connector.
      await this.record.connector.sendTransaction(request);
      this.record.sent.push(request);
      return { boc: `boc-${made.indexOf(this.record)}` };
    }
  }
  return {
    THEME: { DARK: 'DARK', LIGHT: 'LIGHT' },
    TonConnect,
    TonConnectUI,
    TonConnectError,
    UserRejectsError,
    WalletNotConnectedError,
  };
});

const setup: TonConnectSetup = {
  manifestUrl: 'https://app.example/tonconnect-manifest.json',
  walletsListSource: null,
  twaReturnUrl: 'https://t.me/bot/app',
  telegramUserId: 7,
  language: 'en',
  theme: 'light',
  injectedOnlyWallets: [],
};

afterEach(() => {
  vi.useRealTimers();
  restoring.neverAnswers = false;
  restoring.fromStoredAnswer = false;
  made.length = 0;
});

describe('the TON Connect UI belongs to the scope that made it', () => {
  it('two forked scopes each have their own, and a second create keeps the first', async () => {
    const first = fork();
    const second = fork();
    await allSettled(createTonConnectFx, { scope: first, params: setup });
    await allSettled(createTonConnectFx, { scope: second, params: setup });
    await allSettled(createTonConnectFx, { scope: first, params: setup });
    expect(made).toHaveLength(2);
    // Each asks wallets for the server's network before anything connects (or restores).
    expect(made.map((record) => record.connector.networks)).toEqual([['-3'], ['-3']]);

    await allSettled(openWalletModalFx, { scope: second });
    expect(made.map((record) => record.opened)).toEqual([0, 1]);

    const request = { validUntil: 1, messages: [{ address: 'EQ', amount: '1' }] };
    const sent = await allSettled(sendTransactionFx, { scope: first, params: request });
    expect(sent).toEqual({ status: 'done', value: { boc: 'boc-0' } });
    expect(made.map((record) => record.sent.length)).toEqual([1, 0]);
    // The connector names the server's network (the sandbox's testnet here) whatever the wallet's.
    expect(made[0]!.connector.transactions).toEqual([{ ...request, network: '-3' }]);
  });

  it('on mainnet the connector asks for mainnet (-239), and its transactions name it', async () => {
    const lib = await import('@tonconnect/ui');
    const { createAppConnector } = await import('@/shared/ton-connect/connector');
    const storage = { getItem: async () => null, setItem: async () => undefined, removeItem: async () => undefined };
    const app = createAppConnector(lib, { manifestUrl: setup.manifestUrl, storage }, [], 'mainnet');
    const connector = app.connector as unknown as FakeConnector;
    expect(connector.networks).toEqual(['-239']);
    await app.connector.sendTransaction({ validUntil: 1, messages: [] });
    expect(connector.transactions).toEqual([{ validUntil: 1, messages: [], network: '-239' }]);
  });

  it('a scope that made none refuses to send: the wallet is not connected', async () => {
    const scope = fork();
    const sent = await allSettled(sendTransactionFx, {
      scope,
      params: { validUntil: 1, messages: [{ address: 'EQ', amount: '1' }] },
    });
    expect(sent.status).toBe('fail');
    expect(sent.value).toBeInstanceOf(WalletActionError);
    expect((sent.value as WalletActionError).kind).toBe('not-connected');
  });
});

describe('the wallet never dead-ends', () => {
  it('restoring a saved connection gives up after timings.walletRestoreMs, not the library’s 12 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    restoring.neverAnswers = true;
    const scope = fork();
    const gaveUp = vi.fn();
    const restored = vi.fn();
    createWatch({ unit: connectionRestoreGaveUp, fn: gaveUp, scope });
    createWatch({ unit: connectionRestored, fn: restored, scope });

    const created = allSettled(createTonConnectFx, { scope, params: setup });
    // The library loads (real I/O, no fake time passes) and the restore starts.
    while (!made[0]?.connector.restores.length) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(timings.walletRestoreMs - 1);
    expect(gaveUp).not.toHaveBeenCalled();
    expect(restored).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await created;
    await allSettled(scope);
    expect(made[0]!.connector.restores[0]!.signal?.aborted).toBe(true);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    expect(restored).toHaveBeenCalledWith(false);
  });

  it('a saved session whose wallet showed from its stored answer is not cut off at the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    restoring.neverAnswers = true;
    restoring.fromStoredAnswer = true;
    const scope = fork();
    const gaveUp = vi.fn();
    createWatch({ unit: connectionRestoreGaveUp, fn: gaveUp, scope });
    void allSettled(createTonConnectFx, { scope, params: setup });
    while (!made[0]?.connector.restores.length) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(timings.walletRestoreMs * 2);
    // Its bridge may still open on a slow network: the library keeps trying, the session is kept.
    expect(gaveUp).not.toHaveBeenCalled();
    expect(made[0]!.connector.restores[0]!.signal?.aborted).toBe(false);
  });

  it('a restore that answers in time leaves no deadline behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const scope = fork();
    const gaveUp = vi.fn();
    createWatch({ unit: connectionRestoreGaveUp, fn: gaveUp, scope });
    await allSettled(createTonConnectFx, { scope, params: setup });
    await vi.advanceTimersByTimeAsync(timings.walletRestoreMs * 2);
    expect(gaveUp).not.toHaveBeenCalled();
    expect(made[0]!.connector.restores[0]!.signal?.aborted).toBe(false);
  });

  it('closing the wallets modal without a wallet stops the connect it started and forgets its session', async () => {
    const scope = fork();
    await allSettled(createTonConnectFx, { scope, params: setup });
    const { connector, modalListeners } = made[0]!;
    // The modal chose a phone wallet whose bridge never answers; its pending session is stored.
    const connect = (connector as unknown as { connect: (...args: unknown[]) => unknown }).connect;
    connect({ bridgeUrl: 'http://127.0.0.1:9/bridge', universalLink: 'https://app.tonkeeper.example/ton-connect' });
    localStorage.setItem('tg-7:ton-connect-storage_bridge-connection', '{"type":"http","sessionCrypto":{}}');
    expect(connector.connects[0]!.signal?.aborted).toBe(false);

    for (const listener of modalListeners) listener({ status: 'closed', closeReason: 'action-cancelled' });
    await allSettled(scope);
    expect(connector.connects[0]!.signal?.aborted).toBe(true);
    expect(localStorage.getItem('tg-7:ton-connect-storage_bridge-connection')).toBeNull();
  });

  describe('a pending session (the app was closed before its phone wallet answered)', () => {
    const KEY = 'ton-connect-storage_bridge-connection';
    const PENDING = '{"type":"http","sessionCrypto":{}}';
    async function pendingConnector() {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const lib = await import('@tonconnect/ui');
      const { createAppConnector } = await import('@/shared/ton-connect/connector');
      const stored = new Map([[KEY, PENDING]]);
      const storage = {
        getItem: async (key: string) => stored.get(key) ?? null,
        setItem: async (key: string, value: string) => void stored.set(key, value),
        removeItem: async (key: string) => void stored.delete(key),
      };
      const app = createAppConnector(lib, { manifestUrl: setup.manifestUrl, storage }, [], 'testnet');
      return { app, stored, fake: app.connector as unknown as { answer(): void } };
    }

    it('connects when the answer the bridge kept arrives once its stream is open', async () => {
      const { app, stored, fake } = await pendingConnector();
      const restored = app.restore(new AbortController().signal);
      await vi.advanceTimersByTimeAsync(300);
      stored.set(KEY, '{"type":"http","connectEvent":{}}');
      fake.answer();
      expect(await restored).toBe(true);
      expect(stored.get(KEY)).toContain('connectEvent');
    });

    it('is forgotten when no answer comes within the grace, so later launches do not wait on it', async () => {
      const { app, stored } = await pendingConnector();
      let result: boolean | null = null;
      void app.restore(new AbortController().signal).then((value) => (result = value));
      await vi.advanceTimersByTimeAsync(1_999);
      expect(result).toBeNull();
      expect(stored.get(KEY)).toBe(PENDING);
      await vi.advanceTimersByTimeAsync(1);
      expect(result).toBe(false);
      expect(stored.has(KEY)).toBe(false);
    });
  });

  it('the Dev Wallet, chosen in a view that connects over HTTP, connects through its injected bridge', async () => {
    const scope = fork();
    await allSettled(createTonConnectFx, { scope, params: { ...setup, injectedOnlyWallets: ['devwallet'] } });
    const { connector } = made[0]!;
    const connect = (connector as unknown as { connect: (...args: unknown[]) => unknown }).connect;
    await vi.waitFor(() => {
      const link = connect({
        bridgeUrl: 'http://sandbox.test/sandbox/dev-wallet/bridge',
        universalLink: 'https://t.me/sandbox_bot?attach=devwallet',
      });
      expect(connector.connects.at(-1)!.source).toEqual({ jsBridgeKey: 'devwallet' });
      // The view opens the wallet's own t.me link, which the Telegram host only notes.
      expect(link).toBe('https://t.me/sandbox_bot?attach=devwallet');
    });
    // Any other wallet connects as the library asked.
    const tonkeeper = {
      bridgeUrl: 'http://127.0.0.1:9/bridge',
      universalLink: 'https://app.tonkeeper.example/ton-connect',
    };
    expect(connect(tonkeeper)).toBe('https://wallet.example/link');
    expect(connector.connects.at(-1)!.source).toEqual(tonkeeper);
  });
});
