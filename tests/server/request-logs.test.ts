/**
 * Request logs: at the default info level a successful call writes no log line (Fastify's
 * two lines per request cost CPU on every call); at debug it does; a failed call (5xx) is always logged at
 * error. A deliberate refusal is no error (docs/operations.md "Logs"): draining, maintenance and an
 * unready /readyz are debug lines (draining's start one info line), load shedding and a database outage
 * warn lines, at most one a window per reason, counting the refusals they stand for.
 */
import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DatabaseUnavailableError } from '../../server/db/faults';
import type { Db } from '../../server/db/index';
import { type RefusalReason, refuse } from '../../server/http/refusals';
import { REFUSAL_LOG_WINDOW_MS, RequestLogs } from '../../server/http/request-logs';
import { createTestDb, sandboxConfig } from './helpers';

// One database for the file (each test its own app): a migrated database takes seconds to make.
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});
const apps: { close(): Promise<void> }[] = [];

interface LogLine {
  level: number;
  msg: string;
  res?: { statusCode?: number };
  reason?: string;
  refused?: number;
  err?: { message?: string };
}
const WARN = 40;
const ERROR = 50;
const atLeast = (lines: LogLine[], level: number) => lines.filter((line) => line.level >= level);
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appLoggingAt(level: 'info' | 'debug', config = sandboxConfig()) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ config, db, logger: { level, stream } });
  app.get('/api/test-boom', async () => {
    throw new Error('boom');
  });
  app.get('/api/test-db-down', async () => {
    throw new DatabaseUnavailableError(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
  });
  apps.push(app);
  return { app, lines };
}

describe('request logs', () => {
  it('info: nothing for a successful call or a 4xx, an error line for a 5xx', async () => {
    const { app, lines } = await appLoggingAt('info');
    expect((await app.inject({ method: 'GET', url: '/api/maintenance/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    expect(lines.filter((line) => /request/.test(line.msg))).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/test-boom' })).statusCode).toBe(500);
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual(expect.arrayContaining(['unhandled error', 'request failed']));
  });

  it('debug: each call is logged as it comes and as it completes', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/maintenance/' });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.find((line) => line.msg === 'request completed')?.res?.statusCode).toBe(200);
  });

  it('draining: the 503 refusals write no error or warning, and one info line says draining started', async () => {
    const { app, lines } = await appLoggingAt('info');
    app.startDraining();
    for (let i = 0; i < 20; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/maintenance/' })).statusCode).toBe(503);
    }
    // The balancer's probe: unready while draining, a debug line like the refusals.
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(atLeast(lines, WARN)).toEqual([]);
    expect(lines.filter((line) => /draining/.test(line.msg)).map((line) => line.level)).toEqual([30]);
  });

  it('maintenance: the 503 refusals write no error or warning', async () => {
    const { app, lines } = await appLoggingAt('info');
    const switchTo = (enabled: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/maintenance',
        headers: { authorization: `Bearer ${sandboxConfig().adminToken}` },
        payload: { enabled },
      });
    expect((await switchTo(true)).statusCode).toBe(200);
    try {
      // The switch itself is logged (a warning: an operator's action); the refusals it causes are not.
      lines.length = 0;
      for (let i = 0; i < 5; i++) {
        expect((await app.inject({ method: 'GET', url: '/api/price/current-price' })).statusCode).toBe(503);
      }
      expect(atLeast(lines, WARN)).toEqual([]);
    } finally {
      expect((await switchTo(false)).statusCode).toBe(200);
    }
  });

  it('a database outage: a warning, not an error, one line for many refusals, with the cause', async () => {
    const { app, lines } = await appLoggingAt('info');
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/test-db-down' })).statusCode).toBe(503);
    }
    expect(atLeast(lines, ERROR)).toEqual([]);
    const warnings = atLeast(lines, WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: WARN, reason: 'database', refused: 1 });
    expect(warnings[0]?.err?.message).toMatch(/ECONNREFUSED/);
  });

  it('load shedding: a warning, not an error, one line for many refusals', async () => {
    const config = sandboxConfig({ faults: { ...sandboxConfig().faults, loadMaxHeapUsedBytes: 1 } });
    const { app, lines } = await appLoggingAt('info', config);
    // under-pressure samples once a second; from its first sample on, every request is shed.
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/maintenance/' })).statusCode, {
        timeout: 5_000,
        interval: 10,
      })
      .toBe(503);
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/maintenance/' })).statusCode).toBe(503);
    }
    expect(atLeast(lines, ERROR)).toEqual([]);
    expect(atLeast(lines, WARN).map((line) => line.reason)).toEqual(['overloaded']);
  });
});

describe('refusal warnings', () => {
  it('at most one line per reason every REFUSAL_LOG_WINDOW_MS, counting the refusals it stands for', () => {
    let now = 0;
    const logs = new RequestLogs(() => now);
    const written: { reason?: string; refused?: number }[] = [];
    const log = { warn: (fields: object) => written.push(fields), debug: () => undefined, error: () => undefined };
    const refused = (reason: RefusalReason) =>
      logs.requestCompleted(
        null,
        {} as FastifyRequest,
        refuse({ log, statusCode: 503, elapsedTime: 1 } as unknown as FastifyReply, reason),
      );
    refused('database');
    now = 5_000;
    refused('database');
    refused('database');
    refused('overloaded');
    now = REFUSAL_LOG_WINDOW_MS - 1;
    refused('database');
    now = REFUSAL_LOG_WINDOW_MS;
    refused('database');
    // Draining is the server's own choice: never a warning.
    refused('draining');
    expect(written.map(({ reason, refused: count }) => [reason, count])).toEqual([
      ['database', 1],
      ['overloaded', 1],
      ['database', 4],
    ]);
  });
});
