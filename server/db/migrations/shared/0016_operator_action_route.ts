import type { Migration } from '../types';

export const migration: Migration = {
  id: '0016_operator_action_route',
  sql: /* sql */ `
    -- An operator action names its route (path holds the route's pattern from now on, never the raw URL)
    -- and the route's path parameters and query, each bounded (server/audit): JSON text, null when none.
    ALTER TABLE operator_actions ADD COLUMN params TEXT;
    ALTER TABLE operator_actions ADD COLUMN query TEXT;
  `,
};
