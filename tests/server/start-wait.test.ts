/**
 * A database that is not up yet is waited for (server/start.ts, DATABASE_START_TIMEOUT_SECONDS): the real
 * server process, started before its Postgres, answers /healthz 200 and /readyz 503 `database` and every
 * other request 503 while it tries again (each try logged), and serves once Postgres starts; past the wait
 * it exits 1 with one line; a database that refuses it for another reason (no such database) is not
 * waited for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PostgresServer, startPostgres } from './support/postgres-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
}, 120_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  base: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

/** `node --import tsx server/main.ts` (the sandbox on Postgres: the wait is the same in either mode). */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      MODE: 'sandbox',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      PRICE_TICK_MS: '0',
      PAYOUTS_ENABLED: 'false',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The status of a GET, or 0 while nothing listens. */
const statusOf = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

/** The log lines of the tries (pino JSON on stdout). */
const tries = (server: Started) =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('database not reachable yet'))
    .map((line) => JSON.parse(line) as { attempt: number; retryInMs: number; reason: string });

describe('the start waits for the database', () => {
  it('answers the probes while Postgres is down, and serves once it is up', async () => {
    await postgres.halt();
    const server = await startServer(postgres.url);
    try {
      await expect.poll(() => statusOf(`${server.base}/healthz`), { timeout: 60_000 }).toBe(200);
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unready', reason: 'database' });
      // Nothing else is served before the app is: the API, the sandbox's launcher, the client.
      for (const path of ['/api/maintenance/', '/sandbox/', '/']) {
        const response = await fetch(`${server.base}${path}`);
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toMatchObject({ code: 'unavailable' });
      }
      // Each try is logged, with the wait before the next growing.
      await vi.waitFor(() => expect(tries(server).length).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
      const [first, second] = tries(server);
      expect(first).toMatchObject({ attempt: 1, reason: expect.stringContaining('ECONNREFUSED') });
      expect(second!.retryInMs).toBeGreaterThan(first!.retryInMs);
      expect(server.child.exitCode).toBeNull();

      await postgres.start();
      await expect.poll(() => statusOf(`${server.base}/readyz`), { timeout: 60_000 }).toBe(200);
      expect(server.stdout()).toMatch(/Listen:\s+http:\/\/127\.0\.0\.1:/);
      expect((await fetch(`${server.base}/api/maintenance/`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await postgres.start();
    }
  }, 120_000);

  it('gives up after DATABASE_START_TIMEOUT_SECONDS: exit 1, one line naming the setting', async () => {
    const nobody = `postgres://app@127.0.0.1:${await freePort()}/app`;
    const server = await startServer(nobody, { DATABASE_START_TIMEOUT_SECONDS: '1' });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Cannot start: the database did not answer within DATABASE_START_TIMEOUT_SECONDS \(1 s\)/),
    ]);
    expect(tries(server).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a refusal waiting would not change (no such database) fails at once, in one line', async () => {
    const missing = postgres.url.replace(/\/[^/]+$/, '/no_such_database');
    const server = await startServer(missing);
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: the database refused the connection \(check DATABASE_URL\): .*no_such_database/,
      ),
    ]);
    expect(tries(server)).toEqual([]);
  }, 60_000);
});
