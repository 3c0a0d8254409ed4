/**
 * `npm run start:cluster -- N`: N server processes on one DATABASE_URL behind one port (node:cluster —
 * the workers share the listening socket; the primary hands connections out in turn); see
 * docs/operations.md "Several processes". Each worker is the production server (dist-server/main.js
 * under node); events cross the processes through Postgres LISTEN/NOTIFY and the periodic jobs run in one
 * process at a time. Like start:prod, the script reads .env and passes `--production` (the primary checks
 * the settings as production, and hands the flag to every worker): never the sandbox.
 *
 * The primary restarts a worker that dies on its own, forwards SIGTERM/SIGINT to every worker (each
 * shuts down gracefully) and exits when they have; a second signal exits at once.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ConfigError, PRODUCTION_FLAG, loadConfig, readStartArgs } from './config';
import { COMPILED, entryScript } from './lib/files';
import { logFormatOf, processLog, startLogFormat } from './lib/process-log';

const RESTART_DELAY_MS = 1_000;

function workerCount(arg: string | undefined): number {
  if (arg === undefined) return availableParallelism();
  const n = Number(arg);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new ConfigError(`start:cluster: the number of processes must be a whole number from 1 to 64, not "${arg}"`);
  }
  return n;
}

// JSON lines in production, like the workers' (server/lib/process-log.ts).
let log = processLog(process.argv.includes(PRODUCTION_FLAG) ? 'json' : startLogFormat());

function startPrimary(): void {
  const { production, positional } = readStartArgs(process.argv.slice(2));
  const config = loadConfig(process.env, { production });
  log = processLog(logFormatOf(config));
  if (!config.databaseUrl) {
    throw new ConfigError(
      'start:cluster needs DATABASE_URL: several processes share one Postgres (the embedded PGlite belongs to one process). Use npm start without it.',
    );
  }
  const n = workerCount(positional[0]);
  // The compiled workers run under plain node; from source (tests) through tsx's loader.
  cluster.setupPrimary({
    exec: entryScript('main'),
    execArgv: COMPILED ? [] : ['--import', 'tsx'],
    args: production ? [PRODUCTION_FLAG] : [],
  });

  let stopping = false;
  const fork = (): Worker => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${RESTART_DELAY_MS} ms`, {
      worker: worker.process.pid,
      exit: signal ?? code,
    });
    setTimeout(fork, RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info(`${signal}: stopping ${n} processes…`, { signal });
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  log.info(`Cluster:  ${n} processes on ${config.publicUrl} (one Postgres)`, { processes: n });
  for (let i = 0; i < n; i++) fork();
}

if (cluster.isPrimary) {
  try {
    startPrimary();
  } catch (error) {
    if (error instanceof ConfigError) log.fatal(error.message);
    else log.fatal('start failed', { err: error });
    process.exit(1);
  }
}
