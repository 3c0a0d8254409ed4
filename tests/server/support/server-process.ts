/**
 * A real server process on a free port: resolves once it prints where it listens. For tests that need a
 * second OS process (several processes on one Postgres), real signals (graceful shutdown), or the
 * compiled server as a deployment runs it (tests/install/).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  exited: Promise<number | null>;
  output(): string;
}

export interface SpawnServerOptions {
  /** The program (default this node); `npm` runs a package script as an operator does (tests/install/). */
  command?: string;
  /** Its arguments, e.g. node's ['dist-server/main.js']. */
  args: string[];
  cwd?: string;
  /** The whole environment of the process (nothing is inherited unless passed). */
  env: Record<string, string | undefined>;
  startTimeoutMs?: number;
}

/**
 * Starts `node <args>` (or `<command> <args>`) and waits for its banner: the `Listen:` line, or in production
 * the JSON line's `listen`.
 */
export function spawnServer(options: SpawnServerOptions): Promise<ServerProcess> {
  const child = spawn(options.command ?? process.execPath, options.args, {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      options.startTimeoutMs ?? 60_000,
    );
    child.stdout!.on('data', () => {
      const match = /Listen:\s+(http:\/\/\S+)|"listen":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: (match[1] ?? match[2])!, exited, output: () => output });
      }
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

/**
 * The server from source (`node --import tsx server/main.ts`, as `npm run dev`'s server runs), in sandbox
 * mode on a Postgres URL.
 */
export function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnServer({
    args: ['--import', 'tsx', 'server/main.ts'],
    env: {
      ...process.env,
      MODE: 'sandbox',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      PRICE_TICK_MS: '0',
      PAYOUTS_ENABLED: 'false',
      RATE_LIMIT_SIGN_IN_PER_IP: '100000',
      // Off, as in TEST_ENV (tests/server/helpers.ts says why).
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
  });
}
