import type { Migration } from '../types';

export const migration: Migration = {
  id: '0003_sandbox_wallets',
  sql: /* sql */ `
    -- Sandbox only: the dev wallet's keys, one wallet per test user. The secret key sits here in the
    -- clear on purpose: these are throwaway testnet keys of a sandbox; a production database never has rows here.
    CREATE TABLE sandbox_wallets (
      sandbox_user_id INTEGER PRIMARY KEY REFERENCES sandbox_users(id) ON DELETE CASCADE,
      public_key      TEXT NOT NULL,          -- ed25519, hex
      secret_key      TEXT NOT NULL,          -- ed25519 (seed ‖ public key), hex
      address         TEXT NOT NULL UNIQUE,   -- wallet v4r2 on workchain 0, raw form 0:<hex>
      seeded_at       TIMESTAMPTZ,            -- when the 100 TON first-use faucet was paid
      created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `,
};
