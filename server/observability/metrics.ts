/**
 * The process's metrics, in Prometheus text through prom-client (docs/operations.md "Health and metrics").
 * One registry per Metrics, never prom-client's global one: tests build several apps in one process, and
 * each app's figures stay its own.
 *
 * Two ways in. Counters and the last-seen values are pushed by the code that sees them, through small
 * callbacks the composition roots hand over (app.ts, jobs.ts, start.ts): the periodic jobs' runs, node
 * call errors, rate-limit refusals, the watcher's lag, the hot wallet's balance. What is cheap to read is
 * read at scrape time instead (`watch`): the database pool, open sockets, the payout queue (one statement per
 * scrape, bounded by SCRAPE_QUERY_TIMEOUT_MS, which also says whether the database answers).
 *
 * For the alert rules (deploy/prometheus/alerts.yml, docs/operations.md "Alerts"):
 * - no label is one Prometheus sets on every series it scrapes (`job`, `instance`): the scrape would rename
 *   the app's to `exported_job`, and a rule reading it would match nothing. A job is its `worker`;
 * - every series a rule reads exists from the start, so a fault present from the start fires too, and
 *   `rate()` sees the first increase: counters at 0 for every label value known up front (each job's
 *   outcomes from the job's creation, node error kinds, notification kinds × outcomes, refusal reasons);
 *   a job's last success at 0 until its first success in this process (a restart is not a success: a job
 *   failing since the start is stale from the start, and a healthy one's first run ends within its first
 *   interval, long before a rule's `for:`); a value not read yet (the hot wallet's balance, the watcher's
 *   lag) NaN, which no comparison matches, rather than a made-up 0.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/index';
import { REFUSAL_REASONS, refusalOf } from '../http/refusals';
import { BUILD_INFO } from '../lib/build-info';
import { JOB_OUTCOMES, type JobObserver } from '../lib/periodic-job';
import { TON_NODE_ERROR_KINDS, type TonNodeErrorKind } from '../lib/ton-node';
import { withinMs } from '../lib/timeout';
import { NOTIFICATION_KINDS, SEND_OUTCOMES } from '../notifications/service';
import type { PayoutQueue } from '../withdraw/service';

/** The route label of a request no route matched (the not-found answer): never its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The payout queue's statement gives up after this long: a frozen database must not hang the scrape. */
export const SCRAPE_QUERY_TIMEOUT_MS = 1_000;
/** Seconds: from a cached read to a slow database call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NANOTONS_PER_TON = 1e9;

/** What the scrape reads for itself (app.ts hands it over). */
export interface MetricSources {
  /** The database pool now; absent on PGlite (no pool). */
  pool?: (() => PoolStats) | undefined;
  /** Open WebSocket clients of this process. */
  sockets: () => number;
  payoutQueue: () => Promise<PayoutQueue>;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly serverErrors: Counter;
  private readonly refusals: Counter<'reason'>;
  private readonly jobRuns: Counter<'worker' | 'outcome'>;
  private readonly jobLastSuccess: Gauge<'worker'>;
  private readonly nodeErrors: Counter<'kind'>;
  private readonly rateLimitRefusals: Counter<'limit' | 'per'>;
  private readonly watcherLagGauge: Gauge<'treasury'>;
  private readonly hotWalletBalanceGauge: Gauge<'wallet'>;
  private readonly notifications: Counter<'kind' | 'outcome'>;
  private sources: MetricSources | null = null;
  /** The payout queue as read for the scrape under way: one statement for both of its gauges. */
  private queueRead: Promise<PayoutQueue | null> | null = null;

