import type { Migration } from '../types';

export const migration: Migration = {
  id: '0004_mint_staking',
  sql: /* sql */ `
    -- Mint plans. yield_bps: growth over tariff_days in basis points (500 = 5 %).
    CREATE TABLE mint_plans (
      days        INTEGER PRIMARY KEY CHECK (days > 0),
      tariff_days INTEGER NOT NULL CHECK (tariff_days > 0),
      yield_bps   INTEGER NOT NULL CHECK (yield_bps >= 0),
      is_active   BOOLEAN NOT NULL DEFAULT TRUE
    );
    INSERT INTO mint_plans (days, tariff_days, yield_bps, is_active) VALUES
      (30, 30, 500, TRUE),
      (60, 60, 1200, TRUE),
      (90, 90, 2000, TRUE),
      (180, 180, 4500, TRUE),
      (365, 365, 10000, FALSE);   -- retired plan: proves only active plans are offered

    -- Token price in TON, one row per tick (nanotons per whole token). The first tick is
    -- INITIAL_TOKEN_PRICE_NANOTONS (server/constants.ts): 0.01 TON.
    CREATE TABLE price_ticks (
      id             BIGSERIAL PRIMARY KEY,
      price_nanotons BIGINT NOT NULL CHECK (price_nanotons > 0),
      created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX price_ticks_created_at_idx ON price_ticks (created_at, id);
    INSERT INTO price_ticks (price_nanotons) VALUES (10000000);

    CREATE TABLE mints (
      id              SERIAL PRIMARY KEY,
      mint_id         TEXT NOT NULL UNIQUE,       -- human-readable code; the payment comment names it
      user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status          TEXT NOT NULL
                      CHECK (status IN ('pending', 'active', 'canceled', 'completed', 'move_to_staking')),
      cancel_reason   TEXT CHECK (cancel_reason IN ('user', 'expired')),
      days            INTEGER NOT NULL,
      tariff_days     INTEGER NOT NULL CHECK (tariff_days > 0),
      yield_bps       INTEGER NOT NULL CHECK (yield_bps >= 0),
      price_nanotons  BIGINT NOT NULL CHECK (price_nanotons > 0),
      amount_ton      BIGINT NOT NULL CHECK (amount_ton > 0),        -- nanotons to pay
      amount_token    BIGINT NOT NULL CHECK (amount_token > 0),      -- base units
      expected_token  BIGINT NOT NULL CHECK (expected_token >= amount_token),
      created_at      TIMESTAMPTZ NOT NULL,
      expires_at      TIMESTAMPTZ NOT NULL,                          -- pending until then
      activated_at    TIMESTAMPTZ,
      matures_at      TIMESTAMPTZ,
      completed_at    TIMESTAMPTZ,
      canceled_at     TIMESTAMPTZ,
      payment_tx_hash TEXT UNIQUE,                                   -- the treasury transaction that paid it
      CHECK ((status = 'canceled') = (cancel_reason IS NOT NULL)),
      CHECK ((status IN ('pending', 'canceled')) = (activated_at IS NULL))
    );
    CREATE INDEX mints_user_idx ON mints (user_id, id DESC);
    CREATE INDEX mints_pending_expiry_idx ON mints (expires_at) WHERE status = 'pending';
    CREATE INDEX mints_active_maturity_idx ON mints (matures_at) WHERE status = 'active';

    -- Every treasury transaction the watcher has read, once (by hash), with what came of it. Rows with
    -- an outcome other than 'credited' and 'not_payment' are for an operator: TON arrived and was not
    -- (or not fully) turned into a mint. resolved_at/resolution are the operator's.
    CREATE TABLE treasury_transactions (
      hash            TEXT PRIMARY KEY,            -- base64, as the node reports it
      lt              BIGINT NOT NULL,
      utime           TIMESTAMPTZ NOT NULL,
      source          TEXT,                        -- sender, '' / NULL for an external message
      amount_nanotons BIGINT NOT NULL DEFAULT 0,
      comment         TEXT,
      outcome         TEXT NOT NULL CHECK (outcome IN (
                        'credited',          -- paid a pending mint exactly
                        'overpaid',          -- paid a pending mint; the excess awaits a refund
                        'underpaid',         -- named a pending mint with too little; not credited
                        'unknown_comment',   -- no comment, or it names no mint
                        'already_paid',      -- the mint was paid before (duplicate payment)
                        'mint_canceled',     -- the mint was canceled or expired before the payment
                        'not_payment'        -- external or bounced message, or no value
                      )),
      mint_id         INTEGER REFERENCES mints(id) ON DELETE SET NULL,
      recorded_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
      resolved_at     TIMESTAMPTZ,
      resolution      TEXT
    );
    CREATE INDEX treasury_transactions_review_idx ON treasury_transactions (recorded_at)
      WHERE outcome NOT IN ('credited', 'not_payment') AND resolved_at IS NULL;

    -- How far the watcher has read each treasury address: every transaction up to last_lt is
    -- recorded; scan_* is a backward scan in progress (more new transactions than one poll reads).
    CREATE TABLE treasury_cursor (
      address     TEXT PRIMARY KEY,
      last_lt     BIGINT,
      scan_lt     BIGINT,
      scan_hash   TEXT,
      scan_top_lt BIGINT,
      updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    -- Stakes: percentages are percent per day; earned_reward is accrued up to last_updated_at.
    CREATE TABLE stakes (
      id               SERIAL PRIMARY KEY,
      staking_id       TEXT NOT NULL UNIQUE,     -- human-readable code
      user_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      mint_id          INTEGER NOT NULL UNIQUE REFERENCES mints(id),   -- one stake per mint, ever
      status           TEXT NOT NULL CHECK (status IN ('pending', 'active', 'completed')),
      total_amount     BIGINT NOT NULL CHECK (total_amount > 0),
      daily_reward     NUMERIC(12, 6) NOT NULL,
      hold_bonus       NUMERIC(12, 6) NOT NULL DEFAULT 0,
      collective_bonus NUMERIC(12, 6) NOT NULL DEFAULT 0,
      investment_bonus NUMERIC(12, 6) NOT NULL DEFAULT 0,
      earned_reward    BIGINT NOT NULL DEFAULT 0,
      max_reward       BIGINT NOT NULL CHECK (max_reward > 0),
      created_at       TIMESTAMPTZ NOT NULL,
      last_updated_at  TIMESTAMPTZ,
      completed_at     TIMESTAMPTZ,
      CHECK (earned_reward >= 0 AND earned_reward <= max_reward),
      CHECK ((status = 'completed') = (completed_at IS NOT NULL))
    );
    CREATE INDEX stakes_user_idx ON stakes (user_id, id DESC);
    CREATE INDEX stakes_active_idx ON stakes (user_id, created_at) WHERE status = 'active';
  `,
};
