import type { Migration } from '../types';

export const migration: Migration = {
  id: '0005_farming',
  sql: /* sql */ `
    -- Farming links (docs/foundations.md §4): the author holds amount_token × count_activations from
    -- one balance at creation; each activation gives the activator an active mint of amount_ton at the
    -- link's price and plan. Money in base units / nanotons, like mints.
    CREATE TABLE farming_links (
      id                SERIAL PRIMARY KEY,
      user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status            TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'exhausted', 'revoked')),
      source            TEXT NOT NULL CHECK (source IN ('referral_balance', 'task_balance')),
      days              INTEGER NOT NULL,
      tariff_days       INTEGER NOT NULL CHECK (tariff_days > 0),
      yield_bps         INTEGER NOT NULL CHECK (yield_bps >= 0),
      price_nanotons    BIGINT NOT NULL CHECK (price_nanotons > 0),
      amount_ton        BIGINT NOT NULL CHECK (amount_ton > 0),          -- each activation's mint, nanotons
      amount_token      BIGINT NOT NULL CHECK (amount_token > 0),
      expected_token    BIGINT NOT NULL CHECK (expected_token >= amount_token),
      count_activations INTEGER NOT NULL CHECK (count_activations > 0),
      activations_used  INTEGER NOT NULL DEFAULT 0 CHECK (activations_used >= 0 AND activations_used <= count_activations),
      is_multilink      BOOLEAN NOT NULL,
      is_for_me         BOOLEAN NOT NULL,
      cost_token        BIGINT NOT NULL,                                  -- held at creation
      refunded_token    BIGINT NOT NULL DEFAULT 0,                        -- returned by the cancel
      created_at        TIMESTAMPTZ NOT NULL,
      revoked_at        TIMESTAMPTZ,
      CHECK (cost_token = amount_token * count_activations),
      CHECK (refunded_token = CASE WHEN status = 'revoked'
                                   THEN amount_token * (count_activations - activations_used) ELSE 0 END),
      CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
      CHECK ((status = 'exhausted') = (activations_used = count_activations AND status <> 'revoked'))
    );
    CREATE INDEX farming_links_user_idx ON farming_links (user_id, id DESC);

    -- A multilink has one code (count_activations uses); any other link one single-use code per activation.
    CREATE TABLE farming_codes (
      id       SERIAL PRIMARY KEY,
      code     TEXT NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,32}$'),
      link_id  INTEGER NOT NULL REFERENCES farming_links(id) ON DELETE CASCADE,
      used_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,   -- single-use codes only
      used_at  TIMESTAMPTZ,
      CHECK ((used_by IS NULL) OR (used_at IS NOT NULL))
    );
    CREATE INDEX farming_codes_link_idx ON farming_codes (link_id, id);

    -- Mints: where one came from. A farming mint is never paid in TON (no payment, no referral turnover).
    ALTER TABLE mints
      ADD COLUMN source TEXT NOT NULL DEFAULT 'payment' CHECK (source IN ('payment', 'farming')),
      ADD COLUMN farming_link_id INTEGER REFERENCES farming_links(id),
      ADD CHECK ((source = 'farming') = (farming_link_id IS NOT NULL)),
      ADD CHECK (source = 'payment' OR (status NOT IN ('pending', 'canceled') AND payment_tx_hash IS NULL));

    -- Who activated what: one activation per user and link, one mint per activation.
    CREATE TABLE farming_activations (
      id          SERIAL PRIMARY KEY,
      link_id     INTEGER NOT NULL REFERENCES farming_links(id) ON DELETE CASCADE,
      user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code        TEXT NOT NULL REFERENCES farming_codes(code),
      mint_id     INTEGER NOT NULL UNIQUE REFERENCES mints(id),
      created_at  TIMESTAMPTZ NOT NULL,
      UNIQUE (link_id, user_id)
    );
    CREATE INDEX farming_activations_code_idx ON farming_activations (code);
  `,
};
