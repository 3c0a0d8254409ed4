/**
 * Notifications that reach users outside the app, through the bot's chat (docs/decisions.md
 * "Notifications"). Two halves around a Postgres outbox (migration 0022):
 *
 *  - `notify(q, …)`: the causing service writes a row in its own transaction (the same `q`), so a change
 *    that rolls back tells nobody and one that commits is never lost; the event's dedupe key makes a second
 *    write of the same event one row.
 *  - `sendDueNotifications`: the notifications job (jobs.ts, one process at a time) sends the due rows with
 *    sendMessage, within the Bot API's limits, only to users who allow it; the others' rows are closed
 *    unsent with the reason.
 *
 * Exactly once: a row is claimed (claimed_at, SKIP LOCKED) in one statement, sent, then marked sent. A
 * process that stops between the claim and the answer leaves a claimed row that is never sent again: at
 * most once for that one message (closeAbandoned closes it as failed), exactly once for every other.
 * A send with no answer is retried (the brief's choice for network failures): a timeout after Telegram took
 * the message can therefore show it twice, the one case beside the crash.
 */
import {
  NOTIFICATIONS_ABANDONED_AFTER_MS,
  NOTIFICATIONS_BACKOFF_BASE_MS,
  NOTIFICATIONS_CHAT_GAP_MS,
  NOTIFICATIONS_MAX_ATTEMPTS,
  NOTIFICATIONS_PER_RUN,
  NOTIFICATIONS_PER_SECOND,
  NOTIFICATIONS_RUN_BUDGET_MS,
} from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { BotApiError } from '../lib/bot-api';
import {
  type ClaimedNotification,
  type NewNotification,
  type NotificationKind,
  claimNext,
  closeAbandoned,
  insertNotification,
  insertNotifications,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  markUserBlocked,
  nextSendableAt,
  pauseUntil,
  pausedUntil,
  sendsSince,
} from './queries';
import { renderMessage } from './texts';

export type { NewNotification, NotificationKind, NotificationParams } from './queries';
export { NOTIFICATION_KINDS } from './queries';

/**
 * Queues a notification in the caller's transaction; true when it wrote a row (false: the event had one).
 * Generic over the kind, so the params are checked against it.
 */
export async function notify<K extends NotificationKind>(q: Queryable, n: NewNotification<K>): Promise<boolean> {
  return insertNotification(q, n);
}

/** notify for many events in one statement (a payout batch confirmed); how many rows it wrote. */
export async function notifyMany(q: Queryable, list: readonly NewNotification[]): Promise<number> {
  return insertNotifications(q, list);
}

/** How one row ended in a run (the metric's `outcome`). */
export const SEND_OUTCOMES = ['sent', 'skipped', 'retry', 'rate_limited', 'blocked', 'failed'] as const;
export type SendOutcome = (typeof SEND_OUTCOMES)[number];

