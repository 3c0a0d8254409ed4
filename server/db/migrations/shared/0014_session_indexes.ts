import type { Migration } from '../types';

export const migration: Migration = {
  id: '0014_session_indexes',
  sql: /* sql */ `
    -- Sessions per user (the cap on live refresh families) and the purge of expired tokens.
    CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
    CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);
    -- Each process asks every few seconds which sessions were revoked, to close their sockets.
    CREATE INDEX refresh_tokens_revoked_idx ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL;
  `,
};
