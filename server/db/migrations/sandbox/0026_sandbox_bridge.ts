import type { Migration } from '../types';

export const migration: Migration = {
  id: '0026_sandbox_bridge',
  sql: /* sql */ `
    -- The sandbox's TON Connect HTTP bridge (server/sandbox/bridge): each message posted for a client id,
    -- kept until its TTL. The id is the SSE event id: inserts are serialised, so ids follow commit order.
    -- delivered_at: when a stream first wrote it (a stream opened without last_event_id skips those).
    CREATE TABLE sandbox_bridge_messages (
      id           BIGSERIAL PRIMARY KEY,
      to_client    TEXT NOT NULL,
      from_client  TEXT NOT NULL,
      message      TEXT NOT NULL,
      trace_id     TEXT,
      expires_at   TIMESTAMPTZ NOT NULL,
      delivered_at TIMESTAMPTZ,
      created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX sandbox_bridge_messages_to_idx ON sandbox_bridge_messages (to_client, id);
    CREATE INDEX sandbox_bridge_messages_expires_idx ON sandbox_bridge_messages (expires_at);
  `,
};
