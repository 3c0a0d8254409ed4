/**
 * Database outages on a real PostgreSQL server: stopped (refuses connections) and frozen
 * (SIGSTOP: connections open, nothing answers). Every call answers 503 {msg} within the configured bounds,
 * nothing is written half, open sockets stay up, a new socket's handshake closes with 4503 (not 4401), and
 * the server recovers by itself when Postgres is back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type ErrorBody, SERVER_MESSAGES, SOCKET_CLOSE } from '@contract';
import { DatabaseUnavailableError, isDatabaseFault } from '../../server/db/faults';
import { balances } from '../../server/ledger/queries';
import { changeBalance } from '../../server/ledger/service';
import { inTransaction } from '../../server/events/transaction';
import { createTestContext, type TestContext } from './helpers';
import { TOKEN, type TestUser } from './mint-kit';
import { fundedUser } from './race-kit';
import { type PostgresServer, startPostgres } from './support/postgres-server';

const START_TIMEOUT_MS = 120_000;
const TIMEOUTS = { connectMs: 500, statementMs: 1_000, idleInTransactionMs: 2_000 };
/** /readyz's wait for the database: well below the statement bound (TIMEOUTS.statementMs + 1 s on the client). */
const READY_TIMEOUT_MS = 200;

let server: PostgresServer;
let ctx: TestContext;
let wsBase: string;
let user: TestUser;

beforeAll(async () => {
  server = await startPostgres();
  ctx = await createTestContext({
    databaseUrl: server.url,
    timeouts: TIMEOUTS,
    socketTokenTimeoutMs: 2_000,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  wsBase = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  user = await fundedUser(ctx, 10n);
}, START_TIMEOUT_MS);
afterAll(async () => {
  server?.thaw();
  await ctx?.close();
  await server?.stop();
}, START_TIMEOUT_MS);

const me = () => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });
const transfer = () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/withdraw/transfer-from-referral-balance',
    headers: user.headers,
    payload: { token_amount: '1' },
  });

/** Polls GET /user/me every 10 ms until it answers 200 (fails after limitMs: the pool never recovered). */
async function untilRecovered(limitMs = 10_000): Promise<void> {
  await expect.poll(async () => (await me()).statusCode, { timeout: limitMs, interval: 10 }).toBe(200);
}

function socket(token: string) {
  const ws = new WebSocket(`${wsBase}/api/ws/`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const firstMessage = new Promise<unknown>((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(data.toString()))),
  );
  ws.on('open', () => ws.send(token));
  return { ws, closed, firstMessage };
}

