/**
 * The real server process as `npm start` runs it (`node --import tsx server/main.ts`), in sandbox mode on
 * a Postgres URL, on a free port: resolves once it prints where it listens. For tests that need a second
 * OS process (several processes on one Postgres) or real signals (graceful shutdown).
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

export function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /Listen:\s+(http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, exited, output: () => output });
      }
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}
