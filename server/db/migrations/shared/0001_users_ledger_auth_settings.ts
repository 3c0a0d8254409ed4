import type { Migration } from '../types';

export const migration: Migration = {
  id: '0001_users_ledger_auth_settings',
  sql: /* sql */ `
    CREATE TABLE users (
      id                  SERIAL PRIMARY KEY,
      telegram_id         BIGINT NOT NULL UNIQUE,
      first_name          TEXT NOT NULL,
      last_name           TEXT,
      username            TEXT,
      language_code       TEXT NOT NULL DEFAULT 'en',
      photo_url           TEXT,
      ref_code            TEXT NOT NULL UNIQUE,
      referrer_id         INTEGER REFERENCES users(id) ON DELETE SET NULL,
      community_member    BOOLEAN NOT NULL DEFAULT FALSE,
      community_checked_at TIMESTAMPTZ,
      -- balances in base units (9 decimals); the ledger holds every change
      balance_token       BIGINT NOT NULL DEFAULT 0 CHECK (balance_token >= 0),
      task_balance        BIGINT NOT NULL DEFAULT 0 CHECK (task_balance >= 0),
      referral_balance    BIGINT NOT NULL DEFAULT 0 CHECK (referral_balance >= 0),
      -- bonuses in percent per day (docs/product.md §5 reward formula)
      hold_bonus          NUMERIC(12, 6) NOT NULL DEFAULT 0,
      investment_bonus    NUMERIC(12, 6) NOT NULL DEFAULT 0,
      seen_referrals_count INTEGER NOT NULL DEFAULT 0,
      created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (referrer_id IS NULL OR referrer_id <> id)
    );
    CREATE INDEX users_referrer_id_idx ON users (referrer_id);

    CREATE TABLE ledger (
      id            BIGSERIAL PRIMARY KEY,
      user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account       TEXT NOT NULL CHECK (account IN ('balance_token', 'task_balance', 'referral_balance')),
      delta         BIGINT NOT NULL CHECK (delta <> 0),
      balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
      reason        TEXT NOT NULL,
      ref_type      TEXT,
      ref_id        TEXT,
      created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_user_id_idx ON ledger (user_id, id);

    CREATE TABLE refresh_tokens (
      id          BIGSERIAL PRIMARY KEY,
      user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      family_id   UUID NOT NULL,
      token_hash  TEXT NOT NULL UNIQUE,
      expires_at  TIMESTAMPTZ NOT NULL,
      used_at     TIMESTAMPTZ,
      revoked_at  TIMESTAMPTZ,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE settings (
      key   TEXT PRIMARY KEY,
      value JSONB NOT NULL
    );
    INSERT INTO settings (key, value) VALUES
      ('maintenance', 'false'),
      ('collective_bonus', '0');
  `,
};
