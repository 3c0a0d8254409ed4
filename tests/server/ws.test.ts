import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_CLOSE, type SocketMessage, type TokenPair } from '@contract';
import { type EventBus, createInProcessBus } from '../../server/events/bus';
import { createTestContext, signInitData, type TestContext } from './helpers';

/** The in-process bus, counting live subscriptions so the test can see sockets clean up. */
let liveSubscriptions = 0;
function countingBus(): EventBus {
  const bus = createInProcessBus();
  const counted = (unsubscribe: () => void) => {
    liveSubscriptions++;
    return () => {
      liveSubscriptions--;
      unsubscribe();
    };
  };
  return {
    ...bus,
    subscribeUser: (userId, listener) => counted(bus.subscribeUser(userId, listener)),
    subscribeGlobal: (listener) => counted(bus.subscribeGlobal(listener)),
  };
}

let ctx: TestContext;
let wsBase: string;
beforeAll(async () => {
  ctx = await createTestContext({ socketTokenTimeoutMs: 300, bus: countingBus() });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await ctx?.close();
});

/** A client socket that records messages and its close code. */
function connect(path: string) {
  const socket = new WebSocket(wsBase + path);
  const messages: SocketMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as SocketMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Resolves when `count` messages have arrived. */
  const received = (count: number) =>
    new Promise<SocketMessage[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${count} messages`)), 3000);
      const check = () => {
        if (messages.length >= count) {
          clearTimeout(timer);
          resolve(messages);
        } else waiters.push(check);
      };
      check();
    });
  return { socket, messages, closed, opened, received };
}

const sandbox = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/sandbox/api${url}`, ...(payload ? { payload } : {}) });

/** A launcher test user who has opened the app: the sandbox user id and the app's tokens. */
async function openedTestUser(): Promise<{ sandboxId: number; tokens: TokenPair }> {
  const created = (await sandbox('POST', '/users', { first_name: 'Socket', platform: 'ios' })).json<{
    id: number;
    telegram_id: number;
  }>();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { init_data: signInitData({ id: created.telegram_id, first_name: 'Socket' }) },
  });
  return { sandboxId: created.id, tokens: response.json<TokenPair>() };
}

describe('/api/ws/', () => {
  it(`closes with ${SOCKET_CLOSE.tokenTimeout} when no token arrives in time`, async () => {
    const client = connect('/api/ws/');
    await client.opened;
    expect(await client.closed).toBe(SOCKET_CLOSE.tokenTimeout);
  });

  it(`closes with ${SOCKET_CLOSE.unauthorized} for a bad token`, async () => {
    const client = connect('/api/ws/');
    await client.opened;
    client.socket.send('not-a-token');
    expect(await client.closed).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('after the token, sends the current balances and price, and then user:balance when a sandbox grant lands', async () => {
    const { sandboxId, tokens } = await openedTestUser();
    const client = connect('/api/ws/');
    await client.opened;
    client.socket.send(tokens.token);
    const [snapshot, price] = await client.received(2);
    expect(snapshot).toEqual({
      event: 'user:balance',
      data: { balance_token: '0', task_balance: '0', referral_balance: '0', hold_bonus: 0, investment_bonus: 0 },
    });
    // The price as it is now: a tick just before the subscription is not lost.
    expect(price).toMatchObject({
      event: 'price_update',
      data: { price: expect.any(String), time: expect.any(Number) },
    });

    const grant = await sandbox('POST', `/users/${sandboxId}/grant`, { amount: '100' });
    expect(grant.statusCode).toBe(200);
    const messages = await client.received(3);
    expect(messages[2]).toEqual({
      event: 'user:balance',
      data: { balance_token: '100', task_balance: '0', referral_balance: '0', hold_bonus: 0, investment_bonus: 0 },
    });
    expect(liveSubscriptions).toBe(2); // this user + global
    client.socket.close();
    expect(await client.closed).toBe(1005);
    await expect.poll(() => liveSubscriptions).toBe(0); // the server sees the close a moment later
  });

  it('accepts the token as JSON {token} and delivers global events', async () => {
    const { tokens } = await openedTestUser();
    const client = connect('/api/ws');
    await client.opened;
    client.socket.send(JSON.stringify({ token: tokens.token }));
    await client.received(2);
    ctx.bus.publishGlobal({ event: 'global:collective_bonus', data: { collective_bonus: 0.5 } });
    const messages = await client.received(3);
    expect(messages[2]).toEqual({ event: 'global:collective_bonus', data: { collective_bonus: 0.5 } });
    client.socket.close();
    await client.closed;
  });

  it('does not deliver one user’s events to another', async () => {
    const alice = await openedTestUser();
    const bob = await openedTestUser();
    const client = connect('/api/ws/');
    await client.opened;
    client.socket.send(alice.tokens.token);
    await client.received(2);
    await sandbox('POST', `/users/${bob.sandboxId}/grant`, { amount: '5' });
    await sandbox('POST', `/users/${alice.sandboxId}/grant`, { amount: '7' });
    const messages = await client.received(3);
    expect(messages).toHaveLength(3);
    expect(messages[2]).toMatchObject({ data: { balance_token: '7' } });
    client.socket.close();
    await client.closed;
  });
});

describe('/api/ws/candles', () => {
  it('uses the same token handshake', async () => {
    const bad = connect('/api/ws/candles');
    await bad.opened;
    bad.socket.send('nope');
    expect(await bad.closed).toBe(SOCKET_CLOSE.unauthorized);

    const silent = connect('/api/ws/candles');
    await silent.opened;
    expect(await silent.closed).toBe(SOCKET_CLOSE.tokenTimeout);
  });

  it('stays open after a valid token and an interval', async () => {
    const { tokens } = await openedTestUser();
    const client = connect('/api/ws/candles');
    await client.opened;
    client.socket.send(tokens.token);
    client.socket.send('5m');
    // A silent socket opened after this one is closed by its token timeout: this socket's own timer, had it
    // not been cleared by the token, started earlier and has fired by now.
    const silent = connect('/api/ws/candles');
    await silent.opened;
    expect(await silent.closed).toBe(SOCKET_CLOSE.tokenTimeout);
    // A ping answered after that: a close sent by the server would have come before the pong on this connection.
    const pong = new Promise<string>((resolve) => {
      client.socket.once('pong', () => resolve('pong'));
      if (client.socket.readyState === WebSocket.OPEN) client.socket.ping();
    });
    const answer = await Promise.race([pong, client.closed.then((code) => `closed ${code}`)]);
    expect(answer).toBe('pong');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
    await client.closed;
  });
});
