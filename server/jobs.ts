/**
 * Every periodic job, composed here and nowhere else: the treasury watcher, the
 * settlement run, the payout worker, the notifications sender and (sandbox) the price's random walk. Built from the same database and event bus as the app, started by start.ts after the
 * server listens (in the sandbox the watcher reads the dev chain over this very server's HTTP), stopped
 * before it closes. Tests build the pieces directly and call runOnce(); nothing here runs on import.
 *
 * The jobs orchestrate domains through their services: the settlement run is mint's expiry and
 * maturity, then staking's completions and bonuses; the watcher (watcher/service.ts) applies payments.
 */
import type { TonClient } from '@ton/ton';
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredRefreshTokens } from './auth/queries';
import { purgeHandledUpdates } from './telegram/service';
import { purgeOperatorSessions } from './operators/service';
import type { Config } from './config';
import {
  NOTIFICATIONS_INTERVAL_MS,
  PAYOUT_INTERVAL_MS,
  PAYOUT_SANDBOX_INTERVAL_MS,
  REFRESH_TOKEN_PURGE_INTERVAL_MS,
  SETTLEMENT_INTERVAL_MS,
  TREASURY_MAX_PAGES_PER_POLL,
  TREASURY_PAGE_SIZE,
  TREASURY_POLL_INTERVAL_MS,
} from './constants';
import type { Db } from './db/index';
import type { Deps, HotWalletKeys } from './deps';
import type { EventBus } from './events/bus';
import { unixNow } from './lib/codes';
import { createTonNodeClient } from './lib/ton-node';
import { type PeriodicJob, type PeriodicJobOptions, createPeriodicJob as createJob } from './lib/periodic-job';
import type { Metrics } from './observability/metrics';
import type { BotApi } from './lib/bot-api';
import { realSleep, sendDueNotifications } from './notifications/service';
import { expirePendingMints, matureActiveMints } from './mint/service';
import { createPriceWalk } from './price/service';
import { completeDueStakes, settleBonuses } from './staking/service';
import { type TreasuryNode, createTreasuryWatcher } from './watcher/service';
import { type PayoutNode, type PayoutStepResult, createHotWallet, runPayoutStep } from './withdraw/worker';
import { HotWalletKindRefused, hotWalletKindRefusal } from './withdraw/worker/kind-guard';

export interface SettlementResult {
  expiredMints: number;
  maturedMints: number;
  completedStakes: number;
  collectiveChanged: boolean;
  holdChanged: number;
}

/**
 * The settlement run (every SETTLEMENT_INTERVAL_MS, one process at a time): everything that happens
 * because time passed. Each step is idempotent and works in short transactions of its own.
 *  1. pending mints past their payment window → canceled ('expired')
 *  2. active mints past tariff_days → completed, expected_token paid
 *  3. stakes that reached max_reward → completed, total_amount + max_reward paid
 *  4. collective bonus from the total active stake (global:collective_bonus when it changes)
 *  5. hold bonuses that crossed a step (user:balance), with their stakes retuned (user:staking)
 */
export async function runSettlement(deps: Pick<Deps, 'db' | 'bus' | 'config'>, now: number): Promise<SettlementResult> {
  const expiredMints = await expirePendingMints(deps, now);
  const maturedMints = await matureActiveMints(deps, now);
  const completedStakes = await completeDueStakes(deps, now);
  const { collectiveChanged, holdChanged } = await settleBonuses(deps, now);
  return { expiredMints, maturedMints, completedStakes, collectiveChanged, holdChanged };
}

