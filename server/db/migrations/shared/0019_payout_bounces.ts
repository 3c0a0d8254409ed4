import type { Migration } from '../types';

export const migration: Migration = {
  id: '0019_payout_bounces',
  sql: /* sql */ `
    -- A payout the recipient's contract bounced (server/withdraw/bounces.ts): the hot wallet's transaction
    -- that received it back. The withdrawal is then failed and its tokens were returned, once (one bounce
    -- refunds one withdrawal); neither an operator's refund nor a retry applies to it any more.
    ALTER TABLE withdrawals ADD COLUMN bounced_tx_hash TEXT UNIQUE;
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_bounced_check CHECK (bounced_tx_hash IS NULL OR status = 'failed');
    DROP INDEX withdrawals_attention_idx;
    CREATE INDEX withdrawals_attention_idx ON withdrawals (id)
      WHERE (status = 'failed' AND bounced_tx_hash IS NULL) OR (status IN ('queued', 'sending') AND error IS NOT NULL);
    -- How far the bounce watcher has read each hot wallet's history: every transaction up to last_lt
    -- (last_hash), and a backward read in progress when there was more than one read takes (its next
    -- transaction, and the newest it started from).
    CREATE TABLE payout_bounce_cursor (
      wallet_address TEXT PRIMARY KEY,
      last_lt        BIGINT NOT NULL CHECK (last_lt >= 0),
      last_hash      TEXT,
      scan_lt        BIGINT,
      scan_hash      TEXT,
      scan_top_lt    BIGINT,
      scan_top_hash  TEXT,
      updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK ((scan_lt IS NULL) = (scan_top_lt IS NULL))
    );
  `,
};
