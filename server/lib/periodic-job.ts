/**
 * Background jobs (treasury watcher, settlement): a function run every `intervalMs`, startable and
 * stoppable, and callable directly with `runOnce()` so tests never wait for real time.
 *
 * When several server processes share one Postgres, only one of them runs a job at a time: each run
 * holds `pg_try_advisory_xact_lock(lockKey)` in a transaction of its own connection while the job's
 * work runs on other connections; a process that does not get the lock skips that run. PGlite is one
 * process (and one connection, which the job's own transactions need), so there the lock is skipped.
 */
import type { Db } from '../db/index';
import { tryRunLock } from './queries';

export interface PeriodicJob {
  readonly name: string;
  /** Runs now (or after firstRunDelayMs) and then every intervalMs (after the previous run ends) until stop(). Idempotent. */
  start(): void;
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now; a run already in progress is awaited instead. False when another process holds the lock. */
  runOnce(): Promise<boolean>;
}

export interface PeriodicJobOptions {
  name: string;
  intervalMs: number;
  db: Db;
  /** Advisory lock key, unique per job. */
  lockKey: number;
  /** Delay of the first run after start() (default 0: at once). */
  firstRunDelayMs?: number;
  run(): Promise<void>;
  /** A failed run is reported here; the next run is scheduled as usual. */
  onError(error: unknown): void;
  /** Told how every run ended, runOnce() calls included (the metrics, server/observability). */
  observer?: JobObserver | undefined;
}

/** How a run ended: `ok`, `failed` (it threw), or `skipped` (another process held the lock). */
export const JOB_OUTCOMES = ['ok', 'failed', 'skipped'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/**
 * Told of each job as it is created, and of how each of its runs ended. Handed in by the composition root,
 * so this module knows no metrics.
 */
export interface JobObserver {
  /** The job exists in this process (before its first run): its figures start from here. */
  created(job: string): void;
  ran(job: string, outcome: JobOutcome): void;
}

/** Runs `fn` unless another process holds `lockKey` (Postgres); returns whether it ran. */
export async function runExclusively(db: Db, lockKey: number, fn: () => Promise<void>): Promise<boolean> {
  if (db.kind === 'pglite') {
    await fn();
    return true;
  }
  return db.tx(async (q) => {
    if (!(await tryRunLock(q, lockKey))) return false;
    await fn();
    return true;
  });
}

export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  options.observer?.created(options.name);
  let current: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const runOnce = (): Promise<boolean> => {
    current ??= runExclusively(options.db, options.lockKey, options.run)
      .then(
        (ran) => {
          options.observer?.ran(options.name, ran ? 'ok' : 'skipped');
          return ran;
        },
        (error: unknown) => {
          options.observer?.ran(options.name, 'failed');
          throw error;
        },
      )
      .finally(() => {
        current = null;
      });
    return current;
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((error: unknown) => options.onError(error))
        .finally(() => {
          if (running) schedule(options.intervalMs);
        });
    }, delayMs);
    // A pending poll never keeps the process (or a test run) alive.
    timer.unref();
  };

  return {
    name: options.name,
    start() {
      if (running) return;
      running = true;
      schedule(options.firstRunDelayMs ?? 0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
    runOnce,
  };
}