/** Advisory lock keys (arbitrary, unique): one watcher and one settlement run across all processes. */
export const TREASURY_WATCHER_LOCK_KEY = 7_402_116_004;
export const SETTLEMENT_LOCK_KEY = 7_402_116_005;
/** One payout sender per hot wallet across all processes (there is one hot wallet). */
export const PAYOUT_LOCK_KEY = 7_402_116_006;
/** One random-walk tick at a time across all processes (sandbox only). */
export const PRICE_WALK_LOCK_KEY = 7_402_116_007;
/** One purge of expired refresh tokens at a time across all processes. */
export const SESSION_PURGE_LOCK_KEY = 7_402_116_008;
/** One notification sender across all processes: the Bot API's pace is the bot's, not a process's. */
export const NOTIFICATIONS_LOCK_KEY = 7_402_116_009;
/** Steps one payout run takes at most (sign, send, confirm… for several batches) before it yields. */
export const PAYOUT_STEPS_PER_RUN = 20;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface BackgroundJobsOptions {
  config: Config;
  db: Db;
  bus: EventBus;
  log: Log;
  /**
   * The process's node client (server/lib/ton-node.ts: toncenter v2 JSON-RPC at config.tonNodeUrl, the dev
   * chain in the sandbox), shared with the app (start.ts); default: one of the jobs' own. The watcher's and
   * the payout worker's node unless `node` / `payoutNode` say otherwise.
   */
  tonClient?: TonClient;
  node?: TreasuryNode;
  /** Unix seconds now (default the system clock). */
  clock?: () => number;
  /** The payout hot wallet (app.hotWallet); null or absent: no payout job. */
  hotWallet?: HotWalletKeys | null;
  payoutNode?: PayoutNode;
  /** The bot's Bot API (app.botApi); absent: no notifications job (tests that do not need it). */
  botApi?: BotApi;
  /** The process's metrics (start.ts): every job's runs, the watcher's lag, the hot wallet's balance. */
  metrics?: Metrics;
}

export interface BackgroundJobs {
  /** Null when no treasury address is configured (nothing to watch). */
  watcher: PeriodicJob | null;
  settlement: PeriodicJob;
  /** Null when payouts are off. */
  payouts: PeriodicJob | null;
  /** The sandbox's random walk of the price; null when PRICE_TICK_MS is 0 (always in production). */
  priceWalk: PeriodicJob | null;
  /** Deletes expired refresh tokens (hourly). */
  sessionPurge: PeriodicJob;
  /** Sends the notifications outbox through the bot; null without a Bot API. */
  notifications: PeriodicJob | null;
  start(): void;
  stop(): Promise<void>;
}

