import type { Migration } from '../types';

export const migration: Migration = {
  id: '0020_operations_journal',
  sql: /* sql */ `
    -- The money events that change no token balance, which the operations history lists beside the ledger's
    -- entries (server/ledger, docs/decisions.md "Operations history"): TON paid for a mint (mint_paid), a mint
    -- received from a farming link (farming_mint), a mint turned into a stake (stake_started). Each is written
    -- in the causing transaction. Ids come from the ledger's sequence, so an entry and a journal row never
    -- share an id and both rise in the order they were written.
    CREATE TABLE operations_journal (
      id         BIGINT PRIMARY KEY DEFAULT nextval('ledger_id_seq'),
      user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type       TEXT NOT NULL CHECK (type IN ('mint_paid', 'farming_mint', 'stake_started')),
      unit       TEXT NOT NULL CHECK (unit IN ('TON', 'TKN')),
      direction  TEXT NOT NULL CHECK (direction IN ('in', 'out', 'none')),
      amount     BIGINT NOT NULL CHECK (amount > 0),
      ref_type   TEXT,
      ref_id     TEXT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX operations_journal_user_idx ON operations_journal (user_id, id);
    -- What happened before the journal existed, at the time it happened.
    INSERT INTO operations_journal (user_id, type, unit, direction, amount, ref_type, ref_id, created_at)
      SELECT user_id, 'mint_paid', 'TON', 'out', amount_ton, 'mint', id::text, activated_at
        FROM mints WHERE source = 'payment' AND activated_at IS NOT NULL AND amount_ton > 0
      UNION ALL
      SELECT user_id, 'farming_mint', 'TKN', 'in', amount_token, 'mint', id::text, activated_at
        FROM mints WHERE source = 'farming' AND activated_at IS NOT NULL AND amount_token > 0
      UNION ALL
      SELECT user_id, 'stake_started', 'TKN', 'none', total_amount, 'stake', id::text, created_at
        FROM stakes WHERE total_amount > 0
      ORDER BY 8;
  `,
};
