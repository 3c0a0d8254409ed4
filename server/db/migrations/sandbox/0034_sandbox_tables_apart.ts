import type { Migration } from '../types';

export const migration: Migration = {
  id: '0034_sandbox_tables_apart',
  sql: /* sql */ `
    -- The sandbox's test users (the launcher's): once created by 0001.
    CREATE TABLE IF NOT EXISTS sandbox_users (
      id                  SERIAL PRIMARY KEY,
      telegram_id         BIGINT NOT NULL UNIQUE,
      first_name          TEXT NOT NULL,
      username            TEXT,
      language_code       TEXT NOT NULL CHECK (language_code IN ('en', 'ru')),
      start_param         TEXT,
      is_community_member BOOLEAN NOT NULL DEFAULT FALSE,
      platform            TEXT NOT NULL CHECK (platform IN ('ios', 'android', 'tdesktop', 'web', 'unknown')),
      theme               TEXT NOT NULL CHECK (theme IN ('light', 'dark')),
      created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- The sandbox's stand-in for Bot API savePreparedInlineMessage: what the host emulator shows
    -- when the app shares a prepared message. Once created by 0006.
    CREATE TABLE IF NOT EXISTS sandbox_prepared_messages (
      id           TEXT PRIMARY KEY,
      telegram_id  BIGINT NOT NULL,
      title        TEXT NOT NULL,
      description  TEXT NOT NULL,
      message_text TEXT NOT NULL,
      button_text  TEXT NOT NULL,
      button_url   TEXT NOT NULL,
      expires_at   TIMESTAMPTZ NOT NULL,
      created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- The sandbox's operators (the launcher's switch per test user), beside OPERATOR_TELEGRAM_IDS. Once
    -- created by 0024.
    CREATE TABLE IF NOT EXISTS sandbox_operators (
      telegram_id BIGINT PRIMARY KEY,
      added_at    TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `,
};
