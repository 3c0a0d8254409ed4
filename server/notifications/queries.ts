import type { Queryable } from '../db/index';

/** Every kind of notification (migration 0022's CHECK), with what its text needs. Amounts are decimal text. */
export interface NotificationParams {
  /** A payout reached the chain: the TON sent, the address paid, the transaction (hex) for the explorer. */
  payout_completed: { ton_amount: string; address: string; tx_hash: string | null };
  /** A payout failed and its tokens came back (an operator's refund, or the recipient bounced it). */
  payout_refunded: { token_amount: string; bounced: boolean };
  /**
   * A mint's payment arrived: the mint is active. `mint_id` is the row's id (the dedupe key's), `code` its
   * public id, the one the user sees (docs/decisions.md "Names and ids").
   */
  mint_active: { mint_id: number; code: string; ton_amount: string; token_amount: string };
  task_approved: { title_en: string; title_ru: string; reward: string };
  task_rejected: { title_en: string; title_ru: string; reason: string };
  /** Someone joined with the user's referral code. */
  referral_joined: { name: string };
  /** A referred friend paid a mint: the reward credited to the referral balance. */
  referral_reward: { name: string; token_amount: string };
  /** Someone activated the user's farm link. */
  farm_activated: { token_amount: string };
  /** A stake reached its reward: total and reward paid back; `code` is the stake's public id. */
  stake_completed: { stake_id: number; code: string; token_amount: string; reward: string };
}

export type NotificationKind = keyof NotificationParams;

/** Every kind, as a list (the metrics count each from the start); a record, so a new kind cannot be left out. */
const KINDS: Record<NotificationKind, true> = {
  payout_completed: true,
  payout_refunded: true,
  mint_active: true,
  task_approved: true,
  task_rejected: true,
  referral_joined: true,
  referral_reward: true,
  farm_activated: true,
  stake_completed: true,
};
export const NOTIFICATION_KINDS = Object.keys(KINDS) as NotificationKind[];

export interface NewNotification<K extends NotificationKind = NotificationKind> {
  userId: number;
  kind: K;
  params: NotificationParams[K];
  /** Names the event: the same event notified twice is one row. */
  dedupeKey: string;
}

/** Writes the row unless its event has one already; true when it wrote. */
export async function insertNotification(q: Queryable, n: NewNotification): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO notifications (user_id, kind, params, dedupe_key) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [n.userId, n.kind, JSON.stringify(n.params), n.dedupeKey],
  );
  return rows.length > 0;
}

