/**
 * An old build on a newer schema (after a rollback) refuses to start (server/db/migrations/ runMigrations,
 * server/start.ts): the database holds a migration id the build's list lacks, so the start fails with one
 * line naming it — a StartRefusal main.ts prints before exiting 1 — and applies nothing (docs/deploy.md
 * "Rolling back").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index';
import { SchemaNewerThanBuildError, migrations, migrationsFor, runMigrations } from '../../server/db/migrations';
import { StartRefusal, startServer } from '../../server/start';
import { productionConfig, sandboxConfig } from './helpers';

describe('a database migrated by a newer build', () => {
  const root = mkdtempSync(join(tmpdir(), 'schema-newer-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is refused by runMigrations, naming the ids it does not know, and nothing is applied', async () => {
    const db = await createDb({ dataDir: 'memory://' });
    const newer = [...migrations, { id: '9999_from_the_future', sql: 'CREATE TABLE future_thing (id INT)' }];
    expect(await runMigrations(db, newer)).toContain('9999_from_the_future');
    // The old build's list also lacks a migration that is now pending for it: still nothing applied.
    const older = [...migrations, { id: '9998_pending', sql: 'CREATE TABLE pending_thing (id INT)' }];
    const error = await runMigrations(db, older).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaNewerThanBuildError);
    expect((error as SchemaNewerThanBuildError).unknownIds).toEqual(['9999_from_the_future']);
    expect((error as Error).message).toContain('9999_from_the_future');
    const ids = await db.query<{ id: string }>(`SELECT id FROM schema_migrations WHERE id LIKE '999%'`);
    expect(ids).toEqual([{ id: '9999_from_the_future' }]);
    await db.close();
  }, 60_000);

  it.each(['sandbox', 'production'] as const)(
    'makes the %s start refuse with one line (StartRefusal), not serve',
    async (mode) => {
      const dataDir = join(root, `pglite-${mode}`);
      const db = await createDb({ dataDir });
      await runMigrations(db, migrationsFor(mode));
      await db.query(`INSERT INTO schema_migrations (id) VALUES ('9999_from_the_future')`);
      await db.close();
      const config = mode === 'sandbox' ? sandboxConfig : productionConfig;
      const error = await startServer(config({ dataDir, databaseUrl: undefined, port: 0 })).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StartRefusal);
      expect((error as Error).message).toMatch(/^Cannot start: .*9999_from_the_future/);
      expect((error as Error).message).not.toContain('\n');
    },
    60_000,
  );

  it("takes the sandbox's migrations for known, in production: a database the sandbox migrated is not newer", async () => {
    const db = await createDb({ dataDir: 'memory://' });
    await runMigrations(db, migrationsFor('sandbox'));
    expect(await runMigrations(db, migrationsFor('production'))).toEqual([]);
    // A newer build's sandbox migration is unknown to either list: refused in both modes.
    await db.query(`INSERT INTO schema_migrations (id) VALUES ('9999_sandbox_from_the_future')`);
    for (const mode of ['sandbox', 'production'] as const) {
      const error = await runMigrations(db, migrationsFor(mode)).catch((caught: unknown) => caught);
      expect((error as SchemaNewerThanBuildError).unknownIds, mode).toEqual(['9999_sandbox_from_the_future']);
    }
    await db.close();
  }, 60_000);
});
