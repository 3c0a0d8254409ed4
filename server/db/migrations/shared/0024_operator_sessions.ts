import type { Migration } from '../types';

export const migration: Migration = {
  id: '0024_operator_sessions',
  sql: /* sql */ `
    -- Named operators (server/operators): a console session per sign-in from Telegram, ended by the
    -- operator or by its expiry; its token names the row, so an ended session is refused in every process.
    CREATE TABLE operator_sessions (
      id          UUID PRIMARY KEY,
      telegram_id BIGINT NOT NULL,
      name        TEXT NOT NULL,
      created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
      expires_at  TIMESTAMPTZ NOT NULL,
      ended_at    TIMESTAMPTZ
    );
    CREATE INDEX operator_sessions_expires_idx ON operator_sessions (expires_at);
    -- Who acted: the operator (Telegram id and name, as signed in) or, both null, the admin token; and the
    -- operator call's name (null on older rows).
    ALTER TABLE operator_actions ADD COLUMN actor_telegram_id BIGINT;
    ALTER TABLE operator_actions ADD COLUMN actor_name TEXT;
    ALTER TABLE operator_actions ADD COLUMN action TEXT;
    CREATE INDEX operator_actions_actor_idx ON operator_actions (actor_telegram_id, id);
    CREATE INDEX operator_actions_action_idx ON operator_actions (action, id);
  `,
};
