import type { Migration } from '../types';

export const migration: Migration = {
  id: '0032_audit_summary',
  sql: /* sql */ `
    -- What an operator action was done to, in facts the console and the CLI put into words (server/audit
    -- summary.ts, docs/decisions.md "The audit's words"): written with the row from the request, completed
    -- from the answer with the outcome. Older rows have none: they are shown by their call and route.
    ALTER TABLE operator_actions ADD COLUMN summary JSONB;
  `,
};
