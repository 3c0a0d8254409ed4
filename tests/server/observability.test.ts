/**
 * /healthz, /readyz and /metrics (docs/operations.md "Health and metrics"): liveness and readiness, draining
 * turning the process unready first, the metrics under route patterns (never raw URLs), the jobs', the
 * payout queue's, the node's and the rate limits' figures, METRICS_TOKEN in production, and none of the three
 * answered by the SPA fallback or the maintenance gate. The database outage is tests/server/db-faults.test.ts's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAINTENANCE_ON_DETAIL, SERVER_MESSAGES } from '@contract';
import { buildApp } from '../../server/app';
import { DatabaseUnavailableError } from '../../server/db/faults';
import { createBackgroundJobs } from '../../server/jobs';
import { createPeriodicJob } from '../../server/lib/periodic-job';
import { tonNodeAdapter } from '../../server/lib/ton-node';
import { Metrics, UNMATCHED_ROUTE } from '../../server/observability/metrics';
import {
  bearer,
  createTestContext,
  newTelegramId,
  productionConfig,
  sandboxConfig,
  signInitData,
  type TestContext,
} from './helpers';
import { TON } from './mint-kit';
import { chainClient, newHotWallet, newRecipient, queue, quiet } from './payout-kit';
import { fundedUser } from './race-kit';

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');

const METRICS_TOKEN = 'metrics-token-0123456789';
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let ctx: TestContext;
let metrics: Metrics;

beforeAll(async () => {
  metrics = new Metrics();
  ctx = await createTestContext({ distDir, metrics });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'GET', url, headers });

async function scrape(app: FastifyInstance = ctx.app): Promise<string> {
  const response = await get('/metrics', {}, app);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** A sample's value: the line of `name` whose labels include `labels` (undefined: no such line). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Polls `read` every 10 ms until `ok` holds, and answers that value (fails after limitMs). */
const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean, limitMs = 5_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error('not yet');
      return value;
    },
    { timeout: limitMs, interval: 10 },
  );