const expectUnavailable = (response: { statusCode: number; json: <T>() => T }) => {
  expect(response.statusCode).toBe(503);
  expect(response.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' });
};

describe('Postgres stopped', () => {
  it('answers 503 {msg}, leaves balances alone, keeps open sockets, refuses new handshakes with 4503, and recovers', async () => {
    const before = await balances(ctx.db, user.userId);
    const open = socket(user.token);
    await open.firstMessage; // signed in, snapshot received

    await server.halt();
    // The refused connection is answered 503 {msg}; how fast is a benchmark's business, not this test's.
    expectUnavailable(await me());
    expectUnavailable(await transfer());

    const refused = socket(user.token);
    expect(await refused.closed).toBe(SOCKET_CLOSE.unavailable);
    expect(open.ws.readyState).toBe(WebSocket.OPEN);

    await server.start();
    // Recovery is the first 200 after the restart (today under 0.1 s: a fresh connection is opened).
    await untilRecovered();
    expect(await balances(ctx.db, user.userId)).toEqual(before);
    expect((await transfer()).statusCode).toBe(200);
    expect(open.ws.readyState).toBe(WebSocket.OPEN);
    open.ws.close();
  }, 60_000);

  it('a transaction cut by the shutdown is rolled back whole and reported as DatabaseUnavailableError', async () => {
    const before = await balances(ctx.db, user.userId);
    const change = (delta: bigint, account: 'referral_balance' | 'balance_token') => ({
      userId: user.userId,
      account,
      delta,
      reason: 'sandbox_grant' as const,
      refType: 'test',
      refId: 1,
    });
    const attempt = inTransaction(ctx.db, ctx.bus, async (tx) => {
      await changeBalance(tx, change(-TOKEN, 'referral_balance'));
      await server.halt();
      await changeBalance(tx, change(TOKEN, 'balance_token'));
    });
    const failure = await attempt.catch((error: unknown) => error);
    await server.start();
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    await untilRecovered();
    expect(await balances(ctx.db, user.userId)).toEqual(before);
  }, 60_000);
});

describe('Postgres frozen (SIGSTOP)', () => {
  // How soon the answers come (within the configured bound) is measured by `npm run bench:outage`.
  it('answers 503 {msg} instead of hanging, and recovers when it thaws', async () => {
    const before = await balances(ctx.db, user.userId);
    const open = socket(user.token);
    await open.firstMessage;

    server.freeze();
    try {
      const answers = await Promise.all([me(), transfer(), me()]);
      answers.forEach(expectUnavailable);
      const refused = socket(user.token);
      expect(await refused.closed).toBe(SOCKET_CLOSE.unavailable);
      expect(open.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      server.thaw();
    }
    await untilRecovered();
    expect(await balances(ctx.db, user.userId)).toEqual(before);
    expect(open.ws.readyState).toBe(WebSocket.OPEN);
    open.ws.close();
  }, 60_000);
});

describe('/readyz and /metrics through an outage', () => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  /** Polls `url` every 10 ms until it answers `status` (fails after limitMs). */
  const untilStatus = (url: string, status: number, limitMs = 10_000) =>
    vi.waitFor(
      async () => {
        const response = await get(url);
        expect(response.statusCode, url).toBe(status);
        return response;
      },
      { timeout: limitMs, interval: 10 },
    );
  const unready = { status: 'unready', reason: 'database' };

  it('stopped: /readyz 503 {reason: database}, /healthz 200, /metrics without the payout queue and database_up 0; 200 again once it is back', async () => {
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    const up = (await get('/metrics')).body;
    expect(up).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(up).toMatch(/^payout_withdrawals\{status="queued"\} \d+$/m);
    expect(up).toMatch(/^database_up 1$/m);

    await server.halt();
    try {
      expect((await untilStatus('/readyz', 503)).json()).toEqual(unready);
      expect((await get('/healthz')).statusCode).toBe(200);
      const down = await get('/metrics');
      expect(down.statusCode).toBe(200);
      expect(down.body).not.toMatch(/^payout_withdrawals\{/m);
      // What the DatabaseDown alert reads (deploy/prometheus/alerts.yml).
      expect(down.body).toMatch(/^database_up 0$/m);
    } finally {
      await server.start();
    }
    expect((await untilStatus('/readyz', 200)).json()).toEqual({ status: 'ready' });
  }, 60_000);

  it('frozen: /readyz answers 503 {reason: database} within its own short bound, not the statement timeout', async () => {
    await untilStatus('/readyz', 200);
    server.freeze();
    try {
      const started = performance.now();
      const [first, second] = await Promise.all([get('/readyz'), get('/readyz')]);
      const elapsedMs = performance.now() - started;
      expect(first.json()).toEqual(unready);
      expect(second.json()).toEqual(unready);
      expect(first.statusCode).toBe(503);
      expect(elapsedMs).toBeLessThan(TIMEOUTS.statementMs + 1_000);
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      server.thaw();
    }
    await untilStatus('/readyz', 200);
  }, 60_000);
});

describe('what counts as a database fault', () => {
  it('lost, refused and timed-out connections do; a constraint or a conflict does not', () => {
    expect(
      isDatabaseFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseFault(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseFault(new Error('Query read timeout'))).toBe(true);
    expect(
      isDatabaseFault(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })),
    ).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseFault(Object.assign(new Error('could not serialize'), { code: '40001' }))).toBe(false);
    expect(isDatabaseFault(new Error('Insufficient funds'))).toBe(false);
  });
});
