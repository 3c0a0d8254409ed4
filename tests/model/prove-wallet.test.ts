import { allSettled } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { walletPanelModel } from '@/widgets/wallet-panel';
import { timings } from '@/shared/config';
import { getAddressBalanceFx, type UserMe } from '@/shared/api';
import {
  createTonConnectFx,
  setConnectRequestFx,
  walletStatusChanged,
  type ConnectedWalletInfo,
} from '@/shared/ton-connect';
// Loaded with the wallet library, not part of the slice's public API (docs/performance.md "Bundle").
import { storagePrefix, telegramUserStorage } from '@/shared/ton-connect/storage';
import { createTestScope } from './scope';

const { $walletVerified } = walletPanelModel;
const PAYLOAD_REFRESH_MS = timings.proofPayloadRefreshMs;

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const BOUND = {
  address: RAW,
  friendly_address: '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqPvC',
  bound_at: 1_790_000_000,
};
const PROOF = {
  timestamp: 1_790_000_100,
  domain: { lengthBytes: 14, value: '127.0.0.1:8080' },
  payload: 'P1',
  signature: 'c2ln',
};

const member = (overrides: Partial<UserMe> = {}) =>
  ({ id: 1, telegram_id: 777, ref: { level: 0 }, community_participation: true, wallet: null, ...overrides }) as UserMe;
const wallet = (overrides: Partial<ConnectedWalletInfo> = {}): ConnectedWalletInfo => ({
  address: RAW,
  chain: '-3',
  publicKey: 'ab'.repeat(32),
  walletStateInit: 'te6cc',
  walletName: 'Dev Wallet',
  features: [],
  tonProof: null,
  ...overrides,
});

function setup(me: UserMe | null = member()) {
  let issued = 0;
  const payload = vi.fn(async () => ({ payload: `P${++issued}`, expires_at: 1 }));
  const request = vi.fn();
  const check = vi.fn(async () => ({ wallet: BOUND }));
  const test = createTestScope({
    values: [[userModel.$user, me]],
    handlers: [
      [createTonConnectFx, async () => undefined],
      [walletPanelModel.fetchPayloadFx, payload],
      [setConnectRequestFx, request],
      [walletPanelModel.checkFx, check],
      [getAddressBalanceFx, async () => '0'],
    ],
  });
  return { ...test, payload, request, check };
}
const started = (scope: ReturnType<typeof setup>['scope']) =>
  allSettled(createTonConnectFx, { scope, params: {} as Parameters<typeof createTonConnectFx>[0] });

afterEach(() => vi.useRealTimers());

