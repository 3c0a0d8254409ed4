/**
 * The money loop's background jobs (issue #4): the treasury watcher and the settlement run. Built
 * from the same database and event bus as the app, started by start.ts after the server listens (in
 * the sandbox the watcher reads the dev chain over this very server's HTTP), stopped before it closes.
 * Tests build the pieces directly and call runOnce(); nothing here runs on import.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createTonNodeClient } from '@/shared/api/ton-node/client';
import type { Config } from './config';
import { SETTLEMENT_INTERVAL_MS, TREASURY_MAX_PAGES_PER_POLL, TREASURY_PAGE_SIZE, TREASURY_POLL_INTERVAL_MS } from './constants';
import type { Db } from './db/index';
import type { EventBus } from './events/bus';
import { unixNow } from './lib/codes';
import { type PeriodicJob, createPeriodicJob } from './lib/periodic-job';
import { runSettlement } from './staking/settlement';
import { type TreasuryNode, createTreasuryWatcher } from './watcher/service';

/** Advisory lock keys (arbitrary, unique): one watcher and one settlement run across all processes. */
export const TREASURY_WATCHER_LOCK_KEY = 7_402_116_004;
export const SETTLEMENT_LOCK_KEY = 7_402_116_005;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface BackgroundJobsOptions {
  config: Config;
  db: Db;
  bus: EventBus;
  log: Log;
  /** Default: a toncenter JSON-RPC client for config.tonNodeUrl. */
  node?: TreasuryNode;
  /** Unix seconds now (default the system clock). */
  clock?: () => number;
}

export interface BackgroundJobs {
  /** Null when no treasury address is configured (nothing to watch). */
  watcher: PeriodicJob | null;
  settlement: PeriodicJob;
  start(): void;
  stop(): Promise<void>;
}

export function createBackgroundJobs(options: BackgroundJobsOptions): BackgroundJobs {
  const { config, db, bus, log } = options;
  const clock = options.clock ?? unixNow;
  const deps = { config, db, bus };

  let watcher: PeriodicJob | null = null;
  if (config.treasuryAddress) {
    const treasury = createTreasuryWatcher({
      deps,
      node: options.node ?? createTonNodeClient({ url: config.tonNodeUrl }),
      clock,
      log,
      pageSize: TREASURY_PAGE_SIZE,
      maxPagesPerPoll: TREASURY_MAX_PAGES_PER_POLL,
    });
    watcher = createPeriodicJob({
      name: 'treasury-watcher',
      intervalMs: TREASURY_POLL_INTERVAL_MS,
      db,
      lockKey: TREASURY_WATCHER_LOCK_KEY,
      run: async () => {
        await treasury.poll();
      },
      onError: (error) => log.error({ err: error }, 'treasury watcher poll failed'),
    });
  } else {
    log.warn('TREASURY_ADDRESS is not set: mint payments are not watched');
  }

  const settlement = createPeriodicJob({
    name: 'settlement',
    intervalMs: SETTLEMENT_INTERVAL_MS,
    db,
    lockKey: SETTLEMENT_LOCK_KEY,
    run: async () => {
      const result = await runSettlement(deps, clock());
      if (Object.values(result).some(Boolean)) log.info(result, 'settlement');
    },
    onError: (error) => log.error({ err: error }, 'settlement run failed'),
  });

  return {
    watcher,
    settlement,
    start() {
      watcher?.start();
      settlement.start();
    },
    async stop() {
      await Promise.all([watcher?.stop(), settlement.stop()]);
    },
  };
}
