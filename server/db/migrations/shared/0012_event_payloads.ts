import type { Migration } from '../types';

export const migration: Migration = {
  id: '0012_event_payloads',
  sql: /* sql */ `
    -- Socket events too long for a NOTIFY payload (8000 bytes) travel by reference: the message is
    -- written here in the causing transaction and the notification carries its id
    -- (server/events/pg-bus.ts). Rows are purged after a few minutes.
    CREATE TABLE event_payloads (
      id         BIGSERIAL PRIMARY KEY,
      body       TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX event_payloads_created_at ON event_payloads (created_at);
  `,
};
