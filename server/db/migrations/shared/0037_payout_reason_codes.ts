import type { Migration } from '../types';

export const migration: Migration = {
  id: '0037_payout_reason_codes',
  sql: /* sql */ `
    -- Why the payout worker waits, holds, requeues or fails (contract/console/payout-reasons.ts): a stable
    -- code and its figures beside the English text, so the console words it in the operator's language.
    -- Rows written before keep their text only (code NULL), and the console shows that text.
    ALTER TABLE withdrawals ADD COLUMN error_code TEXT, ADD COLUMN error_params JSONB;
    ALTER TABLE payout_batches ADD COLUMN last_error_code TEXT, ADD COLUMN last_error_params JSONB;
  `,
};
