import type { Migration } from '../types';

export const migration: Migration = {
  id: '0009_sell',
  sql: /* sql */ `
    -- Selling tokens for TON: the economics as settings an operator can change without a
    -- release. fee = network fee + percent of the TON amount; a sale must bring at least min_receive.
    INSERT INTO settings (key, value) VALUES
      ('withdraw_fee_percent', '1'),
      ('withdraw_network_fee', '"0.01"'),
      ('withdraw_min_receive', '"0.1"')
    ON CONFLICT (key) DO NOTHING;
    -- The history pages a user's withdrawals by created_at, then id.
    CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at, id);
    -- The operator's list: failed ones, and queued ones waiting with an error.
    CREATE INDEX withdrawals_attention_idx ON withdrawals (id) WHERE status = 'failed' OR (status = 'queued' AND error IS NOT NULL);
  `,
};
