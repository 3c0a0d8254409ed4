import type { Migration } from '../types';

export const migration: Migration = {
  id: '0023_sandbox_bot_calls',
  sql: /* sql */ `
    -- The sandbox's Bot API (server/sandbox/bot-api.ts): every call the server made to Telegram, kept so
    -- that every process and the launcher see them. chat_id and message_id are sendMessage's (the chat it
    -- went to, the message id it was answered), for the host emulator's bot chat.
    CREATE SEQUENCE sandbox_bot_message_id_seq;
    CREATE TABLE sandbox_bot_calls (
      id         BIGSERIAL PRIMARY KEY,
      method     TEXT NOT NULL,
      params     JSONB NOT NULL,
      chat_id    BIGINT,
      message_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX sandbox_bot_calls_chat_idx ON sandbox_bot_calls (chat_id, id) WHERE chat_id IS NOT NULL;
    CREATE INDEX sandbox_bot_calls_method_idx ON sandbox_bot_calls (method, id);
    -- What test users wrote to the bot in the host emulator: each became an update to the webhook, its
    -- update_id this table's. Message ids come from one sequence with the bot's, so a chat reads in order.
    CREATE TABLE sandbox_bot_updates (
      update_id   BIGSERIAL PRIMARY KEY,
      telegram_id BIGINT NOT NULL,
      message_id  BIGINT NOT NULL,
      text        TEXT NOT NULL,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX sandbox_bot_updates_chat_idx ON sandbox_bot_updates (telegram_id, message_id);
  `,
};
