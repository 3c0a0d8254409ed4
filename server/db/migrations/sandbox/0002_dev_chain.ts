import type { Migration } from '../types';

export const migration: Migration = {
  id: '0002_dev_chain',
  sql: /* sql */ `
    -- The sandbox dev chain (server/chain): a toncenter-compatible node's accounts and transactions.
    -- One row: the last block; every chain write bumps it first, so it is also the chain's write lock.
    CREATE TABLE chain_state (
      id          BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
      block_seqno BIGINT NOT NULL DEFAULT 0,
      block_utime BIGINT NOT NULL DEFAULT 0
    );
    INSERT INTO chain_state DEFAULT VALUES;

    CREATE TABLE chain_accounts (
      address     TEXT PRIMARY KEY CHECK (address ~ '^-?[0-9]+:[0-9a-f]{64}$'),   -- raw form
      -- nanotons; the sum of the account's transactions' balance_delta
      balance     BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
      state       TEXT NOT NULL DEFAULT 'uninitialized' CHECK (state IN ('uninitialized', 'active', 'frozen')),
      code        TEXT,                                                           -- base64 BOC
      data        TEXT,                                                           -- base64 BOC
      public_key  TEXT CHECK (public_key ~ '^[0-9a-f]{64}$'),
      seqno       INTEGER NOT NULL DEFAULT 0 CHECK (seqno >= 0),
      last_lt     BIGINT NOT NULL DEFAULT 0,
      last_hash   TEXT,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (state <> 'active' OR (code IS NOT NULL AND data IS NOT NULL))
    );

    CREATE TABLE chain_transactions (
      id            BIGSERIAL PRIMARY KEY,
      account       TEXT NOT NULL REFERENCES chain_accounts(address),
      lt            BIGINT NOT NULL CHECK (lt > 0),
      hash          TEXT NOT NULL UNIQUE,                  -- base64 hash of the Transaction cell (boc)
      utime         BIGINT NOT NULL,
      balance_delta BIGINT NOT NULL,
      balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
      fee           BIGINT NOT NULL CHECK (fee >= 0),       -- toncenter's "fee"
      in_msg_hash   TEXT UNIQUE,                           -- a message is applied once (replays refused)
      in_msg        JSONB,                                 -- toncenter raw.message
      out_msgs      JSONB NOT NULL DEFAULT '[]',           -- toncenter raw.message[]
      boc           TEXT NOT NULL,                         -- base64 BOC of the Transaction cell
      created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (account, lt)
    );
  `,
};
