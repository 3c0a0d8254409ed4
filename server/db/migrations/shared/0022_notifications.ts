import type { Migration } from '../types';

export const migration: Migration = {
  id: '0022_notifications',
  sql: /* sql */ `
    -- Who may be written to by the bot (server/notifications, docs/decisions.md "Notifications"): Telegram's
    -- allows_write_to_pm from the launch data (stored at every sign-in), the user's own switch, and the bot's
    -- chat: started with /start, or blocked (a 403 from the Bot API; a later /start clears it). The last two
    -- are also 0021_telegram_bot's (the webhook's), hence IF NOT EXISTS: either migration may come first.
    ALTER TABLE users ADD COLUMN IF NOT EXISTS allows_write_to_pm BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE users ADD COLUMN IF NOT EXISTS notifications_enabled BOOLEAN NOT NULL DEFAULT TRUE;
    ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_started_at TIMESTAMPTZ NULL;
    ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_blocked_at TIMESTAMPTZ NULL;
    -- The outbox: one row per event a user is told of, written in the event's own transaction (so a
    -- rolled-back change tells nobody and a committed one is never lost), sent by the notifications job.
    -- dedupe_key names the event: the same event written twice is one row. A row is due while unclaimed,
    -- not sent, not failed and send_after has come; claimed_at is set as it goes out, sent_at when the Bot
    -- API accepted it. A claimed row neither sent nor failed was cut off mid-send and is never sent again.
    CREATE TABLE notifications (
      id          BIGSERIAL PRIMARY KEY,
      user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind        TEXT NOT NULL CHECK (kind IN ('payout_completed', 'payout_refunded', 'mint_active', 'task_approved',
                    'task_rejected', 'referral_joined', 'referral_reward', 'farm_activated', 'stake_completed')),
      params      JSONB NOT NULL DEFAULT '{}',
      dedupe_key  TEXT NOT NULL UNIQUE,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
      send_after  TIMESTAMPTZ NOT NULL DEFAULT now(),
      attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      claimed_at  TIMESTAMPTZ,
      sent_at     TIMESTAMPTZ,
      failed_at   TIMESTAMPTZ,
      last_error  TEXT,
      CHECK (sent_at IS NULL OR failed_at IS NULL)
    );
    CREATE INDEX notifications_due_idx ON notifications (send_after, id)
      WHERE claimed_at IS NULL AND sent_at IS NULL AND failed_at IS NULL;
    -- The pace: the sends of the last second, in all and per chat.
    CREATE INDEX notifications_claimed_idx ON notifications (claimed_at) WHERE claimed_at IS NOT NULL;
    CREATE INDEX notifications_user_claimed_idx ON notifications (user_id, claimed_at) WHERE claimed_at IS NOT NULL;
    -- A 429 from the Bot API pauses every send until its retry_after, in every process: one row.
    CREATE TABLE notifications_pause (
      singleton    BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
      paused_until TIMESTAMPTZ NOT NULL
    );
  `,
};
