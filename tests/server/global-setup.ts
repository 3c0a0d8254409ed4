/**
 * Migrate once: the server suite's embedded databases all start from one PGlite migrated here, at the start
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
import { runMigrations } from '../../server/db/migrations';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database's dump (PGlite's dumpDataDir, uncompressed tar). */
    migratedDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'ton-token-migrated-'));
  const file = join(dir, 'migrated.tar');
  const lite = await openPglite('memory://');
  try {
    await runMigrations(pgliteDb(lite));
    const dump = await lite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await lite.close();
  }
  project.provide('migratedDatabase', file);
  return () => rm(dir, { recursive: true, force: true });
}
