import type { Migration } from '../types';

export const migration: Migration = {
  id: '0036_highload_payouts',
  sql: /* sql */ `
    -- A highload wallet v3's payout batch (server/withdraw/worker/highload-v3.ts): its query id and created_at,
    -- stored before it is sent; valid_until is then created_at + the wallet's timeout, the chain's time from
    -- which the contract refuses it. seqno is the batch's number in the wallet's sequence, never reused,
    -- expired batches included, so neither is the query id it maps to.
    ALTER TABLE payout_batches ADD COLUMN query_id BIGINT, ADD COLUMN message_created_at BIGINT;
    ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_highload_check
      CHECK ((query_id IS NULL) = (message_created_at IS NULL));
    CREATE UNIQUE INDEX payout_batches_highload_number_idx ON payout_batches (wallet_address, seqno)
      WHERE query_id IS NOT NULL;
  `,
};
