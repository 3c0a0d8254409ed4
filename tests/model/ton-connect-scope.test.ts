/**
 * The TON Connect UI a scope makes is that scope's: it lives in a store of the scope, not in the module,
 * so two forked scopes (two tests, or a test beside the app) never act on each other's wallet widget.
 * The library is replaced by a small fake that records what is asked of each instance.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  createTonConnectFx,
  openWalletModalFx,
  sendTransactionFx,
  WalletActionError,
  type TonConnectSetup,
} from '@/shared/ton-connect';

const made = vi.hoisted(() => [] as Array<{ opened: number; sent: unknown[]; options: unknown[] }>);

vi.mock('@tonconnect/ui', () => {
  class TonConnectError extends Error {}
  class UserRejectsError extends TonConnectError {}
  class WalletNotConnectedError extends TonConnectError {}
  class TonConnect {}
  class TonConnectUI {
    readonly record = { opened: 0, sent: [] as unknown[], options: [] as unknown[] };
    readonly connected = true;
    readonly connectionRestored = Promise.resolve(false);
    constructor() {
      made.push(this.record);
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
};

describe('the TON Connect UI belongs to the scope that made it', () => {
  it('two forked scopes each have their own, and a second create keeps the first', async () => {
    const first = fork();
    const second = fork();
    await allSettled(createTonConnectFx, { scope: first, params: setup });
    await allSettled(createTonConnectFx, { scope: second, params: setup });
    await allSettled(createTonConnectFx, { scope: first, params: setup });
    expect(made).toHaveLength(2);

    await allSettled(openWalletModalFx, { scope: second });
    expect(made.map((record) => record.opened)).toEqual([0, 1]);

    const request = { validUntil: 1, messages: [{ address: 'EQ', amount: '1' }] };
    const sent = await allSettled(sendTransactionFx, { scope: first, params: request });
    expect(sent).toEqual({ status: 'done', value: { boc: 'boc-0' } });
    expect(made.map((record) => record.sent.length)).toEqual([1, 0]);
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
