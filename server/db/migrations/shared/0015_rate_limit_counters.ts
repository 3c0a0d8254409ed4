import type { Migration } from '../types';

export const migration: Migration = {
  id: '0015_rate_limit_counters',
  sql: /* sql */ `
    -- The rate limits' counters, shared by every process on this database (server/http/rate-limit-store.ts):
    -- one row per limited key (the limit's name and the user or the address), its hits in the window that
    -- ends at expires_at. UNLOGGED: written on every limited call, worth nothing after a crash (the
    -- counts start again). No index on expires_at, so a hit's update stays a HOT update; the purge of
    -- ended windows is a scan of a table as large as the keys active in one window.
    CREATE UNLOGGED TABLE rate_limit_counters (
      key        TEXT PRIMARY KEY,
      count      INTEGER NOT NULL,
      expires_at TIMESTAMPTZ NOT NULL
    );
  `,
};
