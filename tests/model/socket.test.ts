import { allSettled, createStore, createWatch, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionModel } from '@/entities/session';
import { userModel } from '@/entities/user';
import { $accessToken, appSocket, sendRequestFx, type RequestOptions, type UserMe } from '@/shared/api';
import { createReconnectingSocket, createSocketModel, socketUrl } from '@/shared/api/socket';
import { FakeWebSocket } from '../unit/fake-websocket';

const $token = createStore<string | null>(null);
const socket = createSocketModel({
  url: () => socketUrl(''),
  tokenSource: $token,
  createSocket: (options) => createReconnectingSocket({ ...options, WebSocket: FakeWebSocket }),
});
const balanceReceived = socket.eventReceived('user:balance');

const balance = {
  balance_token: '12.5',
  task_balance: '1',
  referral_balance: '2',
  hold_bonus: 0.1,
  investment_bonus: 0.2,
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSocketModel', () => {
  it('connects with the scope token and reports messages and state inside the scope', async () => {
    const scope = fork({ values: [[$token, 'scope-token']] });
    const messages = vi.fn();
    const balances = vi.fn();
    createWatch({ unit: socket.messageReceived, fn: messages, scope });
    createWatch({ unit: balanceReceived, fn: balances, scope });

    await allSettled(socket.connectRequested, { scope });
    expect(FakeWebSocket.last.url).toBe('ws://localhost:3000/api/ws/');
    expect(scope.getState(socket.$connected)).toBe(false);

    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual(['scope-token']);
    expect(scope.getState(socket.$connected)).toBe(true);
    expect(socket.$connected.getState()).toBe(false);

    FakeWebSocket.last.receive(JSON.stringify({ event: 'user:balance', data: balance }));
    FakeWebSocket.last.receive(JSON.stringify({ event: 'global:collective_bonus', data: { collective_bonus: 3 } }));
    FakeWebSocket.last.receive(JSON.stringify({ data: balance }));
    FakeWebSocket.last.receive(JSON.stringify('user:balance'));
    FakeWebSocket.last.receive('null');
    await allSettled(scope);

    expect(messages.mock.calls.map(([m]) => m)).toEqual([
      { event: 'user:balance', data: balance },
      { event: 'global:collective_bonus', data: { collective_bonus: 3 } },
    ]);
    expect(balances).toHaveBeenCalledExactlyOnceWith(balance);

    FakeWebSocket.last.closeFromServer(1006);
    expect(scope.getState(socket.$connected)).toBe(false);

    await allSettled(socket.disconnectRequested, { scope });
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects with the latest token of the scope', async () => {
    const scope = fork({ values: [[$token, 'old']] });
    await allSettled(socket.connectRequested, { scope });
    FakeWebSocket.last.open();
    await allSettled($token, { scope, params: 'new' });
    FakeWebSocket.last.closeFromServer(1011);
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.instances.map((s) => s.sent[0])).toEqual(['old', 'new']);
    await allSettled(socket.disconnectRequested, { scope });
  });

  it('reports 4401 as unauthorized and waits for the next connectRequested', async () => {
    const scope = fork({ values: [[$token, 'expired']] });
    const unauthorized = vi.fn();
    createWatch({ unit: socket.unauthorized, fn: unauthorized, scope });

    await allSettled(socket.connectRequested, { scope });
    FakeWebSocket.last.open();
    FakeWebSocket.last.closeFromServer(4401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(scope.getState(socket.$connected)).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    await allSettled($token, { scope, params: 'fresh' });
    await allSettled(socket.connectRequested, { scope });
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual(['fresh']);
    await allSettled(socket.disconnectRequested, { scope });
    expect(scope.getState(socket.$connected)).toBe(false);
  });

  it('sendRequested sends after the token', async () => {
    const scope = fork({ values: [[$token, 't']] });
    await allSettled(socket.connectRequested, { scope });
    FakeWebSocket.last.open();
    await allSettled(socket.sendRequested, { scope, params: '30m' });
    expect(FakeWebSocket.last.sent).toEqual(['t', '30m']);
    await allSettled(socket.disconnectRequested, { scope });
  });

  it('does not connect while the scope has no token', async () => {
    const scope = fork();
    await allSettled(socket.connectRequested, { scope });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('socketUrl', () => {
  const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
  afterEach(() => happyDOM.setURL('http://localhost:3000/'));

  it('uses ws: on http and the page host', () => {
    expect(socketUrl('')).toBe('ws://localhost:3000/api/ws/');
    expect(socketUrl('candles')).toBe('ws://localhost:3000/api/ws/candles');
  });

  it('uses wss: on https', () => {
    happyDOM.setURL('https://app.example.org/mint?x=1');
    expect(socketUrl('')).toBe('wss://app.example.org/api/ws/');
    expect(socketUrl('/candles')).toBe('wss://app.example.org/api/ws/candles');
  });
});

describe('the app socket: the session starts it, each entity subscribes to its own events', () => {
  const user = {
    id: 1,
    telegram_id: 777,
    ref: { level: 0 },
    community_participation: true,
    balance_token: '1',
    task_balance: '0',
    referral_balance: '0',
    hold_bonus: 0,
    investment_bonus: 0,
    collective_bonus: 0,
  } as UserMe;

  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => vi.unstubAllGlobals());

  const signIn = async () => {
    const requests: string[] = [];
    // The one request effect's transport: /user/me meets an expired token, refreshes and retries.
    const send = vi.fn(async ({ options }: { options: RequestOptions }) => {
      requests.push(options.path);
      if (options.path === '/auth/register') return { data: { token: 'first', refresh: 'r1', user }, refreshed: null };
      return { data: user, refreshed: { token: 'second', refresh: 'r2' } };
    });
    const scope = fork({ handlers: [[sendRequestFx, send]] });
    await allSettled(sessionModel.signInRequested, {
      scope,
      params: { initData: 'signed', telegramUserId: null, startParam: null },
    });
    return { scope, requests };
  };

  it('connects once signed in, with the access token first', async () => {
    const { scope } = await signIn();
    expect(FakeWebSocket.instances).toHaveLength(1);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual(['first']);
    expect(scope.getState(appSocket.$connected)).toBe(true);
    await allSettled(appSocket.disconnectRequested, { scope });
  });

  it('user:balance and global:collective_bonus update the user entity', async () => {
    const { scope } = await signIn();
    await allSettled(userModel.userLoaded, { scope, params: user });
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(JSON.stringify({ event: 'user:balance', data: balance }));
    FakeWebSocket.last.receive(JSON.stringify({ event: 'global:collective_bonus', data: { collective_bonus: 3 } }));
    await allSettled(scope);
    expect(scope.getState(userModel.$user)).toMatchObject({ ...balance, collective_bonus: 3 });
    await allSettled(appSocket.disconnectRequested, { scope });
  });

  it('4401: the user reloads, its request refreshes the token, and the socket reconnects with it', async () => {
    const { scope, requests } = await signIn();
    FakeWebSocket.last.open();
    FakeWebSocket.last.closeFromServer(4401);
    // The user fetch opens the 10 s refetch window (a timer): let the clock run instead of settling.
    await vi.advanceTimersByTimeAsync(0);

    expect(requests).toEqual(['/auth/register', '/user/me']);
    expect(scope.getState($accessToken)).toBe('second');
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual(['second']);
    void allSettled(appSocket.disconnectRequested, { scope });
    await vi.advanceTimersByTimeAsync(10_000);
  });
});