export interface SendLimits {
  perSecond: number;
  chatGapMs: number;
  perRun: number;
  runBudgetMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = {
  perSecond: NOTIFICATIONS_PER_SECOND,
  chatGapMs: NOTIFICATIONS_CHAT_GAP_MS,
  perRun: NOTIFICATIONS_PER_RUN,
  runBudgetMs: NOTIFICATIONS_RUN_BUDGET_MS,
  maxAttempts: NOTIFICATIONS_MAX_ATTEMPTS,
  backoffBaseMs: NOTIFICATIONS_BACKOFF_BASE_MS,
};

export interface NotificationSender {
  deps: Pick<Deps, 'db' | 'config' | 'botApi'>;
  /** Milliseconds now; every time the outbox stores or compares comes from here (tests pass a fake one). */
  now: () => number;
  /** Waits `ms` (tests advance their fake clock instead). */
  sleep: (ms: number) => Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  limits?: Partial<SendLimits>;
  /** Each row's outcome (the metrics, server/observability). */
  onOutcome?: ((kind: NotificationKind, outcome: SendOutcome) => void) | undefined;
}

export interface SendRun {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  /** A 429 paused every send (this run stopped there), or the pause of an earlier one was still on. */
  paused: boolean;
  /** Claimed rows of a stopped process closed by this run. */
  abandoned: number;
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run: due rows, oldest first, each claimed just before it is sent (so a crash cuts off at most the
 * message in flight). Paced in the database, so the pace holds across runs and processes: at most
 * `perSecond` claims in any second, and none for a chat claimed within `chatGapMs`. A run waits for the pace
 * (through `sleep`) up to its budget, then ends; the next run goes on.
 */
export async function sendDueNotifications(sender: NotificationSender): Promise<SendRun> {
  const limits = { ...DEFAULT_SEND_LIMITS, ...sender.limits };
  const { db } = sender.deps;
  const at = () => new Date(sender.now());
  const run: SendRun = { sent: 0, skipped: 0, retried: 0, failed: 0, paused: false, abandoned: 0 };
  const deadline = sender.now() + limits.runBudgetMs;
  run.abandoned = await closeAbandoned(db, new Date(sender.now() - NOTIFICATIONS_ABANDONED_AFTER_MS), at());
  if (run.abandoned > 0)
    sender.log.error({ abandoned: run.abandoned }, 'notifications cut off mid-send: not sent again');

  const settings = {
    publicUrl: sender.deps.config.publicUrl,
    tonNetwork: sender.deps.config.tonNetwork,
    sandbox: sender.deps.config.mode === 'sandbox',
  };
  /** Waits `ms` if the run's budget allows; false when it does not (the run ends). */
  const wait = async (ms: number): Promise<boolean> => {
    if (sender.now() + ms > deadline) return false;
    await sender.sleep(ms);
    return true;
  };

  for (let handled = 0; handled < limits.perRun;) {
    const pause = await pausedUntil(db);
    if (pause && pause.getTime() > sender.now()) {
      run.paused = true;
      break;
    }
    const window = await sendsSince(db, new Date(sender.now() - 1_000));
    if (window.count >= limits.perSecond && window.oldest) {
      // The oldest send of the last second leaves the window then.
      if (!(await wait(Math.max(1, window.oldest.getTime() + 1_000 - sender.now())))) break;
      continue;
    }
    const row = await claimNext(db, at(), limits.chatGapMs);
    if (!row) {
      const next = await nextSendableAt(db, limits.chatGapMs);
      // Nothing waiting, or only rows another sender holds: the run is done.
      if (!next || next.getTime() <= sender.now()) break;
      if (!(await wait(Math.ceil(next.getTime() - sender.now())))) break;
      continue;
    }
    handled++;
    const outcome = await sendOne(sender, limits, settings, row);
    sender.onOutcome?.(row.kind, outcome);
    if (outcome === 'sent') run.sent++;
    else if (outcome === 'skipped') run.skipped++;
    else if (outcome === 'retry' || outcome === 'rate_limited') run.retried++;
    else run.failed++;
    if (outcome === 'rate_limited') {
      run.paused = true;
      break;
    }
  }
  return run;
}

async function sendOne(
  sender: NotificationSender,
  limits: SendLimits,
  settings: Parameters<typeof renderMessage>[1],
  row: ClaimedNotification,
): Promise<SendOutcome> {
  const { db, botApi } = sender.deps;
  const now = () => new Date(sender.now());
  if (!row.allowed) {
    // Never sent: closed with the reason, and not counted as a send in the pace (no claim left behind).
    await markSkipped(db, row.id, now(), `not sent: ${row.not_allowed ?? 'not allowed'}`);
    return 'skipped';
  }
  let message: Record<string, unknown>;
  try {
    message = renderMessage(
      { kind: row.kind, params: row.params, telegramId: row.telegram_id, languageCode: row.language_code },
      settings,
    );
  } catch (error) {
    await markFailed(db, row.id, now(), `cannot render: ${String(error)}`);
    return 'failed';
  }
  try {
    await botApi.call('sendMessage', message);
  } catch (error) {
    if (!(error instanceof BotApiError)) {
      await markFailed(db, row.id, now(), String(error));
      return 'failed';
    }
    const why = `${error.errorCode} ${error.description}`;
    if (error.errorCode === 429) {
      // Telegram's flood control: this row and every other send wait retry_after, in every process.
      const until = new Date(sender.now() + (error.retryAfterSeconds ?? 1) * 1_000);
      await markRetry(db, row.id, until, why);
      await pauseUntil(db, until);
      sender.log.warn({ retryAfter: error.retryAfterSeconds }, 'Bot API rate limit: notifications paused');
      return 'rate_limited';
    }
    if (error.errorCode === 0 || error.errorCode >= 500) {
      if (row.attempts >= limits.maxAttempts) {
        await markFailed(db, row.id, now(), `gave up after ${row.attempts} attempts: ${why}`);
        return 'failed';
      }
      const backoff = limits.backoffBaseMs * 2 ** (row.attempts - 1);
      await markRetry(db, row.id, new Date(sender.now() + backoff), why);
      return 'retry';
    }
    if (error.errorCode === 403) {
      // Blocked by the user (or never started): nothing more goes to them until /start clears it.
      await db.tx(async (q) => {
        await markUserBlocked(q, row.user_id, now());
        await markFailed(q, row.id, now(), why);
      });
      return 'blocked';
    }
    await markFailed(db, row.id, now(), why);
    return 'failed';
  }
  await markSent(db, row.id, now());
  return 'sent';
}
