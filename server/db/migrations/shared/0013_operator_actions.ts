import type { Migration } from '../types';

export const migration: Migration = {
  id: '0013_operator_actions',
  sql: /* sql */ `
    -- The operator API's state-changing calls, as answered (server/audit): what, on what, from where,
    -- when, and the outcome. Append-only.
    CREATE TABLE operator_actions (
      id         BIGSERIAL PRIMARY KEY,
      method     TEXT NOT NULL,
      path       TEXT NOT NULL,
      body       TEXT,
      status     INTEGER NOT NULL,
      ip         TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `,
};
