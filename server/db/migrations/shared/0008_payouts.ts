import type { Migration } from '../types';

export const migration: Migration = {
  id: '0008_payouts',
  sql: /* sql */ `
    -- TON payouts (docs/foundations.md §7 Payouts): a transfer of the hot wallet carrying up to 4
    -- withdrawals (wallet v4r2). The signed external message and its hash are stored before it is sent,
    -- so a restarted worker resends the very same message or finds it on chain, never signs twice for
    -- one seqno while the first one may still land. At most one batch per wallet is open at a time.
    CREATE TABLE payout_batches (
      id             SERIAL PRIMARY KEY,
      wallet_address TEXT NOT NULL,
      seqno          BIGINT NOT NULL CHECK (seqno >= 0),
      valid_until    BIGINT NOT NULL,
      signed_boc     TEXT NOT NULL,
      -- the external message's normalized hash (TEP-467), base64: what the wallet's transaction carries
      message_hash   TEXT NOT NULL UNIQUE,
      status         TEXT NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'sent', 'confirmed', 'expired')),
      attempts       INTEGER NOT NULL DEFAULT 0,
      last_error     TEXT,
      tx_hash        TEXT,
      created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
      sent_at        TIMESTAMPTZ,
      confirmed_at   TIMESTAMPTZ,
      CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL AND tx_hash IS NOT NULL))
    );
    CREATE UNIQUE INDEX payout_batches_one_open_idx ON payout_batches (wallet_address) WHERE status IN ('signed', 'sent');
    -- One seqno pays one transfer: a batch signed with a seqno another batch already used (a worker that
    -- read the seqno just before the other's transfer landed) is never stored.
    CREATE UNIQUE INDEX payout_batches_seqno_idx ON payout_batches (wallet_address, seqno) WHERE status <> 'expired';

    -- A withdrawal: what the user gets in TON for tokens debited from source_account (the debit is the
    -- ledger's, made by the caller). queued → sending (in a batch) → completed (tx_hash) | back to
    -- queued (the batch expired unseen) | failed (the chain skipped it: an operator looks, refunds).
    CREATE TABLE withdrawals (
      id             SERIAL PRIMARY KEY,
      user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      source_account TEXT NOT NULL CHECK (source_account IN ('balance_token', 'task_balance', 'referral_balance')),
      token_amount   BIGINT NOT NULL CHECK (token_amount > 0),
      -- nanotons the address receives, and the fee kept (nanotons)
      ton_amount     BIGINT NOT NULL CHECK (ton_amount > 0),
      fee            BIGINT NOT NULL DEFAULT 0 CHECK (fee >= 0),
      -- user-friendly, as it is paid (bounceable flag included)
      address        TEXT NOT NULL,
      status         TEXT NOT NULL DEFAULT 'queued'
                       CHECK (status IN ('queued', 'sending', 'completed', 'failed', 'refunded')),
      batch_id       INTEGER REFERENCES payout_batches(id),
      tx_hash        TEXT,
      error          TEXT,
      created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (status NOT IN ('sending', 'completed') OR batch_id IS NOT NULL),
      CHECK ((status = 'completed') = (tx_hash IS NOT NULL))
    );
    CREATE INDEX withdrawals_queued_idx ON withdrawals (id) WHERE status = 'queued';
    CREATE INDEX withdrawals_batch_idx ON withdrawals (batch_id);
    CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id);
  `,
};
