/**
 * Starts the whole server from a config: database, migrations, app, listen, background jobs. Shared by
 * main.ts and dev.ts.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { createDb } from './db/index';
import { runMigrations } from './db/migrations';
import { createInProcessBus } from './events/bus';
import { createBackgroundJobs } from './jobs';

export interface RunningServer {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  address: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  try {
    const applied = await runMigrations(db);
    // One bus for the app's sockets and the jobs' events.
    const bus = createInProcessBus();
    const app = await buildApp({ config, db, bus });
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    const address = await app.listen({ port: config.port, host: config.host });
    // After listen: in the sandbox the treasury watcher reads the dev chain over this server's HTTP.
    const jobs = createBackgroundJobs({ config, db, bus, log: app.log, hotWallet: app.hotWallet });
    jobs.start();
    let closing: Promise<void> | undefined;
    return {
      app,
      address,
      close: () =>
        (closing ??= (async () => {
          await jobs.stop();
          await app.close();
          await db.close();
        })()),
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** Ctrl-C / SIGTERM: stop accepting, finish, close the database; a second signal exits at once. */
export function onShutdownSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
