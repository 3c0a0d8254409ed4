import type { Migration } from '../types';

export const migration: Migration = {
  id: '0011_wallet_ownership',
  sql: /* sql */ `
    -- Wallet ownership (ton_proof): the wallet a user proved to hold, one per user, and a
    -- wallet bound to one user at a time (the latest proof wins: server/wallet/service.ts).
    CREATE TABLE wallet_bindings (
      user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      -- Raw form, 0:<64 hex>.
      address     TEXT NOT NULL UNIQUE,
      -- Hex, 32 bytes: the key that signed the proof.
      public_key  TEXT NOT NULL,
      -- testnet or mainnet: the network the proof was made on.
      network     TEXT NOT NULL,
      bound_at    TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- Proof payloads the server issued and a proof has used: each one is good once. Rows past their
    -- expiry are deleted as new ones are used (an expired payload is refused by its own signed expiry).
    CREATE TABLE ton_proof_payloads_used (
      nonce       TEXT PRIMARY KEY,
      user_id     INTEGER NOT NULL,
      expires_at  TIMESTAMPTZ NOT NULL,
      used_at     TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX ton_proof_payloads_used_expires_idx ON ton_proof_payloads_used (expires_at);
  `,
};
