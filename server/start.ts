/**
 * Starts the whole server from a config: database, migrations, app, listen, background jobs. Shared by
 * main.ts and dev.ts.
 *
 * A Postgres not reachable yet (the host booting, Compose's database container starting) is waited for, up
 * to DATABASE_START_TIMEOUT_SECONDS, tried again with backoff and each try logged; meanwhile the port
 * answers the probes (/healthz 200, /readyz 503 `database`) and every other request 503
 * (observability/starting.ts). Past the wait, or refused for another reason (a wrong password), the start
 * fails with a StartRefusal: one line, exit 1 (docs/deploy.md step 4, docs/operations.md "Health and metrics").
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp, errorHandler } from './app';
import type { Config } from './config';
import { DatabaseUnavailableError } from './db/faults';
import { type Db, type UnavailableAttempt, createDb } from './db/index';
import { SchemaNewerThanBuildError, migrationsFor, runMigrations } from './db/migrations';
import { type EventBus, createInProcessBus } from './events/bus';
import { createPgEventBus } from './events/pg-bus';
import { createBackgroundJobs } from './jobs';
import { createTonNodeClient } from './lib/ton-node';
import { type ProcessLog, processLog } from './lib/process-log';
import type { Unready } from './observability/health';
import { Metrics } from './observability/metrics';
import { type StartingServer, listenWhileStarting } from './observability/starting';

export interface RunningServer {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  address: string;
  close(): Promise<void>;
}

/**
 * A start that cannot go on (the database never answered, or refused; its schema is newer than this build):
 * main.ts prints its message, exits 1.
 */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}

export async function startServer(config: Config): Promise<RunningServer> {
  const { faults } = config;
  // One registry for the app, the jobs, the node client and the probes while the start waits.
  const metrics = new Metrics();
  let starting: StartingServer | undefined;
  let phase: Unready = 'database';
  const onUnavailable = async ({ attempt, error, retryInMs, leftMs }: UnavailableAttempt) => {
    starting ??= await listenWhileStarting({ config, metrics, phase: () => phase, errorHandler });
    starting.log.warn(
      { attempt, retryInMs, giveUpInS: Math.round(leftMs / 1000), reason: error.message, listen: starting.address },
      'database not reachable yet: trying again',
    );
  };
  let db: Db;
  try {
    db = await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      timeouts: {
        connectMs: faults.databaseConnectTimeoutMs,
        statementMs: faults.databaseStatementTimeoutMs,
        idleInTransactionMs: faults.databaseIdleInTransactionTimeoutMs,
      },
      startWait: { timeoutMs: faults.databaseStartTimeoutSeconds * 1000, onUnavailable },
    });
  } catch (error) {
    await starting?.close();
    throw startRefusal(error, config);
  }
  phase = 'starting';
  let closeBus: () => Promise<void> = async () => undefined;
  try {
    const applied = await runMigrations(db, migrationsFor(config.mode)).catch((error: unknown) => {
      throw error instanceof SchemaNewerThanBuildError ? new StartRefusal(`Cannot start: ${error.message}`) : error;
    });
    // One bus for the app's sockets and the jobs' events: across processes on Postgres (LISTEN/NOTIFY),
    // in this process on PGlite (one process by nature).
    let log: Pick<FastifyInstance['log'], 'warn' | 'info'> | undefined;
    const pgBus = config.databaseUrl
      ? createPgEventBus({
          connectionString: config.databaseUrl,
          db,
          onError: (error, context) => log?.warn({ err: error }, context),
          onReconnected: () => log?.info('event listener reconnected: sockets told to resync'),
        })
      : null;
    const bus: EventBus = pgBus ?? createInProcessBus();
    closeBus = async () => pgBus?.close();
    // Listening before serving: a socket opened now hears every event committed after it.
    // (Bounded: a listener still reconnecting after 10 s keeps trying while the server serves.)
    if (pgBus) await Promise.race([pgBus.ready(), sleep(10_000)]);
    // One node client for the app and the jobs: every node call of this process keeps one pace (TON_API_RPS).
    const tonClient = createTonNodeClient(config, { onError: metrics.nodeError });
    const app = await buildApp({ config, db, bus, tonClient, metrics });
    log = app.log;
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    // The probes' listener hands the port over (PORT=0 picked it): a probe in between may be refused.
    const port = starting?.port ?? config.port;
    await starting?.close();
    starting = undefined;
    const address = await app.listen({ port, host: config.host });
    // After listen: in the sandbox the treasury watcher reads the dev chain over this server's HTTP.
    const jobs = createBackgroundJobs({
      config,
      db,
      bus,
      log: app.log,
      hotWallet: app.hotWallet,
      botApi: app.botApi,
      tonClient,
      metrics,
    });
    jobs.start();
    let closing: Promise<void> | undefined;
    return {
      app,
      address,
      /*
       * Graceful shutdown (docs/operations.md "Shutdown"): new requests get 503 {msg} and every answer closes its
       * connection, so clients and balancers move on; a moment later the server stops listening, running
       * requests and their transactions finish, sockets are closed with SOCKET_CLOSE.restart, the jobs stop
       * after their current run (its advisory lock is a transaction lock: released as the run ends), and
       * the database closes last.
       */
      close: () =>
        (closing ??= (async () => {
          app.startDraining();
          const jobsStopped = jobs.stop();
          await app.drained(SHUTDOWN_DRAIN_MS, SHUTDOWN_DRAIN_MAX_MS);
          await app.close();
          await jobsStopped;
          await closeBus();
          await db.close();
        })()),
    };
  } catch (error) {
    await starting?.close().catch(() => undefined);
    await closeBus().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The first connection's failure as one line: unreachable for the whole wait, or refused (a wrong password,
 * no such database: a pg error with its SQLSTATE). The message is the driver's, which never carries the
 * password. Anything else (a bug, a PGlite failure) stays itself, with its stack.
 */