describe('ton_proof on connect', () => {
  it('a member’s connect request waits for a payload from the server, then asks the wallet to prove it', async () => {
    const { scope, payload, request } = setup();
    await started(scope);
    expect(payload).toHaveBeenCalledTimes(1);
    expect(request.mock.calls.map(([r]) => r)).toEqual([{ state: 'loading' }, { state: 'ready', payload: 'P1' }]);
  });

  it('a non-member is not asked (the server refuses them) until they join', async () => {
    const { scope, payload } = setup(member({ community_participation: false }));
    await started(scope);
    expect(payload).not.toHaveBeenCalled();
    await allSettled(userModel.userLoaded, { scope, params: member() });
    expect(payload).toHaveBeenCalledTimes(1);
  });

  it('without a payload (the server could not issue one) the wallet is asked for its address only', async () => {
    const request = vi.fn();
    // A 5xx resolves to null (its toast is the error catalogue's).
    const failing = createTestScope({
      values: [[userModel.$user, member()]],
      handlers: [
        [createTonConnectFx, async () => undefined],
        [walletPanelModel.fetchPayloadFx, async () => null],
        [setConnectRequestFx, request],
      ],
    });
    await started(failing.scope);
    expect(request.mock.calls.map(([r]) => r)).toEqual([{ state: 'loading' }, null]);
  });

  it('a fresh connect sends its proof; the binding comes back, the mark shows, and a new payload is fetched', async () => {
    const { scope, payload, check } = setup();
    await started(scope);
    await allSettled(walletStatusChanged, { scope, params: wallet({ tonProof: PROOF }) });
    expect(check).toHaveBeenCalledWith({
      body: {
        address: RAW,
        network: '-3',
        public_key: 'ab'.repeat(32),
        proof: { ...PROOF, state_init: 'te6cc' },
      },
    });
    expect(scope.getState(userModel.$user)?.wallet).toEqual(BOUND);
    expect(scope.getState($walletVerified)).toBe(true);
    // The payload is used: the next connect needs another.
    expect(payload).toHaveBeenCalledTimes(2);
  });

  it('a restored connection carries no proof: nothing is sent, and it keeps the binding it had', async () => {
    const { scope, check } = setup(member({ wallet: BOUND }));
    await started(scope);
    await allSettled(walletStatusChanged, { scope, params: wallet() });
    expect(check).not.toHaveBeenCalled();
    expect(scope.getState($walletVerified)).toBe(true);
    // Another wallet, restored: connected but not verified.
    await allSettled(walletStatusChanged, { scope, params: wallet({ address: `0:${'cd'.repeat(32)}` }) });
    expect(scope.getState($walletVerified)).toBe(false);
    expect(scope.getState(userModel.$user)?.wallet).toEqual(BOUND);
  });

  it('a refused proof keeps the old binding (the catalogue shows the server’s text)', async () => {
    const refused = createTestScope({
      values: [[userModel.$user, member({ wallet: BOUND })]],
      handlers: [
        [createTonConnectFx, async () => undefined],
        [walletPanelModel.fetchPayloadFx, async () => ({ payload: 'P', expires_at: 1 })],
        [setConnectRequestFx, vi.fn()],
        [walletPanelModel.checkFx, async () => Promise.reject(new Error('422'))],
        [getAddressBalanceFx, async () => '0'],
      ],
    });
    await started(refused.scope);
    await allSettled(walletStatusChanged, {
      scope: refused.scope,
      params: wallet({ address: `0:${'cd'.repeat(32)}`, tonProof: PROOF }),
    });
    expect(refused.scope.getState(userModel.$user)?.wallet).toEqual(BOUND);
    expect(refused.scope.getState($walletVerified)).toBe(false);
  });

  it('the payload is refreshed every 10 minutes while no wallet is connected, and not once one is', async () => {
    vi.useFakeTimers();
    const { scope, payload } = setup();
    await started(scope);
    expect(payload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAYLOAD_REFRESH_MS);
    expect(payload).toHaveBeenCalledTimes(2);
    await allSettled(walletStatusChanged, { scope, params: wallet() });
    await vi.advanceTimersByTimeAsync(3 * PAYLOAD_REFRESH_MS);
    expect(payload).toHaveBeenCalledTimes(2);
    // Disconnected: a fresh one at once, for the next connect.
    await allSettled(walletStatusChanged, { scope, params: null });
    expect(payload).toHaveBeenCalledTimes(3);
  });

  it('each scope keeps its own refresh timer: one scope scheduling or cancelling leaves the other’s running', async () => {
    vi.useFakeTimers();
    const first = setup();
    const second = setup();
    await started(first.scope);
    await started(second.scope);
    // The second scope's wallet connects: its timer goes, the first scope's stays.
    await allSettled(walletStatusChanged, { scope: second.scope, params: wallet() });
    await vi.advanceTimersByTimeAsync(PAYLOAD_REFRESH_MS);
    expect(first.payload).toHaveBeenCalledTimes(2);
    expect(second.payload).toHaveBeenCalledTimes(1);
  });
});

describe('TON Connect storage per Telegram user (docs/foundations.md §8)', () => {
  it('two Telegram accounts on one device never share a connection; each gets its own back', async () => {
    const backing = new Map<string, string>();
    const local = {
      getItem: (key: string) => backing.get(key) ?? null,
      setItem: (key: string, value: string) => void backing.set(key, value),
      removeItem: (key: string) => void backing.delete(key),
    } as Storage;
    const alice = telegramUserStorage(111, local);
    await alice.setItem('ton-connect-storage_bridge-connection', '{"wallet":"A"}');
    expect([...backing.keys()]).toEqual([`${storagePrefix(111)}ton-connect-storage_bridge-connection`]);

    const bob = telegramUserStorage(222, local);
    expect(await bob.getItem('ton-connect-storage_bridge-connection')).toBeNull();
    await bob.setItem('ton-connect-storage_bridge-connection', '{"wallet":"B"}');
    await bob.removeItem('ton-connect-storage_bridge-connection');

    const aliceAgain = telegramUserStorage(111, local);
    expect(await aliceAgain.getItem('ton-connect-storage_bridge-connection')).toBe('{"wallet":"A"}');
  });

  it('keeps working in memory when localStorage is unavailable', async () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const storage = telegramUserStorage(1, broken);
    await storage.setItem('k', 'v');
    expect(await storage.getItem('k')).toBe('v');
    await storage.removeItem('k');
    expect(await storage.getItem('k')).toBeNull();
  });
});