describe('health', () => {
  it('/healthz answers 200 JSON while the process runs', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', draining: false, version: PACKAGE_VERSION });
  });

  it('/readyz answers 200 JSON when the database answers and every migration is applied', async () => {
    const response = await get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 {reason: migrations} on a database this process has migrations for that are not applied', async () => {
    const [newest] = await ctx.db.query<{ id: string }>('SELECT max(id) AS id FROM schema_migrations');
    await ctx.db.query('DELETE FROM schema_migrations WHERE id = $1', [newest?.id]);
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger: false });
    try {
      const response = await get('/readyz', {}, app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', reason: 'migrations' });
    } finally {
      await app.close();
      await ctx.db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [newest?.id]);
    }
  });

  it('while draining: /readyz 503 {reason: draining} first, /healthz still 200, every other call 503', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger: false });
    try {
      expect((await get('/readyz', {}, app)).statusCode).toBe(200);
      app.startDraining();
      const ready = await get('/readyz', {}, app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unready', reason: 'draining' });
      expect(ready.headers.connection).toBe('close');
      const live = await get('/healthz', {}, app);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok', draining: true, version: PACKAGE_VERSION });
      expect((await get('/api/maintenance/', {}, app)).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('probes while draining', () => {
  it('do not hold off the close: the quiet spell starts though a balancer keeps probing', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger: false });
    try {
      app.startDraining();
      let probing = true;
      const probes = (async () => {
        while (probing) {
          expect((await get('/readyz', {}, app)).statusCode).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      await app.drained(300, 10_000);
      const elapsedMs = performance.now() - started;
      probing = false;
      await probes;
      expect(elapsedMs).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });
});

describe('under load shedding', () => {
  it('/healthz and /metrics still answer 200; /readyz 503 {reason: overloaded}', async () => {
    const app = await buildApp({
      config: sandboxConfig({ faults: { ...ctx.config.faults, loadMaxHeapUsedBytes: 1 } }),
      db: ctx.db,
      logger: false,
    });
    try {
      // under-pressure samples once a second; from its first sample on, every request is shed.
      const shed = await until(
        () => get('/api/maintenance/', {}, app),
        (response) => response.statusCode === 503,
      );
      expect(shed.statusCode).toBe(503);
      expect((await get('/healthz', {}, app)).statusCode).toBe(200);
      expect((await get('/metrics', {}, app)).statusCode).toBe(200);
      const ready = await get('/readyz', {}, app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unready', reason: 'overloaded' });
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('counts requests under their route pattern and status, never the raw URL; unmatched under one label', async () => {
    for (const id of [123, 456]) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/mint/${id}/cancel` });
      expect(response.statusCode).toBe(401);
    }
    expect((await get('/api/no/such/call')).statusCode).toBe(404);
    const text = await scrape();
    const labels = { method: 'POST', route: '/api/mint/:id/cancel', status: '401' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status: '404' })).toBe(1);
    expect(text).not.toContain('/api/mint/123');
    expect(text).not.toContain('/api/no/such/call');
  });

  it('names every family: requests, pool, event loop, sockets, jobs, payouts, hot wallet, watcher, node errors, refusals, notifications', async () => {
    const text = await scrape();
    for (const [family, type] of [
      ['http_request_duration_seconds', 'histogram'],
      ['db_pool_connections', 'gauge'],
      ['db_pool_waiting', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['ws_open_sockets', 'gauge'],
      ['job_runs_total', 'counter'],
      ['job_last_success_timestamp_seconds', 'gauge'],
      ['payout_withdrawals', 'gauge'],
      ['payout_withdrawals_waiting', 'gauge'],
      ['hot_wallet_balance_ton', 'gauge'],
      ['treasury_watcher_lag_seconds', 'gauge'],
      ['ton_node_errors_total', 'counter'],
      ['rate_limit_refusals_total', 'counter'],
      ['notifications_sent_total', 'counter'],
    ]) {
      expect(text, family).toContain(`# TYPE ${family} ${type}\n`);
    }
  });

  it("says which build runs: app_build_info{version, node} 1, the version package.json's", async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE app_build_info gauge\n');
    expect(sample(text, 'app_build_info', { version: PACKAGE_VERSION, node: process.version })).toBe(1);
  });

  it('counts open sockets', async () => {
    const base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const ws = new WebSocket(`${base}/api/ws/`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      const open = await until(scrape, (text) => sample(text, 'ws_open_sockets') === 1);
      expect(sample(open, 'ws_open_sockets')).toBe(1);
    } finally {
      ws.close();
    }
    const closed = await until(scrape, (text) => sample(text, 'ws_open_sockets') === 0);
    expect(sample(closed, 'ws_open_sockets')).toBe(0);
  });

  it("reads the payout queue at scrape time, and the jobs' runs, the hot wallet's balance and the watcher's lag from the jobs", async () => {
    const user = await fundedUser(ctx, 10n);
    const before = await scrape();
    const queuedBefore = sample(before, 'payout_withdrawals', { status: 'queued' }) ?? 0;
    await queue(ctx, user.userId, 1n * TON, newRecipient().text);
    const queued = await scrape();
    expect(sample(queued, 'payout_withdrawals', { status: 'queued' })).toBe(queuedBefore + 1);
    expect(sample(queued, 'payout_withdrawals_queued_ton')).toBe(
      (sample(before, 'payout_withdrawals_queued_ton') ?? 0) + 1,
    );
    expect(sample(queued, 'payout_withdrawals_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(queued, 'database_up')).toBe(1);

    const hot = await newHotWallet(ctx, 7n * TON);
    const jobs = createBackgroundJobs({
      config: ctx.config,
      db: ctx.db,
      bus: ctx.bus,
      log: quiet,
      tonClient: await chainClient(ctx),
      hotWallet: hot.keys,
      metrics,
    });
    const wallet = hot.wallet.address.toString({ urlSafe: true, bounceable: true });
    // Not read yet: unknown (NaN), not 0, so no "below" rule fires on a balance nobody read.
    expect(sample(await scrape(), 'hot_wallet_balance_ton', { wallet })).toBeNaN();
    expect(await jobs.payouts?.runOnce()).toBe(true);
    expect(await jobs.watcher?.runOnce()).toBe(true);
    expect(await jobs.settlement.runOnce()).toBe(true);
    const text = await scrape();
    expect(sample(text, 'job_runs_total', { worker: 'payouts', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'job_runs_total', { worker: 'treasury-watcher', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds', { worker: 'settlement' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(sample(text, 'hot_wallet_balance_ton', { wallet })).toBe(7);
    expect(sample(text, 'treasury_watcher_lag_seconds', { treasury: ctx.config.treasuryAddress ?? '' })).toBe(0);
  });

  it('counts a failed job run as failed; a job that never succeeded here has 0 as its last success', async () => {
    const job = createPeriodicJob({
      name: 'breaks',
      intervalMs: 60_000,
      db: ctx.db,
      lockKey: 1,
      run: async () => {
        throw new Error('broken');
      },
      onError: () => undefined,
      observer: metrics.jobs,
    });
    // Its series are there from its creation: every outcome counted 0, and no success yet.
    const created = await scrape();
    for (const outcome of ['ok', 'failed', 'skipped']) {
      expect(sample(created, 'job_runs_total', { worker: 'breaks', outcome }), outcome).toBe(0);
    }
    expect(sample(created, 'job_last_success_timestamp_seconds', { worker: 'breaks' })).toBe(0);
    await expect(job.runOnce()).rejects.toThrow('broken');
    const text = await scrape();
    expect(sample(text, 'job_runs_total', { worker: 'breaks', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds', { worker: 'breaks' })).toBe(0);
  });

  it('counts server errors apart from deliberate refusals (a database outage, draining, /readyz 503)', async () => {
    const own = new Metrics();
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger: false, metrics: own });
    app.get('/api/test-boom', async () => {
      throw new Error('boom');
    });
    app.get('/api/test-db-down', async () => {
      throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'));
    });
    try {
      const fresh = await scrape(app);
      expect(sample(fresh, 'http_server_errors_total')).toBe(0);
      for (const reason of ['draining', 'maintenance', 'overloaded', 'database', 'unready']) {
        expect(sample(fresh, 'http_refusals_total', { reason }), reason).toBe(0);
      }
      expect((await get('/api/test-boom', {}, app)).statusCode).toBe(500);
      expect((await get('/api/test-db-down', {}, app)).statusCode).toBe(503);
      app.startDraining();
      expect((await get('/api/maintenance/', {}, app)).statusCode).toBe(503);
      expect((await get('/readyz', {}, app)).statusCode).toBe(503);
      const text = await scrape(app);
      expect(sample(text, 'http_server_errors_total')).toBe(1);
      expect(sample(text, 'http_refusals_total', { reason: 'database' })).toBe(1);
      expect(sample(text, 'http_refusals_total', { reason: 'draining' })).toBe(1);
      expect(sample(text, 'http_refusals_total', { reason: 'unready' })).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("counts the node's errors by kind, 429 included", async () => {
    const statuses = [429, 500];
    // The 429's backoff passes on a clock of the test's own: no real wait.
    let now = 0;
    const adapter = tonNodeAdapter({
      rps: 0,
      clock: { now: () => now, sleep: async (ms) => void (now += ms) },
      onError: metrics.nodeError,
      fetch: async () => new Response('{}', { status: statuses.shift() ?? 500 }),
    });
    const request = {
      url: 'http://node.test/jsonRPC',
      method: 'post',
      headers: { toJSON: () => ({}) },
      validateStatus: (status: number) => status < 300,
    };
    await expect(adapter(request as unknown as Parameters<typeof adapter>[0])).rejects.toThrow('500');
    const text = await scrape();
    expect(sample(text, 'ton_node_errors_total', { kind: 'rate_limited' })).toBe(1);
    expect(sample(text, 'ton_node_errors_total', { kind: 'http' })).toBe(1);
  });

  it('counts rate-limit refusals by limit name', async () => {
    const own = new Metrics();
    const app = await buildApp({
      config: sandboxConfig({ faults: { ...ctx.config.faults, rateLimitSignInPerIp: 1 } }),
      db: ctx.db,
      logger: false,
      metrics: own,
    });
    try {
      const register = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '198.51.100.7',
          payload: { init_data: signInitData({ id: newTelegramId() }) },
        });
      expect((await register()).statusCode).toBe(200);
      expect((await register()).statusCode).toBe(429);
      const text = await scrape(app);
      expect(sample(text, 'rate_limit_refusals_total', { limit: 'sign-in', per: 'address' })).toBe(1);
      // The probes themselves count against no limit.
      for (let i = 0; i < 3; i++) expect((await get('/readyz', {}, app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_TOKEN in production', () => {
  const community = { isMember: async () => true, recheckIntervalMs: 0 };

  it('unset: /metrics is off (404 {msg}); /healthz and /readyz still answer', async () => {
    const app = await buildApp({
      config: productionConfig({ metricsToken: undefined }),
      db: ctx.db,
      logger: false,
      community,
    });
    try {
      const response = await get('/metrics', bearer(METRICS_TOKEN), app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ msg: SERVER_MESSAGES.notFound, code: 'notFound' });
      expect((await get('/healthz', {}, app)).statusCode).toBe(200);
      expect((await get('/readyz', {}, app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('set: 401 without the bearer or with another, 200 with it', async () => {
    const app = await buildApp({
      config: productionConfig({ metricsToken: METRICS_TOKEN }),
      db: ctx.db,
      logger: false,
      community,
    });
    try {
      expect((await get('/metrics', {}, app)).statusCode).toBe(401);
      expect((await get('/metrics', bearer('metrics-token-0123456788'), app)).statusCode).toBe(401);
      expect((await get('/metrics', bearer(ctx.config.adminToken), app)).statusCode).toBe(401);
      const response = await get('/metrics', bearer(METRICS_TOKEN), app);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      // Only the exact path answers: the proxies block `/metrics` and what is under it (docs/deploy.md step 5).
      for (const url of ['/metrics/', '/metrics/?x=1']) {
        expect((await get(url, bearer(METRICS_TOKEN), app)).statusCode, url).toBe(404);
      }
      expect((await get('/metrics?x=1', bearer(METRICS_TOKEN), app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('gates and the SPA fallback', () => {
  const switchMaintenance = (enabled: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: bearer(ctx.config.adminToken),
      payload: { enabled },
    });

  it('in maintenance, none of the three answers the maintenance 503 or the app page', async () => {
    const html = { accept: 'text/html' };
    // The SPA fallback is on: an unknown page asked for as HTML is the app.
    expect((await get('/no-such-page', html)).body).toContain('<!doctype html>');
    expect((await switchMaintenance(true)).statusCode).toBe(200);
    try {
      expect((await get('/api/user/me', html)).json()).toEqual({ msg: MAINTENANCE_ON_DETAIL, code: 'maintenance' });
      for (const url of ['/healthz', '/readyz', '/metrics', '/healthz/', '/readyz/']) {
        const response = await get(url, html);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).not.toMatch(/html/);
        expect(response.body, url).not.toContain('<!doctype html>');
        expect(response.body, url).not.toContain(MAINTENANCE_ON_DETAIL);
      }
      expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    } finally {
      await switchMaintenance(false);
    }
  });
});