  constructor() {
    const registers = [this.registry];
    // process_* and nodejs_*: CPU, memory, handles, GC, and the event loop's delay (nodejs_eventloop_lag_*,
    // from monitorEventLoopDelay).
    collectDefaultMetrics({ register: this.registry });
    const buildInfo = new Gauge({
      name: 'app_build_info',
      help: 'Always 1: the version (package.json), the commit the server was built from (empty from source) and Node',
      labelNames: ['version', 'commit', 'node'],
      registers,
    });
    buildInfo.set({ version: BUILD_INFO.version, commit: BUILD_INFO.commit ?? '', node: BUILD_INFO.node }, 1);
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, matched route pattern (unmatched: no route) and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.serverErrors = new Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status that no deliberate refusal explains: the server failed',
      registers,
    });
    this.refusals = new Counter({
      name: 'http_refusals_total',
      help: 'Requests refused 503 on purpose, by reason: draining, maintenance, overloaded, database (cannot answer), unready (/readyz)',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of REFUSAL_REASONS) this.refusals.inc({ reason }, 0);
    this.jobRuns = new Counter({
      name: 'job_runs_total',
      help: "Periodic job runs by worker (the job) and outcome: ok, failed, skipped (another process held the job's lock)",
      labelNames: ['worker', 'outcome'],
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: 'job_last_success_timestamp_seconds',
      help: 'Unix time of the last run of the job (worker) in this process that ended without an error; 0: none yet',
      labelNames: ['worker'],
      registers,
    });
    this.nodeErrors = new Counter({
      name: 'ton_node_errors_total',
      help: 'Failed TON node calls (each attempt) by kind: rate_limited (429), http, network, queue_full',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of TON_NODE_ERROR_KINDS) this.nodeErrors.inc({ kind }, 0);
    this.rateLimitRefusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Calls refused 429 by a rate limit, by limit name and what it counts (address or user)',
      labelNames: ['limit', 'per'],
      registers,
    });
    this.watcherLagGauge = new Gauge({
      name: 'treasury_watcher_lag_seconds',
      help: "Seconds the treasury watcher's processed transactions are behind the newest one it read (after its last poll here)",
      labelNames: ['treasury'],
      registers,
    });
    this.hotWalletBalanceGauge = new Gauge({
      name: 'hot_wallet_balance_ton',
      help: "The payout hot wallet's balance in TON, as the payout worker last read it in this process (NaN: not yet)",
      labelNames: ['wallet'],
      registers,
    });
    this.notifications = new Counter({
      name: 'notifications_sent_total',
      help: 'Notification rows the sender handled, by kind and outcome: sent, skipped (not allowed), retry, rate_limited, blocked, failed',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    for (const kind of NOTIFICATION_KINDS) {
      for (const outcome of SEND_OUTCOMES) this.notifications.inc({ kind, outcome }, 0);
    }
    const poolConnections = new Gauge({
      name: 'db_pool_connections',
      help: "The Postgres pool's connections by state: busy or idle",
      labelNames: ['state'],
      registers,
      collect: () => {
        const stats = this.sources?.pool?.();
        if (!stats) return;
        poolConnections.set({ state: 'busy' }, stats.total - stats.idle);
        poolConnections.set({ state: 'idle' }, stats.idle);
      },
    });
    const poolWaiting = new Gauge({
      name: 'db_pool_waiting',
      help: 'Callers waiting for a Postgres connection (every connection busy, the pool at its size)',
      registers,
      collect: () => {
        const stats = this.sources?.pool?.();
        if (stats) poolWaiting.set(stats.waiting);
      },
    });
    const sockets = new Gauge({
      name: 'ws_open_sockets',
      help: 'Open WebSocket connections to this process',
      registers,
      collect: () => {
        if (this.sources) sockets.set(this.sources.sockets());
      },
    });
    const withdrawals = new Gauge({
      name: 'payout_withdrawals',
      help: 'Withdrawals by open status: queued (to sign), sending (in a batch on its way), failed (for an operator)',
      labelNames: ['status'],
      registers,
      collect: async () => {
        const queue = await this.payoutQueue();
        // A database that cannot answer leaves no figure rather than a stale one.
        withdrawals.reset();
        if (!queue) return;
        for (const status of ['queued', 'sending', 'failed'] as const) withdrawals.set({ status }, queue[status]);
      },
    });
    const waiting = new Gauge({
      name: 'payout_withdrawals_waiting',
      help: 'Queued or sending withdrawals with a reason noted: the hot wallet short of balance, a refused send, a held batch',
      registers,
      collect: async () => {
        const queue = await this.payoutQueue();
        waiting.reset();
        if (queue) waiting.set(queue.waiting);
      },
    });
    const queuedTon = new Gauge({
      name: 'payout_withdrawals_queued_ton',
      help: 'TON of the queued withdrawals: what the hot wallet must cover next',
      registers,
      collect: async () => {
        const queue = await this.payoutQueue();
        queuedTon.reset();
        if (queue) queuedTon.set(Number(queue.queuedTon) / NANOTONS_PER_TON);
      },
    });
    const oldest = new Gauge({
      name: 'payout_withdrawals_oldest_seconds',
      help: 'Seconds the oldest queued or sending withdrawal has waited; 0 when none does',
      registers,
      collect: async () => {
        const queue = await this.payoutQueue();
        oldest.reset();
        if (queue) oldest.set(queue.oldestSeconds);
      },
    });
    const databaseUp = new Gauge({
      name: 'database_up',
      help: `1 when the database answered this scrape's statement within ${SCRAPE_QUERY_TIMEOUT_MS} ms, else 0`,
      registers,
      collect: async () => {
        if (this.sources) databaseUp.set((await this.payoutQueue()) ? 1 : 0);
      },
    });
  }

  /** The figures read at scrape time (app.ts, once). */
  watch(sources: MetricSources): void {
    this.sources = sources;
  }

  /** The Prometheus text of every metric, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    this.queueRead = null;
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /**
   * onResponse hook: the request under its route's pattern, never its raw URL (server/http/paths.ts); a
   * deliberate refusal (server/http/refusals.ts) by its reason, any other 5xx as a server error.
   */
  readonly observeRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    this.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const refusal = refusalOf(reply);
    if (refusal) this.refusals.inc({ reason: refusal.reason });
    else if (reply.statusCode >= 500) this.serverErrors.inc();
  };

  /** The periodic jobs' observer (server/lib/periodic-job.ts): a job's series from its creation on. */
  readonly jobs: JobObserver = {
    created: (worker) => {
      for (const outcome of JOB_OUTCOMES) this.jobRuns.inc({ worker, outcome }, 0);
      this.jobLastSuccess.set({ worker }, 0);
    },
    ran: (worker, outcome) => {
      this.jobRuns.inc({ worker, outcome });
      if (outcome === 'ok') this.jobLastSuccess.set({ worker }, Date.now() / 1000);
    },
  };

  /** The node client's error callback (server/lib/ton-node.ts). */
  readonly nodeError = (kind: TonNodeErrorKind): void => {
    this.nodeErrors.inc({ kind });
  };

  /** The rate limits' refusal callback (server/http/protection.ts). */
  readonly rateLimited = (limit: string, per: 'address' | 'user'): void => {
    this.rateLimitRefusals.inc({ limit, per });
  };

  /** The treasury watcher's lag callback (server/watcher/service.ts) for one treasury; NaN until its first poll. */
  watcherLag(treasury: string): (seconds: number) => void {
    this.watcherLagGauge.set({ treasury }, Number.NaN);
    return (seconds) => this.watcherLagGauge.set({ treasury }, seconds);
  }

  /** The notification sender's outcome callback (server/notifications). */
  readonly notificationSent = (kind: string, outcome: string): void => {
    this.notifications.inc({ kind, outcome });
  };

  /** The payout worker's balance callback (server/withdraw/worker) for one hot wallet; NaN until its first read. */
  hotWalletBalance(wallet: string): (nanotons: bigint) => void {
    this.hotWalletBalanceGauge.set({ wallet }, Number.NaN);
    return (nanotons) => this.hotWalletBalanceGauge.set({ wallet }, Number(nanotons) / NANOTONS_PER_TON);
  }

  /** The payout queue, read once for the gauges of one scrape; null when the database cannot answer. */
  private payoutQueue(): Promise<PayoutQueue | null> {
    const sources = this.sources;
    if (!sources) return Promise.resolve(null);
    this.queueRead ??= withinMs(sources.payoutQueue(), SCRAPE_QUERY_TIMEOUT_MS).catch(() => null);
    return this.queueRead;
  }
}
