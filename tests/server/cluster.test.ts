/**
 * Several server processes on one Postgres: events cross processes through LISTEN/NOTIFY.
 *
 * Process A is an app in this test process (its requests and the treasury watcher's payment run here,
 * on a Postgres event bus); process B is the real server process as `npm start` runs it. A socket
 * signed in on B hears what A's request and A's payment caused; a rolled-back transaction's event is
 * never heard; a payload over NOTIFY's limit arrives whole; killing B's listening connection makes B
 * reconnect, tell its sockets to resync, and hear what follows; a session signed out on A is refused
 * on B, and an operator's console socket on B hears A's operator events until its session ends on A, or
 * the operator is switched off on A; one launch data sent to A and B at once opens one operator session; a
 * sandbox bridge stream on B receives what is POSTed to A.
 * A user's money calls sent to both at once are counted together (the rate-limit counters are in
 * Postgres). And `npm run start:cluster` refuses
 * without a DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Address } from '@ton/core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Mint, OperatorSocketMessage, SocketMessage } from '@contract';
import type { Db } from '../../server/db/index';
import { inTransaction } from '../../server/events/transaction';
import { LISTENER_APPLICATION_NAME, type PgEventBus, createPgEventBus } from '../../server/events/pg-bus';
import { loadConfig } from '../../server/config';
import {
  type TestContext,
  TEST_ENV,
  bearer,
  createTestContext,
  newTelegramId,
  register,
  signInitData,
} from './helpers';
import { createMint, fakeNode, newUser, payMint } from './mint-kit';
import { fundedUser } from './race-kit';
import { newClientId, openBridgeStream } from './support/bridge-client';
import { type PostgresServer, startPostgres } from './support/postgres-server';
import { type ServerProcess, startServerProcess } from './support/server-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let postgres: PostgresServer;
let a: TestContext;
let busA: PgEventBus;
let b: ServerProcess;
/** Both processes' limit of one user's money calls (the other tests make one or two per user). */
const MONEY_PER_USER = 30;
const LIMITED_ENV = { ...TEST_ENV, RATE_LIMIT_MONEY_PER_USER: String(MONEY_PER_USER) };

beforeAll(async () => {
  postgres = await startPostgres();
  // A's bus needs A's pool, which createTestContext makes: it reads through this holder.
  const holder: { db?: Db } = {};
  busA = createPgEventBus({
    connectionString: postgres.url,
    db: { query: (sql, params) => holder.db!.query(sql, params), exec: (sql) => holder.db!.exec(sql) },
    onError: () => undefined,
  });
  // A's treasury is its own address: B's sandbox watcher (the dev chain's treasury) keeps its own cursor.
  const treasury = Address.parseRaw(`0:${'cd'.repeat(32)}`).toString({ urlSafe: true, bounceable: true });
  a = await createTestContext({
    databaseUrl: postgres.url,
    bus: busA,
    config: { ...loadConfig(LIMITED_ENV), treasuryAddress: treasury },
  });
  holder.db = a.db;
  await busA.ready();
  b = await startServerProcess(postgres.url, LIMITED_ENV);
}, 180_000);

afterAll(async () => {
  b?.child.kill('SIGTERM');
  await b?.exited;
  await a?.close();
  await busA?.close();
  await postgres?.stop();
}, 120_000);

