import type { Migration } from '../types';

export const migration: Migration = {
  id: '0027_sandbox_mobile_wallet',
  sql: /* sql */ `
    -- The sandbox's phone-style Dev Wallet (server/sandbox/wallet/mobile.ts): one TON Connect session per
    -- app connection, its bridge client id the public half of the session key pair the wallet keeps here,
    -- so any process can encrypt and decrypt for it; and the app's requests it answered, once each.
    CREATE TABLE sandbox_mobile_wallet_sessions (
      session_id      TEXT PRIMARY KEY,
      secret_key      TEXT NOT NULL,
      sandbox_user_id INTEGER NOT NULL REFERENCES sandbox_users (id) ON DELETE CASCADE,
      app_client_id   TEXT NOT NULL,
      last_event_id   INTEGER NOT NULL DEFAULT 0,
      created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX sandbox_mobile_wallet_sessions_app_idx ON sandbox_mobile_wallet_sessions (app_client_id, created_at);
    CREATE TABLE sandbox_mobile_wallet_answers (
      session_id  TEXT NOT NULL REFERENCES sandbox_mobile_wallet_sessions (session_id) ON DELETE CASCADE,
      request_id  TEXT NOT NULL,
      answered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (session_id, request_id)
    );
  `,
};