function startRefusal(error: unknown, config: Config): unknown {
  if (error instanceof DatabaseUnavailableError) {
    return new StartRefusal(
      `Cannot start: the database did not answer within DATABASE_START_TIMEOUT_SECONDS ` +
        `(${config.faults.databaseStartTimeoutSeconds} s): ${error.message}`,
    );
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (config.databaseUrl && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return new StartRefusal(
      `Cannot start: the database refused the connection (check DATABASE_URL): ${(error as Error).message}`,
    );
  }
  return error;
}

/**
 * After draining starts, the server stops listening once no request has arrived for this long: a
 * keep-alive connection idle at the signal carries its next request to a 503 with `Connection: close`
 * instead of being cut under it.
 */
export const SHUTDOWN_DRAIN_MS = 300;
/** …or this long after the signal, if requests keep arriving (a balancer that was not told). */
export const SHUTDOWN_DRAIN_MAX_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ctrl-C / SIGTERM: stop accepting, finish, close the database, exit 0; a second signal exits at once
 * (130), and so does a shutdown still running after `timeoutMs` (1). Said in `log`'s format (JSON in production).
 */
export function onShutdownSignal(stop: () => Promise<void>, timeoutMs = 0, log: ProcessLog = processLog('text')): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info(`${signal}: shutting down…`, { signal });
    if (timeoutMs > 0) {
      setTimeout(() => {
        log.error(`still shutting down after ${timeoutMs} ms: exiting`, { timeoutMs });
        process.exit(1);
      }, timeoutMs).unref();
    }
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('shutdown failed', { err: error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  // A cluster worker stops when its primary says so (SIGTERM): Ctrl-C reaches the whole process group,
  // and the primary's SIGTERM right after it would otherwise be taken as a second signal (exit at once).
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
  else process.on('SIGINT', handler);
}