/** A socket signed in on process B, recording what it hears. */
async function socketOnB(token: string) {
  const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws/`);
  const heard: SocketMessage[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data)) as SocketMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(token);
  return { socket, heard };
}

/** Polls `read` every 20 ms until it answers a value, and answers that value (fails after timeoutMs). */
const waitFor = <T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (value === undefined) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );

/** Until the socket is subscribed on B, A's pings are lost: ping every 100 ms until one is heard. */
async function untilSubscribed(userId: number, heard: SocketMessage[]): Promise<void> {
  await vi.waitFor(
    () => {
      if (heard.some((message) => message.event === 'resync')) return;
      busA.publishToUser(userId, { event: 'resync', data: {} });
      throw new Error('the socket on B never heard process A');
    },
    { timeout: 15_000, interval: 100 },
  );
  heard.length = 0;
}

describe('two server processes on one Postgres', () => {
  it("a socket on B hears the user:balance of A's request and the user:mint of A's payment", async () => {
    const user = await fundedUser(a, 10n);
    const { socket, heard } = await socketOnB(user.token);
    await untilSubscribed(user.userId, heard);

    const transfer = await a.app.inject({
      method: 'POST',
      url: '/api/withdraw/transfer-from-referral-balance',
      headers: user.headers,
      payload: { token_amount: '4' },
    });
    expect(transfer.statusCode).toBe(200);
    const balance = await waitFor(
      // The transfer's debit and credit each tell the balances: the credit's says 4.
      () =>
        heard.find(
          (m): m is Extract<SocketMessage, { event: 'user:balance' }> =>
            m.event === 'user:balance' && m.data.balance_token === '4',
        ),
      'user:balance on B',
    );
    expect(balance.data.referral_balance).toBe('6');

    const mint: Mint = await createMint(a, user, 10);
    await payMint(a, mint, fakeNode());
    const active = await waitFor(
      () =>
        heard.find(
          (m): m is Extract<SocketMessage, { event: 'user:mint' }> => m.event === 'user:mint' && m.data.id === mint.id,
        ),
      'user:mint on B',
    );
    expect(active.data.status).toBe('active');
    socket.close();
  });

  it('a rolled-back transaction is never heard; a payload over the NOTIFY limit arrives whole', async () => {
    const user = await fundedUser(a, 0n);
    const { socket, heard } = await socketOnB(user.token);
    await untilSubscribed(user.userId, heard);

    await expect(
      inTransaction(a.db, a.bus, async (tx) => {
        tx.publishToUser(user.userId, { event: 'resync', data: { rolledBack: true } } as unknown as SocketMessage);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const padding = 'x'.repeat(20_000);
    await inTransaction(a.db, a.bus, async (tx) => {
      tx.publishToUser(user.userId, { event: 'resync', data: { padding } } as unknown as SocketMessage);
    });
    const long = await waitFor(
      () => heard.find((m) => (m.data as unknown as { padding?: string }).padding !== undefined),
      'the long payload',
    );
    expect((long.data as unknown as { padding: string }).padding).toBe(padding);
    expect(heard.some((m) => (m.data as unknown as { rolledBack?: boolean }).rolledBack)).toBe(false);
    socket.close();
  });

  it("killing B's listening connection: B reconnects, its sockets are told to resync, and later events arrive", async () => {
    const user = await fundedUser(a, 10n);
    const { socket, heard } = await socketOnB(user.token);
    await untilSubscribed(user.userId, heard);

    const killed = await a.db.query<{ killed: boolean }>(
      'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.length).toBeGreaterThanOrEqual(2); // A's listener and B's
    await waitFor(() => heard.find((m) => m.event === 'resync'), 'resync after the listener came back');

    const transfer = await a.app.inject({
      method: 'POST',
      url: '/api/withdraw/transfer-from-referral-balance',
      headers: user.headers,
      payload: { token_amount: '3' },
    });
    expect(transfer.statusCode).toBe(200);
    const balance = await waitFor(
      () =>
        heard.find(
          (m): m is Extract<SocketMessage, { event: 'user:balance' }> =>
            m.event === 'user:balance' && m.data.balance_token === '3',
        ),
      'user:balance after the reconnect',
    );
    expect(balance.data.referral_balance).toBe('7');
    socket.close();
  });

  it('a money limit holds across the processes: 100 calls of one user at once over A and B, exactly the limit pass', async () => {
    const user = await newUser(a);
    const codes = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        if (i % 2 === 0)
          return (await a.app.inject({ method: 'POST', url: '/api/mint/999999/cancel', headers: user.headers }))
            .statusCode;
        const response = await fetch(`${b.base}/api/mint/999999/cancel`, { method: 'POST', headers: user.headers });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    // 404: past the limit, there is no such mint. Counted per process, each would have let 30 through.
    expect(codes.filter((code) => code === 404)).toHaveLength(MONEY_PER_USER);
    expect(codes.filter((code) => code === 429)).toHaveLength(100 - MONEY_PER_USER);
  });

  it('a sign-out on A: every process hears the session revoked, and B answers its access token 401', async () => {
    const pair = await register(a.app, { id: newTelegramId() });
    const meOnB = () => fetch(`${b.base}/api/user/me`, { headers: bearer(pair.token) });
    expect((await meOnB()).status).toBe(200);
    const session = String(decodeJwt(pair.token).sid);
    const heardOnA = new Promise<void>((resolve) => {
      const stop = busA.subscribeSessionsRevoked((ids) => {
        if (!ids.includes(session)) return;
        stop();
        resolve();
      });
    });

    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(pair.token),
      payload: { refresh_token: pair.refresh },
    });
    expect(out.statusCode).toBe(200);
    // Published inside the sign-out's transaction: A's own listener hears it on commit, like B's.
    await heardOnA;
    expect((await a.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(pair.token) })).statusCode).toBe(
      401,
    );
    const refused = await waitFor(async () => {
      const response = await meOnB();
      return response.status === 401 ? response : undefined;
    }, 'the token refused on B');
    expect(await refused.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });
  });

  it("an operator's console socket on B hears A's events, and closes when the session ends on A", async () => {
    const telegramId = newTelegramId();
    // The sandbox's operators are rows every process reads (the launcher's switch).
    await a.db.query('INSERT INTO sandbox_operators (telegram_id) VALUES ($1)', [telegramId]);
    const signIn = await a.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { init_data: signInitData({ id: telegramId }) },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json<{ token: string }>().token;
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws/operator`);
    const heard: OperatorSocketMessage[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data)) as OperatorSocketMessage));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(token);
    // B accepted the token: its snapshot comes first, then what A publishes.
    await waitFor(() => heard.find((m) => m.event === 'maintenance:state'), 'the snapshot on B');
    heard.length = 0;
    const switched = await a.app.inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: bearer(token),
      payload: { enabled: false },
    });
    expect(switched.statusCode).toBe(200);
    expect(await waitFor(() => heard.find((m) => m.event === 'maintenance:state'), "A's switch on B")).toEqual({
      event: 'maintenance:state',
      data: { enabled: false },
    });
    await a.app.inject({ method: 'POST', url: '/api/admin/session/end', headers: bearer(token) });
    expect(await closed).toBe(4401);
    expect((await fetch(`${b.base}/api/admin/settings`, { headers: bearer(token) })).status).toBe(401);
  });

  it('the same launch data sent to A and B at once opens one operator session', async () => {
    const telegramId = newTelegramId();
    await a.db.query('INSERT INTO sandbox_operators (telegram_id) VALUES ($1)', [telegramId]);
    for (let round = 0; round < 5; round += 1) {
      const init_data = signInitData({ id: telegramId });
      const [onA, onB] = await Promise.all([
        a.app.inject({ method: 'POST', url: '/api/admin/session', payload: { init_data } }),
        fetch(`${b.base}/api/admin/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ init_data }),
        }),
      ]);
      const answers = [
        { status: onA.statusCode, body: onA.json<{ code?: string }>() },
        { status: onB.status, body: (await onB.json()) as { code?: string } },
      ];
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
      expect(answers.find((answer) => answer.status === 401)!.body.code).toBe('operatorLaunchUsed');
    }
    const [sessions] = await a.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM operator_sessions WHERE telegram_id = $1',
      [telegramId],
    );
    expect(sessions!.n).toBe(5);
  });

  it("an operator switched off in A's launcher: their console socket on B closes at once, and B refuses them", async () => {
    const created = await a.app.inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: 'Ida' } });
    const user = created.json<{ id: number; telegram_id: number }>();
    const operatorSwitch = (is_operator: boolean) =>
      a.app.inject({ method: 'PATCH', url: `/sandbox/api/users/${user.id}`, payload: { is_operator } });
    expect((await operatorSwitch(true)).statusCode).toBe(200);
    const signIn = await a.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { init_data: signInitData({ id: user.telegram_id }) },
    });
    const token = signIn.json<{ token: string }>().token;
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws/operator`);
    const heard: OperatorSocketMessage[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data)) as OperatorSocketMessage));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(token);
    await waitFor(() => heard.find((m) => m.event === 'maintenance:state'), 'the snapshot on B');

    expect((await operatorSwitch(false)).statusCode).toBe(200);
    // Within 2 s: B's own check of its operator sockets runs every 5 s, so A's NOTIFY is what closed it.
    const code = await Promise.race([
      closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open on B')), 2_000).unref()),
    ]);
    expect(code).toBe(4401);
    expect((await fetch(`${b.base}/api/admin/settings`, { headers: bearer(token) })).status).toBe(401);
  });

  it("the sandbox bridge: a stream on B receives the messages POSTed to A, told by A's notification", async () => {
    const app = newClientId();
    const wallet = newClientId();
    const stream = await openBridgeStream(b.base, { client_id: wallet });
    try {
      expect(stream.status).toBe(200);
      const postToA = async (text: string) => {
        const response = await a.app.inject({
          method: 'POST',
          url: `/bridge/message?client_id=${app}&to=${wallet}&ttl=60`,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          payload: Buffer.from(text).toString('base64'),
        });
        expect(response.json()).toEqual({ message: 'OK', statusCode: 200 });
      };
      await postToA('first');
      await stream.untilMessages(1, 10_000);
      // The stream has read once already, and B's heartbeat is 15 s away: only the notification brings this.
      await postToA('second');
      const messages = await stream.untilMessages(2, 5_000);
      expect(messages.map((message) => Buffer.from(message.message, 'base64').toString())).toEqual(['first', 'second']);
      expect(messages.every((message) => message.from === app)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('start:cluster refuses to start without DATABASE_URL (PGlite is one process)', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cluster.ts', '2'], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, MODE: 'sandbox', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('start:cluster needs DATABASE_URL');
  });
});
