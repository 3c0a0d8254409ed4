import type { Migration } from '../types';

export const migration: Migration = {
  id: '0007_tasks',
  sql: /* sql */ `
    -- Tasks (docs/foundations.md §4): a catalogue the operator manages. Texts in both languages; the
    -- reward in token base units, paid to task_balance on claim. settings: what the kind needs
    -- (url, count, paying_only, min_seconds, allowed_hosts).
    CREATE TABLE tasks (
      id             SERIAL PRIMARY KEY,
      kind           TEXT NOT NULL CHECK (kind IN ('community', 'referrals', 'visit', 'photo', 'link')),
      title_en       TEXT NOT NULL,
      title_ru       TEXT NOT NULL,
      description_en TEXT NOT NULL,
      description_ru TEXT NOT NULL,
      icon           TEXT NOT NULL,
      reward         BIGINT NOT NULL CHECK (reward > 0),
      settings       JSONB NOT NULL DEFAULT '{}'::jsonb,
      is_active      BOOLEAN NOT NULL DEFAULT TRUE,
      sort_order     INTEGER NOT NULL DEFAULT 0,
      created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX tasks_active_order_idx ON tasks (sort_order, id) WHERE is_active;

    -- A user's progress on a task; no row = new. claimed once: the claim locks this row.
    CREATE TABLE user_tasks (
      id               SERIAL PRIMARY KEY,
      user_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      task_id          INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      status           TEXT NOT NULL CHECK (status IN ('started', 'pending_review', 'validated', 'rejected', 'claimed')),
      started_at       TIMESTAMPTZ NOT NULL,
      validated_at     TIMESTAMPTZ,
      claimed_at       TIMESTAMPTZ,
      rejection_reason TEXT,
      proof_link       TEXT,
      UNIQUE (user_id, task_id),
      CHECK ((status IN ('validated', 'claimed')) = (validated_at IS NOT NULL)),
      CHECK ((status = 'claimed') = (claimed_at IS NOT NULL)),
      CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL))
    );

    -- Photo and link proofs waiting for (or past) the operator's review. Photos stay in the database;
    -- only the operator API serves them.
    CREATE TABLE task_proofs (
      id           SERIAL PRIMARY KEY,
      user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      task_id      INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      kind         TEXT NOT NULL CHECK (kind IN ('photo', 'link')),
      content_type TEXT CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
      data         BYTEA,
      link         TEXT,
      status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason       TEXT,
      created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
      reviewed_at  TIMESTAMPTZ,
      CHECK (CASE kind WHEN 'photo' THEN content_type IS NOT NULL AND data IS NOT NULL AND link IS NULL
                       ELSE link IS NOT NULL AND content_type IS NULL AND data IS NULL END),
      CHECK ((status = 'pending') = (reviewed_at IS NULL)),
      CHECK ((status = 'rejected') = (reason IS NOT NULL))
    );
    -- One proof at a time per user and task waits for review.
    CREATE UNIQUE INDEX task_proofs_one_pending_idx ON task_proofs (user_id, task_id) WHERE status = 'pending';
    CREATE INDEX task_proofs_pending_idx ON task_proofs (id) WHERE status = 'pending';
  `,
};
