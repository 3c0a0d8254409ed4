/**
 * The sandbox's schema is the sandbox's only (server/db/migrations/ `sandboxMigrations`, docs/operations.md
 * "Migrations"): a production start on a fresh database creates none of its tables, a sandbox start creates
 * them, and the operator console's queries work on a production database without them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, createDb } from '../../server/db/index';
import { migrations, sandboxMigrations } from '../../server/db/migrations';
import { startServer } from '../../server/start';
import { productionConfig, sandboxConfig } from './helpers';

/** Every table the sandbox's code reads or writes (server/sandbox, server/operators' sandbox operators). */
const SANDBOX_TABLES = [
  'chain_accounts',
  'chain_state',
  'chain_transactions',
  'sandbox_bot_calls',
  'sandbox_bot_updates',
  'sandbox_bridge_messages',
  'sandbox_mobile_wallet_answers',
  'sandbox_mobile_wallet_sessions',
  'sandbox_operators',
  'sandbox_prepared_messages',
  'sandbox_users',
  'sandbox_wallets',
];

async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND (table_name LIKE 'sandbox\\_%' OR table_name LIKE 'chain\\_%')
      ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

describe("the sandbox's schema", () => {
  const root = mkdtempSync(join(tmpdir(), 'sandbox-schema-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /**
   * Starts the server on a fresh PGlite directory, stops it, and opens that database again: every migration
   * on disk, which took up to a minute on a busy 2-core machine (hence the tests' two minutes).
   */
  async function startedOnce(config: typeof productionConfig, dataDir: string): Promise<Db> {
    const server = await startServer(config({ dataDir, databaseUrl: undefined, port: 0 }));
    await server.close();
    return createDb({ dataDir });
  }

  it('a production start on a fresh database creates none of its tables', async () => {
    const db = await startedOnce(productionConfig, join(root, 'production'));
    try {
      expect(await tablesOf(db)).toEqual([]);
      const ids = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(ids.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id).sort());
    } finally {
      await db.close();
    }
  }, 120_000);

  it('a sandbox start creates them all', async () => {
    const db = await startedOnce(sandboxConfig, join(root, 'sandbox'));
    try {
      expect(await tablesOf(db)).toEqual(SANDBOX_TABLES);
      const ids = await db.query<{ id: string }>('SELECT id FROM schema_migrations');
      expect(ids.map((row) => row.id)).toEqual(
        expect.arrayContaining(sandboxMigrations.map((migration) => migration.id)),
      );
    } finally {
      await db.close();
    }
  }, 120_000);

  it('no migration every database gets creates or changes a sandbox table', () => {
    for (const { id, sql } of migrations) expect(sql, id).not.toMatch(/\b(sandbox|chain)_[a-z_]+/);
  });
});
