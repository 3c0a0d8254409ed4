import type { Migration } from '../types';

export const migration: Migration = {
  id: '0030_sandbox_limits',
  sql: /* sql */ `
    -- The sandbox bridge's caps (server/sandbox/bridge/limits.ts): who posted each message (its address,
    -- an IPv6 one by its /64), so the unexpired messages from one address are counted.
    ALTER TABLE sandbox_bridge_messages ADD COLUMN sender_address TEXT NOT NULL DEFAULT '';
    CREATE INDEX sandbox_bridge_messages_sender_idx ON sandbox_bridge_messages (sender_address, expires_at);
    -- The phone wallet's sessions end: used_at (its last call), ended_at (the app asked to disconnect); the
    -- sandbox's purge deletes those idle or ended past a bound (server/sandbox/purge.ts).
    ALTER TABLE sandbox_mobile_wallet_sessions ADD COLUMN used_at TIMESTAMPTZ NOT NULL DEFAULT now();
    ALTER TABLE sandbox_mobile_wallet_sessions ADD COLUMN ended_at TIMESTAMPTZ;
    CREATE INDEX sandbox_mobile_wallet_sessions_used_idx ON sandbox_mobile_wallet_sessions (used_at);
  `,
};
