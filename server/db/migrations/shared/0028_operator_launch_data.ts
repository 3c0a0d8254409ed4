import type { Migration } from '../types';

export const migration: Migration = {
  id: '0028_operator_launch_data',
  sql: /* sql */ `
    -- The launch data each console sign-in used (server/operators), by its HMAC: each signs in once, in
    -- every process (the primary key decides between two sign-ins at once). A row is deleted once its
    -- launch data is too old to sign in anyway.
    CREATE TABLE operator_launch_data_used (
      hash       TEXT PRIMARY KEY,
      expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX operator_launch_data_used_expires_idx ON operator_launch_data_used (expires_at);
  `,
};
