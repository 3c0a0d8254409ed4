import type { Migration } from '../types';

export const migration: Migration = {
  id: '0010_payouts_pause',
  sql: /* sql */ `
    -- An operator can hold payouts (an incident, a hot wallet being refilled): the worker then signs no
    -- new transfer but still finishes the one it has sent. Sales keep queueing meanwhile.
    INSERT INTO settings (key, value) VALUES ('payouts_paused', 'false') ON CONFLICT (key) DO NOTHING;
  `,
};
