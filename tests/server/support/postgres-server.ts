/**
 * A throwaway PostgreSQL server for tests: initdb in a temp dir, `postgres` on a free 127.0.0.1 port
 * (unix socket inside the temp dir, fsync off), one database, a postgres:// URL. stop() shuts it down
 * and removes the dir. Missing binaries are an error, never a skip: npm test runs a suite on it.
 *
 * initdb and postgres refuse to run as root; as root they run as the `postgres` system user
 * (Debian's postgresql package creates it) on a temp dir chowned to it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** postgres://app@127.0.0.1:<port>/app_test */
  url: string;
  /** Shuts the server down and removes its data. */
  stop(): Promise<void>;
  /** Shuts the server down (a fast shutdown: sessions are ended), keeping its data for `start`. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers (a hung server). */
  freeze(): void;
  /** SIGCONT to the same processes. */
  thaw(): void;
}

const MISSING =
  'PostgreSQL server binaries not found: apt-get install postgresql (Debian) — npm test runs a suite against a real Postgres';
const USER = 'app';
const DATABASE = 'app_test';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

const hasServer = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));

/** The newest /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`, else PATH. */
export function findPostgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const newest = readdirSync(root)
      .filter((version) => /^\d+(\.\d+)?$/.test(version))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => join(root, version, 'bin'))
      .find(hasServer);
    if (newest) return newest;
  }
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (bindir && hasServer(bindir)) return bindir;
  } catch {
    // no pg_config
  }
  const onPath = (process.env.PATH ?? '').split(delimiter).find((dir) => dir && hasServer(dir));
  if (onPath) return onPath;
  throw new Error(MISSING);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** As root: run as `postgres` (runuser); otherwise directly. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function chownToServerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let ids: [number, number];
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    ids = [id('-u'), id('-g')];
  } catch {
    throw new Error(`Running as root needs the 'postgres' system user for initdb. ${MISSING}`);
  }
  chownSync(dir, ...ids);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilReady(
  port: number,
  child: ChildProcess,
  log: () => string,
  createDatabase = true,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      throw new Error(
        `postgres exited (${child.exitCode ?? child.signalCode}) before accepting connections:\n${log()}`,
      );
    }
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, database: 'postgres' });
    try {
      await client.connect();
      if (createDatabase) await client.query(`CREATE DATABASE ${DATABASE}`);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections in ${READY_TIMEOUT_MS} ms: ${String(error)}\n${log()}`, {
          cause: error,
        });
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBinDir();
  const root = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const dataDir = join(root, 'data');
  let child: ChildProcess | undefined;
  let output = '';
  const log = () => output.slice(-4000);
  const pidFile = join(dataDir, 'postmaster.pid');
  const postmasterPid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : child?.pid);

  const launch = (port: number): ChildProcess => {
    const [postgres, args] = asServerUser(join(bin, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${root}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ]);
    const server = spawn(postgres, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer | string) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    server.on('error', (error) => collect(`\nspawn ${postgres} failed: ${error.message}\n`));
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    // If the test process exits without stop() (a crash), take the server down with it.
    process.once('exit', () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      try {
        const pid = postmasterPid();
        if (pid) process.kill(pid, 'SIGKILL');
        rmSync(root, { recursive: true, force: true });
      } catch {
        // best effort on the way out
      }
    });
    return server;
  };

  const halt = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
      // SIGINT to the postmaster is a fast shutdown. As root the child is runuser; signal postgres itself.
      const pid = postmasterPid();
      try {
        if (pid) process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
      if (timedOut) {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
        child.kill('SIGKILL');
        await exited;
      }
    }
  };
  const stop = async () => {
    thaw();
    await halt();
    rmSync(root, { recursive: true, force: true });
  };
  /** The postmaster and its children (backends, checkpointer, walwriter…). */
  let frozen: number[] = [];
  const freeze = () => {
    const pid = postmasterPid();
    if (!pid) throw new Error('postgres is not running');
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // no children yet
    }
    frozen = [pid, ...children];
    for (const each of frozen) process.kill(each, 'SIGSTOP');
  };
  const thaw = () => {
    for (const each of frozen) {
      try {
        process.kill(each, 'SIGCONT');
      } catch {
        // gone
      }
    }
    frozen = [];
  };

  try {
    chownToServerUser(root);
    const [initdb, initdbArgs] = asServerUser(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      USER,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    try {
      execFileSync(initdb, initdbArgs, { cwd: root, stdio: 'pipe' });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`initdb failed: ${stderr || String(error)}`, { cause: error });
    }

    // The free port may be taken between probing and binding (another suite, another agent): retry.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      child = launch(port);
      try {
        await waitUntilReady(port, child, log);
        break;
      } catch (error) {
        if (attempt >= 3 || !/could not bind|address already in use/i.test(log())) throw error;
        output = '';
      }
    }
    const start = async () => {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = launch(port);
      await waitUntilReady(port, child, log, false);
    };
    return { url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`, stop, halt, start, freeze, thaw };
  } catch (error) {
    await stop();
    throw error;
  }
}
