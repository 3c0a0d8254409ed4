import type { Migration } from '../types';

export const migration: Migration = {
  id: '0018_payout_proof',
  sql: /* sql */ `
    -- A payout batch is signed again only with proof that its transfer can no longer land
    -- (server/withdraw/payouts.ts). start_lt/start_hash: the hot wallet's last transaction as the seqno was
    -- read for signing (0 and NULL: it had none), where the search for the batch's message starts. A batch
    -- the worker can neither find nor prove lost is 'held' for an operator, who may have it re-signed with
    -- its own seqno (resign_requested_at); the messages it replaced stay in previous_hashes, and any of them
    -- on chain confirms the batch. A held batch is still the wallet's open batch: nothing else is signed.
    ALTER TABLE payout_batches
      ADD COLUMN start_lt BIGINT CHECK (start_lt >= 0),
      ADD COLUMN start_hash TEXT,
      ADD COLUMN previous_hashes TEXT[] NOT NULL DEFAULT '{}',
      ADD COLUMN held_at TIMESTAMPTZ,
      ADD COLUMN resign_requested_at TIMESTAMPTZ;
    ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_status_check;
    ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_status_check
      CHECK (status IN ('signed', 'sent', 'held', 'confirmed', 'expired'));
    ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_held_check CHECK (status <> 'held' OR held_at IS NOT NULL);
    DROP INDEX payout_batches_one_open_idx;
    CREATE UNIQUE INDEX payout_batches_one_open_idx ON payout_batches (wallet_address) WHERE status IN ('signed', 'sent', 'held');
    -- The outgoing message that paid a withdrawal (created_lt, cell hash), kept when it is confirmed.
    ALTER TABLE withdrawals ADD COLUMN out_msg_lt BIGINT, ADD COLUMN out_msg_hash TEXT;
    -- The operator's list takes sending withdrawals waiting with an error too (a held batch's).
    DROP INDEX withdrawals_attention_idx;
    CREATE INDEX withdrawals_attention_idx ON withdrawals (id)
      WHERE status = 'failed' OR (status IN ('queued', 'sending') AND error IS NOT NULL);
  `,
};
