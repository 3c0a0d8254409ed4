/**
 * Migrate once: the server suite's embedded databases all start from a PGlite migrated here (one per mode:
 * the sandbox's has its own tables too), at the start
 * of the run, and dumped to a file each test file's createTestDb loads (tests/server/helpers.ts). Running
 * every migration in every test file cost seconds a file; loading the dump costs a fraction of a bare
 * PGlite's first start. The migrations themselves stay tested where that is the point (db, schema-newer,
 * backup and postgres tests run them from nothing), and createTestDb still runs runMigrations on the loaded
 * copy, which finds nothing left to apply.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, pgliteDb } from '../../server/db/index';
import type { Mode } from '../../server/config';
import { migrationsFor, runMigrations } from '../../server/db/migrations';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database migrated for each mode, dumped (PGlite's dumpDataDir, uncompressed tar). */
    migratedDatabases: Record<Mode, string>;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'ton-token-migrated-'));
  const files = { sandbox: join(dir, 'sandbox.tar'), production: join(dir, 'production.tar') };
  for (const mode of ['sandbox', 'production'] as const) {
    const lite = await openPglite('memory://');
    try {
      await runMigrations(pgliteDb(lite), migrationsFor(mode));
      const dump = await lite.dumpDataDir('none');
      await writeFile(files[mode], Buffer.from(await dump.arrayBuffer()));
    } finally {
      await lite.close();
    }
  }
  project.provide('migratedDatabases', files);
  return () => rm(dir, { recursive: true, force: true });
}
