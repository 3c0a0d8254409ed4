/**
 * What the server benchmarks share (scripts/bench-api.ts, bench-ws.ts, bench-load.ts): the server as
 * users run it (`server/main.ts` in a child process, sandbox mode), a free port, and a signed-in
 * community member created through the sandbox launcher's API, exactly as the launcher does it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `tsx server/main.ts` in sandbox mode on a free port: embedded in-memory PGlite, or the Postgres at
 * `databaseUrl`. `nodeArgs` go to node (e.g. `--cpu-prof`); `env` overrides the environment.
 */
export async function startServerProcess(
  options: { databaseUrl?: string; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      MODE: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  process.once('exit', () => child.kill('SIGKILL'));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    try {
      const response = await fetch(`${origin}/api/maintenance/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in 120 s:\n${stderr}`);
    }
    await sleep(200);
  }
  return { origin, child, stop };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Member {
  /** The sandbox launcher's user id. */
  sandboxId: number;
  /** The app's launch URL (path + hash) as the launcher opens it. */
  launchUrl: string;
  /** Signed launch data (tgWebAppData). */
  initData: string;
}

/** A community member through the launcher's API (POST /sandbox/api/users, then its launch URL). */
export async function createLauncherMember(origin: string, firstName = 'Bench'): Promise<Member> {
  const user = await json<{ id: number }>(
    await fetch(`${origin}/sandbox/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: firstName, is_community_member: true }),
    }),
  );
  const { url } = await json<{ url: string }>(await fetch(`${origin}/sandbox/api/users/${user.id}/launch`));
  const initData = new URLSearchParams(url.slice(url.indexOf('#') + 1)).get('tgWebAppData');
  if (!initData) throw new Error(`launch URL without tgWebAppData: ${url}`);
  return { sandboxId: user.id, launchUrl: url, initData };
}

/** Signs the member in as the app does (POST /api/auth/register); returns the access token. */
export async function signIn(origin: string, member: Member): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ init_data: member.initData }),
    }),
  );
  return token;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `--name value` / `--name=value` from argv, else the fallback. */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1] ?? fallback;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return fallback;
}

export const hasFlag = (name: string) => process.argv.slice(2).includes(`--${name}`);
