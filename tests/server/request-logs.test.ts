/**
 * Request logs: at the default info level a successful call writes no log line (Fastify's
 * two lines per request cost CPU on every call); at debug it does; a failed call (5xx) is always logged.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type TestContext, createTestDb, sandboxConfig } from './helpers';

const contexts: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((ctx) => ctx.close()));
});

async function appLoggingAt(level: 'info' | 'debug') {
  const lines: { level: number; msg: string; res?: { statusCode?: number } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const db = await createTestDb();
  const app = await buildApp({ config: sandboxConfig(), db, logger: { level, stream } });
  app.get('/api/test-boom', async () => {
    throw new Error('boom');
  });
  contexts.push({ close: async () => (await app.close(), await db.close()) } satisfies Pick<TestContext, 'close'>);
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
});
