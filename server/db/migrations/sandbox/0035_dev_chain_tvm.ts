import type { Migration } from '../types';

export const migration: Migration = {
  id: '0035_dev_chain_tvm',
  sql: /* sql */ `
    -- Sandbox only. The dev chain runs every message on the TVM (server/sandbox/chain/tvm.ts): an account's
    -- state is the ShardAccount cell the emulator reads and returns (base64 BOC; NULL for a row written before
    -- this, rebuilt from its columns on its next transaction). balance, state, code, data, last_lt, last_hash
    -- stay as the reads' copy of it. The seqno and the key are the contract's business now (get methods), and
    -- an account refusing transfers runs a throwing code instead of its own, kept in refused_code meanwhile.
    ALTER TABLE chain_accounts ADD COLUMN shard_account TEXT;
    ALTER TABLE chain_accounts ADD COLUMN refused_code TEXT;
    ALTER TABLE chain_accounts DROP COLUMN refuses_transfers;
    ALTER TABLE chain_accounts DROP COLUMN seqno;
    ALTER TABLE chain_accounts DROP COLUMN public_key;
    -- toncenter's storage_fee of a transaction (the TVM's storage phase); 0 for the rows before.
    ALTER TABLE chain_transactions ADD COLUMN storage_fee BIGINT NOT NULL DEFAULT 0 CHECK (storage_fee >= 0);
  `,
};
