import type { Migration } from '../types';

export const migration: Migration = {
  id: '0025_operator_console',
  sql: /* sql */ `
    -- The operator console. read_at: when the treasury watcher last read the node without failing (every
    -- poll, new transactions or not; updated_at moves only with the cursor), for every process to see.
    ALTER TABLE treasury_cursor ADD COLUMN read_at TIMESTAMPTZ;
    -- Users found by username, whatever its case (usersFind).
    CREATE INDEX users_username_lower_idx ON users (lower(username)) WHERE username IS NOT NULL;
  `,
};
