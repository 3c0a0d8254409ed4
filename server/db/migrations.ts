/**
 * Schema migrations: two ordered, append-only lists, `migrations` (every database) and `sandboxMigrations`
 * (the sandbox's only, after the first; `migrationsFor` picks by mode). Never edit an applied entry; add a
 * new one, to the sandbox's list when only the sandbox uses it. Ids are unique across both lists.
 * All pending migrations apply in one transaction at start, so a failed start leaves the schema as it was.
 */
import type { Mode } from '../config';
import type { Db } from './index';

export interface Migration {
  id: string;
  sql: string;
}

/**
 * Every database's schema, production's and the sandbox's: users, the ledger, mints, payouts, the audit…
 * (Sandbox tables were once created here too: see `sandboxMigrations`.)
 */
export const migrations: Migration[] = [
  {
    id: '0001_users_ledger_auth_settings',
    sql: /* sql */ `
      CREATE TABLE users (
        id                  SERIAL PRIMARY KEY,
        telegram_id         BIGINT NOT NULL UNIQUE,
        first_name          TEXT NOT NULL,
        last_name           TEXT,
        username            TEXT,
        language_code       TEXT NOT NULL DEFAULT 'en',
        photo_url           TEXT,
        ref_code            TEXT NOT NULL UNIQUE,
        referrer_id         INTEGER REFERENCES users(id) ON DELETE SET NULL,
        community_member    BOOLEAN NOT NULL DEFAULT FALSE,
        community_checked_at TIMESTAMPTZ,
        -- balances in base units (9 decimals); the ledger holds every change
        balance_token       BIGINT NOT NULL DEFAULT 0 CHECK (balance_token >= 0),
        task_balance        BIGINT NOT NULL DEFAULT 0 CHECK (task_balance >= 0),
        referral_balance    BIGINT NOT NULL DEFAULT 0 CHECK (referral_balance >= 0),
        -- bonuses in percent per day (SPEC §5 reward formula)
        hold_bonus          NUMERIC(12, 6) NOT NULL DEFAULT 0,
        investment_bonus    NUMERIC(12, 6) NOT NULL DEFAULT 0,
        seen_referrals_count INTEGER NOT NULL DEFAULT 0,
        created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
        CHECK (referrer_id IS NULL OR referrer_id <> id)
      );
      CREATE INDEX users_referrer_id_idx ON users (referrer_id);

      CREATE TABLE ledger (
        id            BIGSERIAL PRIMARY KEY,
        user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        account       TEXT NOT NULL CHECK (account IN ('balance_token', 'task_balance', 'referral_balance')),
        delta         BIGINT NOT NULL CHECK (delta <> 0),
        balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
        reason        TEXT NOT NULL,
        ref_type      TEXT,
        ref_id        TEXT,
        created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX ledger_user_id_idx ON ledger (user_id, id);

      CREATE TABLE refresh_tokens (
        id          BIGSERIAL PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id   UUID NOT NULL,
        token_hash  TEXT NOT NULL UNIQUE,
        expires_at  TIMESTAMPTZ NOT NULL,
        used_at     TIMESTAMPTZ,
        revoked_at  TIMESTAMPTZ,
        created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value JSONB NOT NULL
      );
      INSERT INTO settings (key, value) VALUES
        ('maintenance', 'false'),
        ('collective_bonus', '0');
    `,
  },
  {
    id: '0004_mint_staking',
    sql: /* sql */ `
      -- Mint plans. yield_bps: growth over tariff_days in basis points (500 = 5 %).
      CREATE TABLE mint_plans (
        days        INTEGER PRIMARY KEY CHECK (days > 0),
        tariff_days INTEGER NOT NULL CHECK (tariff_days > 0),
        yield_bps   INTEGER NOT NULL CHECK (yield_bps >= 0),
        is_active   BOOLEAN NOT NULL DEFAULT TRUE
      );
      INSERT INTO mint_plans (days, tariff_days, yield_bps, is_active) VALUES
        (30, 30, 500, TRUE),
        (60, 60, 1200, TRUE),
        (90, 90, 2000, TRUE),
        (180, 180, 4500, TRUE),
        (365, 365, 10000, FALSE);   -- retired plan: proves only active plans are offered

      -- Token price in TON, one row per tick (nanotons per whole token). The first tick is
      -- INITIAL_TOKEN_PRICE_NANOTONS (server/constants.ts): 0.01 TON.
      CREATE TABLE price_ticks (
        id             BIGSERIAL PRIMARY KEY,
        price_nanotons BIGINT NOT NULL CHECK (price_nanotons > 0),
        created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX price_ticks_created_at_idx ON price_ticks (created_at, id);
      INSERT INTO price_ticks (price_nanotons) VALUES (10000000);

      CREATE TABLE mints (
        id              SERIAL PRIMARY KEY,
        mint_id         TEXT NOT NULL UNIQUE,       -- human-readable code; the payment comment names it
        user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status          TEXT NOT NULL
                        CHECK (status IN ('pending', 'active', 'canceled', 'completed', 'move_to_staking')),
        cancel_reason   TEXT CHECK (cancel_reason IN ('user', 'expired')),
        days            INTEGER NOT NULL,
        tariff_days     INTEGER NOT NULL CHECK (tariff_days > 0),
        yield_bps       INTEGER NOT NULL CHECK (yield_bps >= 0),
        price_nanotons  BIGINT NOT NULL CHECK (price_nanotons > 0),
        amount_ton      BIGINT NOT NULL CHECK (amount_ton > 0),        -- nanotons to pay
        amount_token    BIGINT NOT NULL CHECK (amount_token > 0),      -- base units
        expected_token  BIGINT NOT NULL CHECK (expected_token >= amount_token),
        created_at      TIMESTAMPTZ NOT NULL,
        expires_at      TIMESTAMPTZ NOT NULL,                          -- pending until then
        activated_at    TIMESTAMPTZ,
        matures_at      TIMESTAMPTZ,
        completed_at    TIMESTAMPTZ,
        canceled_at     TIMESTAMPTZ,
        payment_tx_hash TEXT UNIQUE,                                   -- the treasury transaction that paid it
        CHECK ((status = 'canceled') = (cancel_reason IS NOT NULL)),
        CHECK ((status IN ('pending', 'canceled')) = (activated_at IS NULL))
      );
      CREATE INDEX mints_user_idx ON mints (user_id, id DESC);
      CREATE INDEX mints_pending_expiry_idx ON mints (expires_at) WHERE status = 'pending';
      CREATE INDEX mints_active_maturity_idx ON mints (matures_at) WHERE status = 'active';

      -- Every treasury transaction the watcher has read, once (by hash), with what came of it. Rows with
      -- an outcome other than 'credited' and 'not_payment' are for an operator: TON arrived and was not
      -- (or not fully) turned into a mint. resolved_at/resolution are the operator's.
      CREATE TABLE treasury_transactions (
        hash            TEXT PRIMARY KEY,            -- base64, as the node reports it
        lt              BIGINT NOT NULL,
        utime           TIMESTAMPTZ NOT NULL,
        source          TEXT,                        -- sender, '' / NULL for an external message
        amount_nanotons BIGINT NOT NULL DEFAULT 0,
        comment         TEXT,
        outcome         TEXT NOT NULL CHECK (outcome IN (
                          'credited',          -- paid a pending mint exactly
                          'overpaid',          -- paid a pending mint; the excess awaits a refund
                          'underpaid',         -- named a pending mint with too little; not credited
                          'unknown_comment',   -- no comment, or it names no mint
                          'already_paid',      -- the mint was paid before (duplicate payment)
                          'mint_canceled',     -- the mint was canceled or expired before the payment
                          'not_payment'        -- external or bounced message, or no value
                        )),
        mint_id         INTEGER REFERENCES mints(id) ON DELETE SET NULL,
        recorded_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
        resolved_at     TIMESTAMPTZ,
        resolution      TEXT
      );
      CREATE INDEX treasury_transactions_review_idx ON treasury_transactions (recorded_at)
        WHERE outcome NOT IN ('credited', 'not_payment') AND resolved_at IS NULL;

      -- How far the watcher has read each treasury address: every transaction up to last_lt is
      -- recorded; scan_* is a backward scan in progress (more new transactions than one poll reads).
      CREATE TABLE treasury_cursor (
        address     TEXT PRIMARY KEY,
        last_lt     BIGINT,
        scan_lt     BIGINT,
        scan_hash   TEXT,
        scan_top_lt BIGINT,
        updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
      );

      -- Stakes: percentages are percent per day; earned_reward is accrued up to last_updated_at.
      CREATE TABLE stakes (
        id               SERIAL PRIMARY KEY,
        staking_id       TEXT NOT NULL UNIQUE,     -- human-readable code
        user_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mint_id          INTEGER NOT NULL UNIQUE REFERENCES mints(id),   -- one stake per mint, ever
        status           TEXT NOT NULL CHECK (status IN ('pending', 'active', 'completed')),
        total_amount     BIGINT NOT NULL CHECK (total_amount > 0),
        daily_reward     NUMERIC(12, 6) NOT NULL,
        hold_bonus       NUMERIC(12, 6) NOT NULL DEFAULT 0,
        collective_bonus NUMERIC(12, 6) NOT NULL DEFAULT 0,
        investment_bonus NUMERIC(12, 6) NOT NULL DEFAULT 0,
        earned_reward    BIGINT NOT NULL DEFAULT 0,
        max_reward       BIGINT NOT NULL CHECK (max_reward > 0),
        created_at       TIMESTAMPTZ NOT NULL,
        last_updated_at  TIMESTAMPTZ,
        completed_at     TIMESTAMPTZ,
        CHECK (earned_reward >= 0 AND earned_reward <= max_reward),
        CHECK ((status = 'completed') = (completed_at IS NOT NULL))
      );
      CREATE INDEX stakes_user_idx ON stakes (user_id, id DESC);
      CREATE INDEX stakes_active_idx ON stakes (user_id, created_at) WHERE status = 'active';
    `,
  },
  {
    id: '0005_farming',
    sql: /* sql */ `
      -- Farming links (DESIGN.md §4): the author holds amount_token × count_activations from
      -- one balance at creation; each activation gives the activator an active mint of amount_ton at the
      -- link's price and plan. Money in base units / nanotons, like mints.
      CREATE TABLE farming_links (
        id                SERIAL PRIMARY KEY,
        user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status            TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'exhausted', 'revoked')),
        source            TEXT NOT NULL CHECK (source IN ('referral_balance', 'task_balance')),
        days              INTEGER NOT NULL,
        tariff_days       INTEGER NOT NULL CHECK (tariff_days > 0),
        yield_bps         INTEGER NOT NULL CHECK (yield_bps >= 0),
        price_nanotons    BIGINT NOT NULL CHECK (price_nanotons > 0),
        amount_ton        BIGINT NOT NULL CHECK (amount_ton > 0),          -- each activation's mint, nanotons
        amount_token      BIGINT NOT NULL CHECK (amount_token > 0),
        expected_token    BIGINT NOT NULL CHECK (expected_token >= amount_token),
        count_activations INTEGER NOT NULL CHECK (count_activations > 0),
        activations_used  INTEGER NOT NULL DEFAULT 0 CHECK (activations_used >= 0 AND activations_used <= count_activations),
        is_multilink      BOOLEAN NOT NULL,
        is_for_me         BOOLEAN NOT NULL,
        cost_token        BIGINT NOT NULL,                                  -- held at creation
        refunded_token    BIGINT NOT NULL DEFAULT 0,                        -- returned by the cancel
        created_at        TIMESTAMPTZ NOT NULL,
        revoked_at        TIMESTAMPTZ,
        CHECK (cost_token = amount_token * count_activations),
        CHECK (refunded_token = CASE WHEN status = 'revoked'
                                     THEN amount_token * (count_activations - activations_used) ELSE 0 END),
        CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
        CHECK ((status = 'exhausted') = (activations_used = count_activations AND status <> 'revoked'))
      );
      CREATE INDEX farming_links_user_idx ON farming_links (user_id, id DESC);

      -- A multilink has one code (count_activations uses); any other link one single-use code per activation.
      CREATE TABLE farming_codes (
        id       SERIAL PRIMARY KEY,
        code     TEXT NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,32}$'),
        link_id  INTEGER NOT NULL REFERENCES farming_links(id) ON DELETE CASCADE,
        used_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,   -- single-use codes only
        used_at  TIMESTAMPTZ,
        CHECK ((used_by IS NULL) OR (used_at IS NOT NULL))
      );
      CREATE INDEX farming_codes_link_idx ON farming_codes (link_id, id);

      -- Mints: where one came from. A farming mint is never paid in TON (no payment, no referral turnover).
      ALTER TABLE mints
        ADD COLUMN source TEXT NOT NULL DEFAULT 'payment' CHECK (source IN ('payment', 'farming')),
        ADD COLUMN farming_link_id INTEGER REFERENCES farming_links(id),
        ADD CHECK ((source = 'farming') = (farming_link_id IS NOT NULL)),
        ADD CHECK (source = 'payment' OR (status NOT IN ('pending', 'canceled') AND payment_tx_hash IS NULL));

      -- Who activated what: one activation per user and link, one mint per activation.
      CREATE TABLE farming_activations (
        id          SERIAL PRIMARY KEY,
        link_id     INTEGER NOT NULL REFERENCES farming_links(id) ON DELETE CASCADE,
        user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code        TEXT NOT NULL REFERENCES farming_codes(code),
        mint_id     INTEGER NOT NULL UNIQUE REFERENCES mints(id),
        created_at  TIMESTAMPTZ NOT NULL,
        UNIQUE (link_id, user_id)
      );
      CREATE INDEX farming_activations_code_idx ON farming_activations (code);
    `,
  },
  {
    id: '0006_referral_transfers_share_messages',
    sql: /* sql */ `
      -- A move of tokens from referral_balance to balance_token: the two ledger entries name it.
      CREATE TABLE referral_transfers (
        id           SERIAL PRIMARY KEY,
        user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        amount_token BIGINT NOT NULL CHECK (amount_token > 0),
        created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX referral_transfers_user_idx ON referral_transfers (user_id, id DESC);
    `,
  },
  {
    id: '0007_tasks',
    sql: /* sql */ `
      -- Tasks (DESIGN.md §4): a catalogue the operator manages. Texts in both languages; the
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
  },
  {
    id: '0008_payouts',
    sql: /* sql */ `
      -- TON payouts (DESIGN.md §7 Payouts): a transfer of the hot wallet carrying up to 4
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
  },
  {
    id: '0009_sell',
    sql: /* sql */ `
      -- Selling tokens for TON: the economics as settings an operator can change without a
      -- release. fee = network fee + percent of the TON amount; a sale must bring at least min_receive.
      INSERT INTO settings (key, value) VALUES
        ('withdraw_fee_percent', '1'),
        ('withdraw_network_fee', '"0.01"'),
        ('withdraw_min_receive', '"0.1"')
      ON CONFLICT (key) DO NOTHING;
      -- The history pages a user's withdrawals by created_at, then id.
      CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at, id);
      -- The operator's list: failed ones, and queued ones waiting with an error.
      CREATE INDEX withdrawals_attention_idx ON withdrawals (id) WHERE status = 'failed' OR (status = 'queued' AND error IS NOT NULL);
    `,
  },
  {
    id: '0010_payouts_pause',
    sql: /* sql */ `
      -- An operator can hold payouts (an incident, a hot wallet being refilled): the worker then signs no
      -- new transfer but still finishes the one it has sent. Sales keep queueing meanwhile.
      INSERT INTO settings (key, value) VALUES ('payouts_paused', 'false') ON CONFLICT (key) DO NOTHING;
    `,
  },
  {
    id: '0011_wallet_ownership',
    sql: /* sql */ `
      -- Wallet ownership (ton_proof): the wallet a user proved to hold, one per user, and a
      -- wallet bound to one user at a time (the latest proof wins: server/wallet/service.ts).
      CREATE TABLE wallet_bindings (
        user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        -- Raw form, 0:<64 hex>.
        address     TEXT NOT NULL UNIQUE,
        -- Hex, 32 bytes: the key that signed the proof.
        public_key  TEXT NOT NULL,
        -- testnet or mainnet: the network the proof was made on.
        network     TEXT NOT NULL,
        bound_at    TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- Proof payloads the server issued and a proof has used: each one is good once. Rows past their
      -- expiry are deleted as new ones are used (an expired payload is refused by its own signed expiry).
      CREATE TABLE ton_proof_payloads_used (
        nonce       TEXT PRIMARY KEY,
        user_id     INTEGER NOT NULL,
        expires_at  TIMESTAMPTZ NOT NULL,
        used_at     TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX ton_proof_payloads_used_expires_idx ON ton_proof_payloads_used (expires_at);
    `,
  },
  {
    id: '0012_event_payloads',
    sql: /* sql */ `
      -- Socket events too long for a NOTIFY payload (8000 bytes) travel by reference: the message is
      -- written here in the causing transaction and the notification carries its id
      -- (server/events/pg-bus.ts). Rows are purged after a few minutes.
      CREATE TABLE event_payloads (
        id         BIGSERIAL PRIMARY KEY,
        body       TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX event_payloads_created_at ON event_payloads (created_at);
    `,
  },
  {
    id: '0013_operator_actions',
    sql: /* sql */ `
      -- The operator API's state-changing calls, as answered (server/audit): what, on what, from where,
      -- when, and the outcome. Append-only.
      CREATE TABLE operator_actions (
        id         BIGSERIAL PRIMARY KEY,
        method     TEXT NOT NULL,
        path       TEXT NOT NULL,
        body       TEXT,
        status     INTEGER NOT NULL,
        ip         TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0014_session_indexes',
    sql: /* sql */ `
      -- Sessions per user (the cap on live refresh families) and the purge of expired tokens.
      CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
      CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);
      -- Each process asks every few seconds which sessions were revoked, to close their sockets.
      CREATE INDEX refresh_tokens_revoked_idx ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL;
    `,
  },
  {
    id: '0015_rate_limit_counters',
    sql: /* sql */ `
      -- The rate limits' counters, shared by every process on this database (server/http/rate-limit-store.ts):
      -- one row per limited key (the limit's name and the user or the address), its hits in the window that
      -- ends at expires_at. UNLOGGED: written on every limited call, worth nothing after a crash (the
      -- counts start again). No index on expires_at, so a hit's update stays a HOT update; the purge of
      -- ended windows is a scan of a table as large as the keys active in one window.
      CREATE UNLOGGED TABLE rate_limit_counters (
        key        TEXT PRIMARY KEY,
        count      INTEGER NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
    `,
  },
  {
    id: '0016_operator_action_route',
    sql: /* sql */ `
      -- An operator action names its route (path holds the route's pattern from now on, never the raw URL)
      -- and the route's path parameters and query, each bounded (server/audit): JSON text, null when none.
      ALTER TABLE operator_actions ADD COLUMN params TEXT;
      ALTER TABLE operator_actions ADD COLUMN query TEXT;
    `,
  },
  {
    id: '0018_payout_proof',
    sql: /* sql */ `
      -- A payout batch is signed again only with proof that its transfer can no longer land
      -- (server/withdraw/payouts.ts). start_lt/start_hash: the hot wallet's last transaction as the seqno was
      -- read for signing (0 and NULL: it had none), where the search for the batch's message starts. A batch
      -- the worker can neither find nor prove lost is 'held' for an operator, who may have it re-signed with
      -- its own seqno (resign_requested_at); the messages it replaced stay in previous_hashes, and any of them
      -- on chain confirms the batch. A held batch is still the wallet's open batch: nothing else is signed.
      ALTER TABLE payout_batches
        ADD COLUMN start_lt BIGINT CHECK (start_lt >= 0),
        ADD COLUMN start_hash TEXT,
        ADD COLUMN previous_hashes TEXT[] NOT NULL DEFAULT '{}',
        ADD COLUMN held_at TIMESTAMPTZ,
        ADD COLUMN resign_requested_at TIMESTAMPTZ;
      ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_status_check;
      ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_status_check
        CHECK (status IN ('signed', 'sent', 'held', 'confirmed', 'expired'));
      ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_held_check CHECK (status <> 'held' OR held_at IS NOT NULL);
      DROP INDEX payout_batches_one_open_idx;
      CREATE UNIQUE INDEX payout_batches_one_open_idx ON payout_batches (wallet_address) WHERE status IN ('signed', 'sent', 'held');
      -- The outgoing message that paid a withdrawal (created_lt, cell hash), kept when it is confirmed.
      ALTER TABLE withdrawals ADD COLUMN out_msg_lt BIGINT, ADD COLUMN out_msg_hash TEXT;
      -- The operator's list takes sending withdrawals waiting with an error too (a held batch's).
      DROP INDEX withdrawals_attention_idx;
      CREATE INDEX withdrawals_attention_idx ON withdrawals (id)
        WHERE status = 'failed' OR (status IN ('queued', 'sending') AND error IS NOT NULL);
    `,
  },
  {
    id: '0019_payout_bounces',
    sql: /* sql */ `
      -- A payout the recipient's contract bounced (server/withdraw/bounces.ts): the hot wallet's transaction
      -- that received it back. The withdrawal is then failed and its tokens were returned, once (one bounce
      -- refunds one withdrawal); neither an operator's refund nor a retry applies to it any more.
      ALTER TABLE withdrawals ADD COLUMN bounced_tx_hash TEXT UNIQUE;
      ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_bounced_check CHECK (bounced_tx_hash IS NULL OR status = 'failed');
      DROP INDEX withdrawals_attention_idx;
      CREATE INDEX withdrawals_attention_idx ON withdrawals (id)
        WHERE (status = 'failed' AND bounced_tx_hash IS NULL) OR (status IN ('queued', 'sending') AND error IS NOT NULL);
      -- How far the bounce watcher has read each hot wallet's history: every transaction up to last_lt
      -- (last_hash), and a backward read in progress when there was more than one read takes (its next
      -- transaction, and the newest it started from).
      CREATE TABLE payout_bounce_cursor (
        wallet_address TEXT PRIMARY KEY,
        last_lt        BIGINT NOT NULL CHECK (last_lt >= 0),
        last_hash      TEXT,
        scan_lt        BIGINT,
        scan_hash      TEXT,
        scan_top_lt    BIGINT,
        scan_top_hash  TEXT,
        updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
        CHECK ((scan_lt IS NULL) = (scan_top_lt IS NULL))
      );
    `,
  },
  {
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
  },
  {
    id: '0021_telegram_bot',
    sql: /* sql */ `
      -- The bot's webhook (server/telegram): each update Telegram sent, by its update_id, recorded in the
      -- transaction that acts on it, so an update delivered twice (Telegram retries until it hears 200)
      -- acts once.
      CREATE TABLE telegram_updates (
        update_id   BIGINT PRIMARY KEY,
        received_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- A /start <ref_code> of someone with no account yet: the app's button carries no start parameter,
      -- so the first sign-in reads the referrer's code here (and deletes it). The first /start wins.
      CREATE TABLE bot_start_params (
        telegram_id BIGINT PRIMARY KEY,
        param       TEXT NOT NULL,
        created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- When the user last started the bot, and when the Bot API last said they blocked it (403): a
      -- message can reach only someone who started the bot and has not blocked it since.
      ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_started_at TIMESTAMPTZ, ADD COLUMN IF NOT EXISTS bot_blocked_at TIMESTAMPTZ;
    `,
  },
  {
    id: '0022_notifications',
    sql: /* sql */ `
      -- Who may be written to by the bot (server/notifications, docs/decisions.md "Notifications"): Telegram's
      -- allows_write_to_pm from the launch data (stored at every sign-in), the user's own switch, and the bot's
      -- chat: started with /start, or blocked (a 403 from the Bot API; a later /start clears it). The last two
      -- are also 0021_telegram_bot's (the webhook's), hence IF NOT EXISTS: either migration may come first.
      ALTER TABLE users ADD COLUMN IF NOT EXISTS allows_write_to_pm BOOLEAN NOT NULL DEFAULT FALSE;
      ALTER TABLE users ADD COLUMN IF NOT EXISTS notifications_enabled BOOLEAN NOT NULL DEFAULT TRUE;
      ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_started_at TIMESTAMPTZ NULL;
      ALTER TABLE users ADD COLUMN IF NOT EXISTS bot_blocked_at TIMESTAMPTZ NULL;
      -- The outbox: one row per event a user is told of, written in the event's own transaction (so a
      -- rolled-back change tells nobody and a committed one is never lost), sent by the notifications job.
      -- dedupe_key names the event: the same event written twice is one row. A row is due while unclaimed,
      -- not sent, not failed and send_after has come; claimed_at is set as it goes out, sent_at when the Bot
      -- API accepted it. A claimed row neither sent nor failed was cut off mid-send and is never sent again.
      CREATE TABLE notifications (
        id          BIGSERIAL PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind        TEXT NOT NULL CHECK (kind IN ('payout_completed', 'payout_refunded', 'mint_active', 'task_approved',
                      'task_rejected', 'referral_joined', 'referral_reward', 'farm_activated', 'stake_completed')),
        params      JSONB NOT NULL DEFAULT '{}',
        dedupe_key  TEXT NOT NULL UNIQUE,
        created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
        send_after  TIMESTAMPTZ NOT NULL DEFAULT now(),
        attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        claimed_at  TIMESTAMPTZ,
        sent_at     TIMESTAMPTZ,
        failed_at   TIMESTAMPTZ,
        last_error  TEXT,
        CHECK (sent_at IS NULL OR failed_at IS NULL)
      );
      CREATE INDEX notifications_due_idx ON notifications (send_after, id)
        WHERE claimed_at IS NULL AND sent_at IS NULL AND failed_at IS NULL;
      -- The pace: the sends of the last second, in all and per chat.
      CREATE INDEX notifications_claimed_idx ON notifications (claimed_at) WHERE claimed_at IS NOT NULL;
      CREATE INDEX notifications_user_claimed_idx ON notifications (user_id, claimed_at) WHERE claimed_at IS NOT NULL;
      -- A 429 from the Bot API pauses every send until its retry_after, in every process: one row.
      CREATE TABLE notifications_pause (
        singleton    BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
        paused_until TIMESTAMPTZ NOT NULL
      );
    `,
  },
  {
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
  },
  {
    id: '0025_operator_console',
    sql: /* sql */ `
      -- The operator console. read_at: when the treasury watcher last read the node without failing (every
      -- poll, new transactions or not; updated_at moves only with the cursor), for every process to see.
      ALTER TABLE treasury_cursor ADD COLUMN read_at TIMESTAMPTZ;
      -- Users found by username, whatever its case (usersFind).
      CREATE INDEX users_username_lower_idx ON users (lower(username)) WHERE username IS NOT NULL;
    `,
  },
  {
    id: '0028_operator_launch_data',
    sql: /* sql */ `
      -- The launch data each console sign-in used (server/operators), by its HMAC: each signs in once, in
      -- every process (the primary key decides between two sign-ins at once). A row is deleted once its
      -- launch data is too old to sign in anyway.
      CREATE TABLE operator_launch_data_used (
        hash       TEXT PRIMARY KEY,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX operator_launch_data_used_expires_idx ON operator_launch_data_used (expires_at);
    `,
  },
  {
    id: '0029_audit_outcome',
    sql: /* sql */ `
      -- An operator action's row is written before the action runs, its outcome (status) once it is answered
      -- (server/audit): a row whose status stays null is an action whose outcome was never recorded (still
      -- running, or the process stopped or failed in between), shown as such, never hidden.
      ALTER TABLE operator_actions ALTER COLUMN status DROP NOT NULL;
    `,
  },
  {
    id: '0032_audit_summary',
    sql: /* sql */ `
      -- What an operator action was done to, in facts the console and the CLI put into words (server/audit
      -- summary.ts, docs/decisions.md "The audit's words"): written with the row from the request, completed
      -- from the answer with the outcome. Older rows have none: they are shown by their call and route.
      ALTER TABLE operator_actions ADD COLUMN summary JSONB;
    `,
  },
  {
    id: '0033_notification_public_ids',
    sql: /* sql */ `
      -- The bot names a mint and a stake by its public id (mints.mint_id, stakes.staking_id), as the app
      -- does, not by the row's id (docs/decisions.md "Names and ids"): the notifications written before
      -- carry the row's id only, so each gets its code from the row it names.
      UPDATE notifications n SET params = n.params || jsonb_build_object('code', m.mint_id)
        FROM mints m
       WHERE n.kind = 'mint_active' AND n.params->>'code' IS NULL AND m.id = (n.params->>'mint_id')::int;
      UPDATE notifications n SET params = n.params || jsonb_build_object('code', s.staking_id)
        FROM stakes s
       WHERE n.kind = 'stake_completed' AND n.params->>'code' IS NULL AND s.id = (n.params->>'stake_id')::int;
    `,
  },
  {
    id: '0036_highload_payouts',
    sql: /* sql */ `
      -- A highload wallet v3's payout batch (server/withdraw/worker/highload-v3.ts): its query id and created_at,
      -- stored before it is sent; valid_until is then created_at + the wallet's timeout, the chain's time from
      -- which the contract refuses it. seqno is the batch's number in the wallet's sequence, never reused,
      -- expired batches included, so neither is the query id it maps to.
      ALTER TABLE payout_batches ADD COLUMN query_id BIGINT, ADD COLUMN message_created_at BIGINT;
      ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_highload_check
        CHECK ((query_id IS NULL) = (message_created_at IS NULL));
      CREATE UNIQUE INDEX payout_batches_highload_number_idx ON payout_batches (wallet_address, seqno)
        WHERE query_id IS NOT NULL;
    `,
  },
];

/**
 * The sandbox's own schema (its test users, dev chain, dev wallet, Bot API recorder, bridge), applied after
 * `migrations` by the sandbox only (`migrationsFor`): a production database never gets these tables
 * (docs/operations.md "Migrations"). Append new sandbox migrations (the dev chain's included) at the end
 * of this list; a production build knows their ids, so a database that has them is not "newer".
 *
 * Until 0034 the sandbox's tables were created by the list above, for every database: sandbox_users (by
 * 0001), sandbox_prepared_messages (0006) and sandbox_operators (0024) were in shared migrations, taken out
 * of them since, and the rest by the ids kept here. So 0034 comes first: on a fresh database it creates those
 * three (IF NOT EXISTS: a database migrated before 0034 has them), before the entries that refer to them.
 * A production database migrated before 0034 keeps its empty sandbox tables: production never reads or
 * writes them, and nothing drops them (docs/operations.md "Migrations" says how to, by hand).
 */
export const sandboxMigrations: Migration[] = [
  {
    id: '0034_sandbox_tables_apart',
    sql: /* sql */ `
      -- The sandbox's test users (the launcher's): once created by 0001.
      CREATE TABLE IF NOT EXISTS sandbox_users (
        id                  SERIAL PRIMARY KEY,
        telegram_id         BIGINT NOT NULL UNIQUE,
        first_name          TEXT NOT NULL,
        username            TEXT,
        language_code       TEXT NOT NULL CHECK (language_code IN ('en', 'ru')),
        start_param         TEXT,
        is_community_member BOOLEAN NOT NULL DEFAULT FALSE,
        platform            TEXT NOT NULL CHECK (platform IN ('ios', 'android', 'tdesktop', 'web', 'unknown')),
        theme               TEXT NOT NULL CHECK (theme IN ('light', 'dark')),
        created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- The sandbox's stand-in for Bot API savePreparedInlineMessage: what the host emulator shows
      -- when the app shares a prepared message. Once created by 0006.
      CREATE TABLE IF NOT EXISTS sandbox_prepared_messages (
        id           TEXT PRIMARY KEY,
        telegram_id  BIGINT NOT NULL,
        title        TEXT NOT NULL,
        description  TEXT NOT NULL,
        message_text TEXT NOT NULL,
        button_text  TEXT NOT NULL,
        button_url   TEXT NOT NULL,
        expires_at   TIMESTAMPTZ NOT NULL,
        created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- The sandbox's operators (the launcher's switch per test user), beside OPERATOR_TELEGRAM_IDS. Once
      -- created by 0024.
      CREATE TABLE IF NOT EXISTS sandbox_operators (
        telegram_id BIGINT PRIMARY KEY,
        added_at    TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0002_dev_chain',
    sql: /* sql */ `
      -- The sandbox dev chain (server/chain): a toncenter-compatible node's accounts and transactions.
      -- One row: the last block; every chain write bumps it first, so it is also the chain's write lock.
      CREATE TABLE chain_state (
        id          BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
        block_seqno BIGINT NOT NULL DEFAULT 0,
        block_utime BIGINT NOT NULL DEFAULT 0
      );
      INSERT INTO chain_state DEFAULT VALUES;

      CREATE TABLE chain_accounts (
        address     TEXT PRIMARY KEY CHECK (address ~ '^-?[0-9]+:[0-9a-f]{64}$'),   -- raw form
        -- nanotons; the sum of the account's transactions' balance_delta
        balance     BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
        state       TEXT NOT NULL DEFAULT 'uninitialized' CHECK (state IN ('uninitialized', 'active', 'frozen')),
        code        TEXT,                                                           -- base64 BOC
        data        TEXT,                                                           -- base64 BOC
        public_key  TEXT CHECK (public_key ~ '^[0-9a-f]{64}$'),
        seqno       INTEGER NOT NULL DEFAULT 0 CHECK (seqno >= 0),
        last_lt     BIGINT NOT NULL DEFAULT 0,
        last_hash   TEXT,
        created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
        CHECK (state <> 'active' OR (code IS NOT NULL AND data IS NOT NULL))
      );

      CREATE TABLE chain_transactions (
        id            BIGSERIAL PRIMARY KEY,
        account       TEXT NOT NULL REFERENCES chain_accounts(address),
        lt            BIGINT NOT NULL CHECK (lt > 0),
        hash          TEXT NOT NULL UNIQUE,                  -- base64 hash of the Transaction cell (boc)
        utime         BIGINT NOT NULL,
        balance_delta BIGINT NOT NULL,
        balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
        fee           BIGINT NOT NULL CHECK (fee >= 0),       -- toncenter's "fee"
        in_msg_hash   TEXT UNIQUE,                           -- a message is applied once (replays refused)
        in_msg        JSONB,                                 -- toncenter raw.message
        out_msgs      JSONB NOT NULL DEFAULT '[]',           -- toncenter raw.message[]
        boc           TEXT NOT NULL,                         -- base64 BOC of the Transaction cell
        created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
        UNIQUE (account, lt)
      );
    `,
  },
  {
    id: '0003_sandbox_wallets',
    sql: /* sql */ `
      -- Sandbox only: the dev wallet's keys, one wallet per test user. The secret key sits here in the
      -- clear on purpose: these are throwaway testnet keys of a sandbox; a production database never has rows here.
      CREATE TABLE sandbox_wallets (
        sandbox_user_id INTEGER PRIMARY KEY REFERENCES sandbox_users(id) ON DELETE CASCADE,
        public_key      TEXT NOT NULL,          -- ed25519, hex
        secret_key      TEXT NOT NULL,          -- ed25519 (seed ‖ public key), hex
        address         TEXT NOT NULL UNIQUE,   -- wallet v4r2 on workchain 0, raw form 0:<hex>
        seeded_at       TIMESTAMPTZ,            -- when the 100 TON first-use faucet was paid
        created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0017_dev_chain_bounces',
    sql: /* sql */ `
      -- The dev chain can bounce: an account flagged here refuses every incoming transfer, and a bounceable
      -- one goes back to its sender as a bounced message (server/sandbox/chain/transactions.ts deliver).
      ALTER TABLE chain_accounts ADD COLUMN refuses_transfers BOOLEAN NOT NULL DEFAULT FALSE;
    `,
  },
  {
    id: '0023_sandbox_bot_calls',
    sql: /* sql */ `
      -- The sandbox's Bot API (server/sandbox/bot-api.ts): every call the server made to Telegram, kept so
      -- that every process and the launcher see them. chat_id and message_id are sendMessage's (the chat it
      -- went to, the message id it was answered), for the host emulator's bot chat.
      CREATE SEQUENCE sandbox_bot_message_id_seq;
      CREATE TABLE sandbox_bot_calls (
        id         BIGSERIAL PRIMARY KEY,
        method     TEXT NOT NULL,
        params     JSONB NOT NULL,
        chat_id    BIGINT,
        message_id BIGINT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX sandbox_bot_calls_chat_idx ON sandbox_bot_calls (chat_id, id) WHERE chat_id IS NOT NULL;
      CREATE INDEX sandbox_bot_calls_method_idx ON sandbox_bot_calls (method, id);
      -- What test users wrote to the bot in the host emulator: each became an update to the webhook, its
      -- update_id this table's. Message ids come from one sequence with the bot's, so a chat reads in order.
      CREATE TABLE sandbox_bot_updates (
        update_id   BIGSERIAL PRIMARY KEY,
        telegram_id BIGINT NOT NULL,
        message_id  BIGINT NOT NULL,
        text        TEXT NOT NULL,
        created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX sandbox_bot_updates_chat_idx ON sandbox_bot_updates (telegram_id, message_id);
    `,
  },
  {
    id: '0026_sandbox_bridge',
    sql: /* sql */ `
      -- The sandbox's TON Connect HTTP bridge (server/sandbox/bridge): each message posted for a client id,
      -- kept until its TTL. The id is the SSE event id: inserts are serialised, so ids follow commit order.
      -- delivered_at: when a stream first wrote it (a stream opened without last_event_id skips those).
      CREATE TABLE sandbox_bridge_messages (
        id           BIGSERIAL PRIMARY KEY,
        to_client    TEXT NOT NULL,
        from_client  TEXT NOT NULL,
        message      TEXT NOT NULL,
        trace_id     TEXT,
        expires_at   TIMESTAMPTZ NOT NULL,
        delivered_at TIMESTAMPTZ,
        created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX sandbox_bridge_messages_to_idx ON sandbox_bridge_messages (to_client, id);
      CREATE INDEX sandbox_bridge_messages_expires_idx ON sandbox_bridge_messages (expires_at);
    `,
  },
  {
    id: '0027_sandbox_mobile_wallet',
    sql: /* sql */ `
      -- The sandbox's phone-style Dev Wallet (server/sandbox/wallet/mobile.ts): one TON Connect session per
      -- app connection, its bridge client id the public half of the session key pair the wallet keeps here,
      -- so any process can encrypt and decrypt for it; and the app's requests it answered, once each.
      CREATE TABLE sandbox_mobile_wallet_sessions (
        session_id      TEXT PRIMARY KEY,
        secret_key      TEXT NOT NULL,
        sandbox_user_id INTEGER NOT NULL REFERENCES sandbox_users (id) ON DELETE CASCADE,
        app_client_id   TEXT NOT NULL,
        last_event_id   INTEGER NOT NULL DEFAULT 0,
        created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX sandbox_mobile_wallet_sessions_app_idx ON sandbox_mobile_wallet_sessions (app_client_id, created_at);
      CREATE TABLE sandbox_mobile_wallet_answers (
        session_id  TEXT NOT NULL REFERENCES sandbox_mobile_wallet_sessions (session_id) ON DELETE CASCADE,
        request_id  TEXT NOT NULL,
        answered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, request_id)
      );
    `,
  },
  {
    id: '0030_sandbox_limits',
    sql: /* sql */ `
      -- The sandbox bridge's caps (server/sandbox/bridge/limits.ts): who posted each message (its address,
      -- an IPv6 one by its /64), so the unexpired messages from one address are counted.
      ALTER TABLE sandbox_bridge_messages ADD COLUMN sender_address TEXT NOT NULL DEFAULT '';
      CREATE INDEX sandbox_bridge_messages_sender_idx ON sandbox_bridge_messages (sender_address, expires_at);
      -- The phone wallet's sessions end: used_at (its last call), ended_at (the app asked to disconnect); the
      -- sandbox's purge deletes those idle or ended past a bound (server/sandbox/purge.ts).
      ALTER TABLE sandbox_mobile_wallet_sessions ADD COLUMN used_at TIMESTAMPTZ NOT NULL DEFAULT now();
      ALTER TABLE sandbox_mobile_wallet_sessions ADD COLUMN ended_at TIMESTAMPTZ;
      CREATE INDEX sandbox_mobile_wallet_sessions_used_idx ON sandbox_mobile_wallet_sessions (used_at);
    `,
  },
  {
    id: '0035_dev_chain_tvm',
    sql: /* sql */ `
      -- Sandbox only. The dev chain runs every message on the TVM (server/sandbox/chain/tvm.ts): an account's
      -- state is the ShardAccount cell the emulator reads and returns (base64 BOC; NULL for a row written before
      -- this, rebuilt from its columns on its next transaction). balance, state, code, data, last_lt, last_hash
      -- stay as the reads' copy of it. The seqno and the key are the contract's business now (get methods), and
      -- an account refusing transfers runs a throwing code instead of its own, kept in refused_code meanwhile.
      ALTER TABLE chain_accounts ADD COLUMN shard_account TEXT;
      ALTER TABLE chain_accounts ADD COLUMN refused_code TEXT;
      ALTER TABLE chain_accounts DROP COLUMN refuses_transfers;
      ALTER TABLE chain_accounts DROP COLUMN seqno;
      ALTER TABLE chain_accounts DROP COLUMN public_key;
      -- toncenter's storage_fee of a transaction (the TVM's storage phase); 0 for the rows before.
      ALTER TABLE chain_transactions ADD COLUMN storage_fee BIGINT NOT NULL DEFAULT 0 CHECK (storage_fee >= 0);
    `,
  },
];

/** The migrations a process of this mode applies and needs applied (/readyz): the sandbox's after the shared ones. */
export function migrationsFor(mode: Mode): Migration[] {
  return mode === 'sandbox' ? [...migrations, ...sandboxMigrations] : migrations;
}

/** Every id this build knows, either mode's: only an id outside them all means a newer build migrated. */
const KNOWN_IDS: ReadonlySet<string> = new Set([...migrations, ...sandboxMigrations].map((migration) => migration.id));

/** Arbitrary constant: serialises migrations of several processes starting at once on one Postgres. */
const MIGRATION_LOCK_KEY = 7_402_116_001;

/**
 * The database holds migrations this build does not know: a newer build ran on it (an old build started
 * after a rollback). Serving would read a schema it was not written for, so the start refuses instead
 * (server/start.ts turns this into a StartRefusal; docs/deploy.md "Rolling back").
 */
export class SchemaNewerThanBuildError extends Error {
  override name = 'SchemaNewerThanBuildError';
  constructor(readonly unknownIds: string[]) {
    super(
      `the database has migrations this build does not know (${unknownIds.join(', ')}): ` +
        `it was upgraded by a newer build — run that build, or restore the backup taken before the upgrade`,
    );
  }
}

/**
 * Applies `list`'s pending migrations (`migrationsFor(mode)`), in its order; returns the ids it applied.
 * Refuses (SchemaNewerThanBuildError, nothing applied) when the database holds an id neither the list nor
 * this build's other list knows: a production build on a database the sandbox migrated is not refused.
 */
export async function runMigrations(db: Db, list: Migration[]): Promise<string[]> {
  return db.tx(async (q) => {
    if (db.kind === 'pg') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id TEXT PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await q.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const known = new Set(list.map((migration) => migration.id));
    const unknown = [...applied].filter((id) => !known.has(id) && !KNOWN_IDS.has(id)).sort();
    if (unknown.length > 0) throw new SchemaNewerThanBuildError(unknown);
    const pending = list.filter((migration) => !applied.has(migration.id));
    for (const migration of pending) {
      await q.exec(migration.sql);
      await q.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
    return pending.map((migration) => migration.id);
  });
}
