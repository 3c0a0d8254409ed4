import type { Migration } from '../types';

export const migration: Migration = {
  id: '0017_dev_chain_bounces',
  sql: /* sql */ `
    -- The dev chain can bounce: an account flagged here refuses every incoming transfer, and a bounceable
    -- one goes back to its sender as a bounced message (server/sandbox/chain/transactions.ts deliver).
    ALTER TABLE chain_accounts ADD COLUMN refuses_transfers BOOLEAN NOT NULL DEFAULT FALSE;
  `,
};
