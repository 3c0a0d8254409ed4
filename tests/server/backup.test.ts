/**
 * Backups as docs/deploy.md shows them, run once against the suite's real Postgres: the guide's `pg_dump
 * --format=custom` line (the dump readable by its owner only, 0600) of a database with users, money and a paid mint, `pg_restore --clean --if-exists
 * --no-owner` into an empty database, and the server on the restored copy: no migration to apply, the
 * same rows, the same balances, and a user signs in again with what they had.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFor, runMigrations } from '../../server/db/migrations';
import { type TestContext, bearer, createTestContext, register } from './helpers';
import { createMint, newUser, payMint } from './mint-kit';
import { fundedUser } from './race-kit';
import { type PostgresServer, findPostgresBinDir, startPostgres } from './support/postgres-server';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The tables whose rows a backup must carry; compared row for row by count. */
const TABLES = ['users', 'ledger', 'mints', 'treasury_transactions', 'schema_migrations', 'operations_journal'];

let postgres: PostgresServer;
let dumpDir: string;

beforeAll(async () => {
  postgres = await startPostgres();
  dumpDir = mkdtempSync(join(tmpdir(), 'backup-test-'));
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
  if (dumpDir) rmSync(dumpDir, { recursive: true, force: true });
}, 60_000);

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      result[table] = Number(rows[0]!.n);
    }
    return result;
  } finally {
    await client.end();
  }
}

describe('pg_dump and pg_restore (docs/deploy.md "Backups")', () => {
  it('a restored database runs the server with every row and balance of the original', async () => {
    const original: TestContext = await createTestContext({ databaseUrl: postgres.url });
    let telegramId: number;
    let balanceBefore: unknown;
    try {
      const payer = await newUser(original);
      const mint = await createMint(original, payer, 5);
      await payMint(original, mint);
      const holder = await fundedUser(original, 250n);
      const [row] = await original.db.query<{ telegram_id: string }>('SELECT telegram_id FROM users WHERE id = $1', [
        holder.userId,
      ]);
      telegramId = Number(row!.telegram_id);
      balanceBefore = (
        await original.app.inject({ method: 'GET', url: '/api/user/me', headers: holder.headers })
      ).json();
    } finally {
      await original.close();
    }

    const bin = findPostgresBinDir();
    // The guide's own line, run by a shell whose umask is the usual 022: the dump still comes out 0600.
    const line = /^\(umask 077 && pg_dump .*\)$/m.exec(readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8'))?.[0];
    expect(line).toBeDefined();
    await run('sh', ['-c', `umask 022 && ${line!}`], {
      cwd: dumpDir,
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, DATABASE_URL: postgres.url },
    });
    const [name] = readdirSync(dumpDir).filter((file) => /^app-\d{4}-\d{2}-\d{2}\.dump$/.test(file));
    expect(name).toBeDefined();
    const dump = join(dumpDir, name!);
    expect(statSync(dump).size).toBeGreaterThan(0);
    expect(statSync(dump).mode & 0o777).toBe(0o600);

    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE app_restored');
    await admin.end();
    const restoredUrl = postgres.url.replace(/\/[^/]+$/, '/app_restored');
    await run(join(bin, 'pg_restore'), ['--clean', '--if-exists', '--no-owner', `--dbname=${restoredUrl}`, dump]);

    expect(await counts(restoredUrl)).toEqual(await counts(postgres.url));
    expect((await counts(restoredUrl)).mints).toBeGreaterThan(0);

    const restored = await createTestContext({ databaseUrl: restoredUrl });
    try {
      expect(await runMigrations(restored.db, migrationsFor(restored.config.mode))).toEqual([]);
      // Signing in again finds the same user with the same balances.
      const { token } = await register(restored.app, { id: telegramId });
      const me = await restored.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
      expect(me.json()).toEqual(balanceBefore);
    } finally {
      await restored.close();
    }
  });
});
