/**
 * Schema migrations, one file each (./shared/<id>.ts, ./sandbox/<id>.ts): two ordered, append-only lists,
 * `migrations` (every database) and `sandboxMigrations`
 * (the sandbox's only, after the first; `migrationsFor` picks by mode). Never edit an applied entry; add a
 * new one, to the sandbox's list when only the sandbox uses it. Ids are unique across both lists.
 * All pending migrations apply in one transaction at start, so a failed start leaves the schema as it was.
 */
import type { Mode } from '../../config';
import type { Db } from '../index';
import type { Migration } from './types';
import { migration as m0001 } from './shared/0001_users_ledger_auth_settings';
import { migration as m0004 } from './shared/0004_mint_staking';
import { migration as m0005 } from './shared/0005_farming';
import { migration as m0006 } from './shared/0006_referral_transfers_share_messages';
import { migration as m0007 } from './shared/0007_tasks';
import { migration as m0008 } from './shared/0008_payouts';
import { migration as m0009 } from './shared/0009_sell';
import { migration as m0010 } from './shared/0010_payouts_pause';
import { migration as m0011 } from './shared/0011_wallet_ownership';
import { migration as m0012 } from './shared/0012_event_payloads';
import { migration as m0013 } from './shared/0013_operator_actions';
import { migration as m0014 } from './shared/0014_session_indexes';
import { migration as m0015 } from './shared/0015_rate_limit_counters';
import { migration as m0016 } from './shared/0016_operator_action_route';
import { migration as m0018 } from './shared/0018_payout_proof';
import { migration as m0019 } from './shared/0019_payout_bounces';
import { migration as m0020 } from './shared/0020_operations_journal';
import { migration as m0021 } from './shared/0021_telegram_bot';
import { migration as m0022 } from './shared/0022_notifications';
import { migration as m0024 } from './shared/0024_operator_sessions';
import { migration as m0025 } from './shared/0025_operator_console';
import { migration as m0028 } from './shared/0028_operator_launch_data';
import { migration as m0029 } from './shared/0029_audit_outcome';
import { migration as m0032 } from './shared/0032_audit_summary';
import { migration as m0033 } from './shared/0033_notification_public_ids';
import { migration as m0036 } from './shared/0036_highload_payouts';
import { migration as m0037 } from './shared/0037_payout_reason_codes';
import { migration as m0034 } from './sandbox/0034_sandbox_tables_apart';
import { migration as m0002 } from './sandbox/0002_dev_chain';
import { migration as m0003 } from './sandbox/0003_sandbox_wallets';
import { migration as m0017 } from './sandbox/0017_dev_chain_bounces';
import { migration as m0023 } from './sandbox/0023_sandbox_bot_calls';
import { migration as m0026 } from './sandbox/0026_sandbox_bridge';
import { migration as m0027 } from './sandbox/0027_sandbox_mobile_wallet';
import { migration as m0030 } from './sandbox/0030_sandbox_limits';
import { migration as m0035 } from './sandbox/0035_dev_chain_tvm';

export type { Migration } from './types';

/**
 * Every database's schema, production's and the sandbox's: users, the ledger, mints, payouts, the audit…
 * (Sandbox tables were once created here too: see `sandboxMigrations`.)
 */
export const migrations: Migration[] = [
  m0001,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0024,
  m0025,
  m0028,
  m0029,
  m0032,
  m0033,
  m0036,
  m0037,
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
export const sandboxMigrations: Migration[] = [m0034, m0002, m0003, m0017, m0023, m0026, m0027, m0030, m0035];

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
