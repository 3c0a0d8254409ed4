/**
 * The notification tests' pieces: a Bot API that records sendMessage calls and answers as scripted, a fake
 * clock whose sleep moves it (no real waiting), users with the bot's permissions set directly, and the
 * outbox's rows.
 */
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/index';
import { type BotApi, BotApiError } from '../../server/lib/bot-api';
import {
  type NotificationKind,
  type NotificationSender,
  type SendLimits,
  notify,
  sendDueNotifications,
} from '../../server/notifications/service';
import { newTelegramId } from './helpers';

export interface SentMessage {
  chat_id: string;
  text: string;
  /** The fake clock's time of the call. */
  at: number;
  params: Record<string, unknown>;
}

/** A Bot API answering every sendMessage ok, unless `failNext` queued an error for the next calls. */
export function recordingBotApi(clock?: { now(): number }) {
  const sent: SentMessage[] = [];
  const failures: BotApiError[] = [];
  const api: BotApi = {
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      const failure = failures.shift();
      if (failure) throw failure;
      if (method === 'sendMessage') {
        sent.push({
          chat_id: String(params.chat_id),
          text: String(params.text),
          at: clock?.now() ?? Date.now(),
          params,
        });
      }
      return { message_id: sent.length } as T;
    },
  };
  return {
    api,
    sent,
    failNext(errorCode: number, description: string, retryAfterSeconds: number | null = null) {
      failures.push(new BotApiError('sendMessage', errorCode, description, retryAfterSeconds));
    },
  };
}

/**
 * Milliseconds that move only when a sender sleeps. It starts a minute ahead of the real clock: the outbox's
 * send_after is the database's now() at the insert, due by then.
 */
export function fakeClock(start = Date.now() + 60_000) {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

export const quietLog = { warn: () => undefined, error: () => undefined };

export function newSender(
  deps: { db: Db; config: Config; botApi: BotApi },
  clock: ReturnType<typeof fakeClock>,
  options: { limits?: Partial<SendLimits>; onOutcome?: NotificationSender['onOutcome'] } = {},
): { run: () => ReturnType<typeof sendDueNotifications> } {
  const sender: NotificationSender = {
    deps,
    now: clock.now,
    sleep: clock.sleep,
    log: quietLog,
    limits: options.limits,
    onOutcome: options.onOutcome,
  };
  return { run: () => sendDueNotifications(sender) };
}

export interface BotUser {
  id: number;
  telegramId: number;
}

/** A user row as sign-in leaves it, with the bot's permissions as given (default: allowed to write). */
export async function botUser(
  db: Db,
  options: { language?: string; allows?: boolean; started?: boolean; enabled?: boolean; blocked?: boolean } = {},
): Promise<BotUser> {
  const telegramId = newTelegramId();
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (telegram_id, first_name, language_code, ref_code, allows_write_to_pm, bot_started_at,
                        notifications_enabled, bot_blocked_at)
     VALUES ($1, 'Test', $2, $3, $4, CASE WHEN $5 THEN now() END, $6, CASE WHEN $7 THEN now() END) RETURNING id`,
    [
      telegramId,
      options.language ?? 'en',
      `n${telegramId}`,
      options.allows ?? true,
      options.started ?? false,
      options.enabled ?? true,
      options.blocked ?? false,
    ],
  );
  if (!row) throw new Error('user not created');
  return { id: row.id, telegramId };
}

let nextEvent = 1;
/** A committed event for `userId` (its own transaction): a friend joined. */
export async function queueFor(db: Db, userId: number): Promise<void> {
  const n = nextEvent++;
  await db.tx((q) =>
    notify(q, { userId, kind: 'referral_joined', params: { name: `Friend ${n}` }, dedupeKey: `test:${n}` }),
  );
}

export interface OutboxRow {
  id: string;
  user_id: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  dedupe_key: string;
  attempts: number;
  send_after: Date;
  claimed_at: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
}

export async function outbox(db: Db, userId?: number): Promise<OutboxRow[]> {
  return userId === undefined
    ? db.query<OutboxRow>('SELECT * FROM notifications ORDER BY id')
    : db.query<OutboxRow>('SELECT * FROM notifications WHERE user_id = $1 ORDER BY id', [userId]);
}