/** insertNotification for many rows in one statement; how many it wrote (an event that had its row: none). */
export async function insertNotifications(q: Queryable, list: readonly NewNotification[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await q.query<{ id: string }>(
    `INSERT INTO notifications (user_id, kind, params, dedupe_key)
     SELECT n.user_id, n.kind, n.params::jsonb, n.dedupe_key
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS n(user_id, kind, params, dedupe_key)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      list.map((n) => n.userId),
      list.map((n) => n.kind),
      list.map((n) => JSON.stringify(n.params)),
      list.map((n) => n.dedupeKey),
    ],
  );
  return rows.length;
}

/** A claimed row with what sending it needs to know about its user. */
export interface ClaimedNotification {
  id: string;
  user_id: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  attempts: number;
  telegram_id: string;
  language_code: string;
  /** The user allows it now: switch on, bot not blocked, and the chat open (launch data or /start). */
  allowed: boolean;
  /** Why not, when not. */
  not_allowed: string | null;
}

/**
 * Claims the next due row whose chat had no send within the last `chatGapMs` (by `now`): its claimed_at set
 * and attempts counted, in one statement. SKIP LOCKED: two senders never take the same row.
 */
export async function claimNext(q: Queryable, now: Date, chatGapMs: number): Promise<ClaimedNotification | undefined> {
  const [row] = await q.query<ClaimedNotification>(
    `WITH next AS (
       SELECT n.id FROM notifications n
        WHERE n.claimed_at IS NULL AND n.sent_at IS NULL AND n.failed_at IS NULL AND n.send_after <= $1
          AND NOT EXISTS (SELECT 1 FROM notifications s
                           WHERE s.user_id = n.user_id AND s.claimed_at > $1::timestamptz - make_interval(secs => $2::double precision / 1000))
        ORDER BY n.send_after, n.id
        LIMIT 1
        FOR UPDATE OF n SKIP LOCKED
     ), claimed AS (
       UPDATE notifications n SET claimed_at = $1, attempts = n.attempts + 1
         FROM next WHERE n.id = next.id
       RETURNING n.id, n.user_id, n.kind, n.params, n.attempts
     )
     SELECT c.id::text AS id, c.user_id, c.kind, c.params, c.attempts, u.telegram_id::text AS telegram_id, u.language_code,
            (u.notifications_enabled AND u.bot_blocked_at IS NULL AND (u.allows_write_to_pm OR u.bot_started_at IS NOT NULL)) AS allowed,
            CASE WHEN NOT u.notifications_enabled THEN 'notifications switched off'
                 WHEN u.bot_blocked_at IS NOT NULL THEN 'the user blocked the bot'
                 WHEN NOT (u.allows_write_to_pm OR u.bot_started_at IS NOT NULL) THEN 'the user did not allow the bot to write'
            END AS not_allowed
       FROM claimed c JOIN users u ON u.id = c.user_id`,
    [now, chatGapMs],
  );
  return row;
}

/** When the next due row becomes sendable (its send_after, or its chat's pace), or undefined if none is waiting. */
export async function nextSendableAt(q: Queryable, chatGapMs: number): Promise<Date | undefined> {
  const [row] = await q.query<{ at: Date | null }>(
    `SELECT min(GREATEST(n.send_after,
              (SELECT max(s.claimed_at) FROM notifications s WHERE s.user_id = n.user_id)
                + make_interval(secs => $1::double precision / 1000))) AS at
       FROM notifications n
      WHERE n.claimed_at IS NULL AND n.sent_at IS NULL AND n.failed_at IS NULL`,
    [chatGapMs],
  );
  return row?.at ?? undefined;
}

/** Sends (claims) within the window ending at `now`: how many, and when the oldest of them was. */
export async function sendsSince(q: Queryable, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await q.query<{ count: number; oldest: Date | null }>(
    'SELECT count(*)::int AS count, min(claimed_at) AS oldest FROM notifications WHERE claimed_at > $1',
    [since],
  );
  return row ?? { count: 0, oldest: null };
}

export async function markSent(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE notifications SET sent_at = $2, last_error = NULL WHERE id = $1', [id, now]);
}

export async function markFailed(q: Queryable, id: string, now: Date, error: string): Promise<void> {
  await q.query('UPDATE notifications SET failed_at = $2, last_error = $3 WHERE id = $1', [id, now, error]);
}

/** Closed unsent (the user does not allow it), its claim undone: it counts as no send in the pace. */
export async function markSkipped(q: Queryable, id: string, now: Date, error: string): Promise<void> {
  await q.query('UPDATE notifications SET claimed_at = NULL, failed_at = $2, last_error = $3 WHERE id = $1', [
    id,
    now,
    error,
  ]);
}

/** Back into the queue (unclaimed) at `sendAfter`. */
export async function markRetry(q: Queryable, id: string, sendAfter: Date, error: string): Promise<void> {
  await q.query('UPDATE notifications SET claimed_at = NULL, send_after = $2, last_error = $3 WHERE id = $1', [
    id,
    sendAfter,
    error,
  ]);
}

/** The user blocked the bot (a 403): nothing more is sent to them until /start clears it. */
export async function markUserBlocked(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE users SET bot_blocked_at = $2 WHERE id = $1', [userId, now]);
}

/**
 * Claimed rows neither sent nor failed since before `before`: a process stopped between the claim and the
 * Bot API's answer. They are never sent again (the message may have gone out); they are closed as failed so
 * they show up, and counted.
 */
export async function closeAbandoned(q: Queryable, before: Date, now: Date): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `UPDATE notifications SET failed_at = $2, last_error = 'claimed but never answered (the sender stopped mid-send): not sent again'
      WHERE claimed_at < $1 AND sent_at IS NULL AND failed_at IS NULL RETURNING id`,
    [before, now],
  );
  return rows.length;
}

export async function pausedUntil(q: Queryable): Promise<Date | undefined> {
  const [row] = await q.query<{ paused_until: Date }>('SELECT paused_until FROM notifications_pause');
  return row?.paused_until;
}

/** Every send waits until `until` (a 429's retry_after); an earlier pause never shortens a later one. */
export async function pauseUntil(q: Queryable, until: Date): Promise<void> {
  await q.query(
    `INSERT INTO notifications_pause (singleton, paused_until) VALUES (TRUE, $1)
     ON CONFLICT (singleton) DO UPDATE SET paused_until = GREATEST(notifications_pause.paused_until, EXCLUDED.paused_until)`,
    [until],
  );
}
