import type { Migration } from '../types';

export const migration: Migration = {
  id: '0021_telegram_bot',
  sql: /* sql */ `
    -- The bot's webhook (server/telegram): each update Telegram sent, by its update_id, recorded in the
    -- transaction that acts on it, so an update delivered twice (Telegram retries until it hears 200)
    -- acts once.
    CREATE TABLE telegram_updates (
      update_id   BIGINT PRIMARY KEY,
      received_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- A /start <ref_code> of someone with no account yet: the app's button carries no start parameter,
    -- so the first sign-in reads the referrer's code here (and deletes it). The first /start wins.
    CREATE TABLE bot_start_params (
      telegram_id BIGINT PRIMARY KEY,
      param       TEXT NOT NULL,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- When the user last started the bot, and when the Bot API last said they blocked it (403): a
    -- message can reach only someone who started the bot and has not blocked it since.
    ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_started_at TIMESTAMPTZ, ADD COLUMN IF NOT EXISTS bot_blocked_at TIMESTAMPTZ;
  `,
};