export function createBackgroundJobs(options: BackgroundJobsOptions): BackgroundJobs {
  const { config, db, bus, log, metrics } = options;
  const createPeriodicJob = (job: PeriodicJobOptions) => createJob({ ...job, observer: metrics?.jobs });
  const clock = options.clock ?? unixNow;
  const deps = { config, db, bus };
  // One client for both jobs: one pace and one backoff for the node's rate (the app's calls too, via start.ts).
  const tonClient = options.tonClient ?? createTonNodeClient(config, { onError: metrics?.nodeError });

  let watcher: PeriodicJob | null = null;
  if (config.treasuryAddress) {
    const treasury = createTreasuryWatcher({
      deps,
      node: options.node ?? tonClient,
      clock,
      log,
      pageSize: TREASURY_PAGE_SIZE,
      maxPagesPerPoll: TREASURY_MAX_PAGES_PER_POLL,
      onLag: metrics?.watcherLag(config.treasuryAddress),
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

  let payouts: PeriodicJob | null = null;
  if (options.hotWallet && config.payoutsEnabled) {
    const wallet = createHotWallet(options.hotWallet, config.tonNetwork);
    // Checked once before the first step (kind-guard.ts): a refusal is logged once and checked again each run.
    let kindChecked = false;
    let kindRefusal: string | null = null;
    const worker = {
      deps,
      node: options.payoutNode ?? tonClient,
      wallet,
      log,
      onBalance: metrics?.hotWalletBalance(wallet.address.toString({ urlSafe: true, bounceable: true })),
    };
    payouts = createPeriodicJob({
      name: 'payouts',
      intervalMs: config.mode === 'sandbox' ? PAYOUT_SANDBOX_INTERVAL_MS : PAYOUT_INTERVAL_MS,
      db,
      lockKey: PAYOUT_LOCK_KEY,
      run: async () => {
        if (!kindChecked) {
          // The sandbox's hot wallet is its own (a new one on a new kind is just a new dev wallet).
          const refusal = await hotWalletKindRefusal(
            db,
            wallet,
            config.hotWalletVersionSet || config.mode === 'sandbox',
          );
          if (refusal !== null) {
            if (refusal !== kindRefusal) log.error({ wallet: wallet.address.toRawString() }, refusal);
            kindRefusal = refusal;
            // A failed run (logged once above), so PayoutsNotRunning fires while it lasts.
            throw new HotWalletKindRefused(refusal);
          }
          kindChecked = true;
        }
        await runPayoutSteps(worker, clock, PAYOUT_STEPS_PER_RUN);
      },
      onError: (error) => {
        if (!(error instanceof HotWalletKindRefused)) log.error({ err: error }, 'payout step failed');
      },
    });
  }

  let priceWalk: PeriodicJob | null = null;
  if (config.priceTickMs > 0) {
    const step = createPriceWalk(deps);
    priceWalk = createPeriodicJob({
      name: 'price-walk',
      intervalMs: config.priceTickMs,
      // The first step one period after start, like every later one.
      firstRunDelayMs: config.priceTickMs,
      db,
      lockKey: PRICE_WALK_LOCK_KEY,
      run: async () => {
        await step();
      },
      onError: (error) => log.error({ err: error }, 'price walk tick failed'),
    });
  }

  // Expired refresh tokens can never refresh again: deleted hourly, with the bot's old updates.
  const sessionPurge = createPeriodicJob({
    name: 'session-purge',
    intervalMs: REFRESH_TOKEN_PURGE_INTERVAL_MS,
    db,
    lockKey: SESSION_PURGE_LOCK_KEY,
    run: async () => {
      const purged = await purgeExpiredRefreshTokens(db);
      if (purged > 0) log.info({ purged }, 'expired refresh tokens purged');
      // The bot's handled updates, which no retry can bring again: the same hourly sweep.
      const updates = await purgeHandledUpdates(db);
      if (updates > 0) log.info({ purged: updates }, 'old telegram updates purged');
      // Operator sessions a day past their end (the audit keeps who acted by name).
      await purgeOperatorSessions(db);
    },
    onError: (error) => log.error({ err: error }, 'refresh token purge failed'),
  });

  let notifications: PeriodicJob | null = null;
  if (options.botApi) {
    const sender = {
      deps: { config, db, botApi: options.botApi },
      now: Date.now,
      sleep: realSleep,
      log,
      onOutcome: metrics?.notificationSent,
    };
    notifications = createPeriodicJob({
      name: 'notifications',
      intervalMs: NOTIFICATIONS_INTERVAL_MS,
      db,
      lockKey: NOTIFICATIONS_LOCK_KEY,
      run: async () => {
        await sendDueNotifications(sender);
      },
      onError: (error) => log.error({ err: error }, 'notifications run failed'),
    });
  }

  return {
    watcher,
    settlement,
    payouts,
    priceWalk,
    sessionPurge,
    notifications,
    start() {
      watcher?.start();
      settlement.start();
      payouts?.start();
      priceWalk?.start();
      sessionPurge.start();
      notifications?.start();
    },
    async stop() {
      await Promise.all([
        watcher?.stop(),
        settlement.stop(),
        payouts?.stop(),
        priceWalk?.stop(),
        sessionPurge.stop(),
        notifications?.stop(),
      ]);
    },
  };
}

/**
 * Payout steps until there is nothing to do right now (sent and waiting for the chain, held, idle, refused,
 * short of balance) or `maxSteps` ran; each step is one unit of work (withdraw/worker).
 */
export async function runPayoutSteps(
  worker: Parameters<typeof runPayoutStep>[0],
  clock: () => number,
  maxSteps: number,
): Promise<PayoutStepResult[]> {
  const results: PayoutStepResult[] = [];
  const progress = new Set<PayoutStepResult['kind']>(['signed', 'resigned', 'confirmed', 'expired', 'bounced']);
  for (let i = 0; i < maxSteps; i++) {
    const result = await runPayoutStep(worker, clock());
    results.push(result);
    if (!progress.has(result.kind)) break;
  }
  return results;
}
