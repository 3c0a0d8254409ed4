import type { Migration } from '../types';

export const migration: Migration = {
  id: '0006_referral_transfers_share_messages',
  sql: /* sql */ `
    -- A move of tokens from referral_balance to balance_token: the two ledger entries name it.
    CREATE TABLE referral_transfers (
      id           SERIAL PRIMARY KEY,
      user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      amount_token BIGINT NOT NULL CHECK (amount_token > 0),
      created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX referral_transfers_user_idx ON referral_transfers (user_id, id DESC);
  `,
};
