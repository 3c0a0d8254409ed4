import type { Migration } from '../types';

export const migration: Migration = {
  id: '0029_audit_outcome',
  sql: /* sql */ `
    -- An operator action's row is written before the action runs, its outcome (status) once it is answered
    -- (server/audit): a row whose status stays null is an action whose outcome was never recorded (still
    -- running, or the process stopped or failed in between), shown as such, never hidden.
    ALTER TABLE operator_actions ALTER COLUMN status DROP NOT NULL;
  `,
};
