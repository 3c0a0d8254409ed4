import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index';
import { migrations, runMigrations } from '../../server/db/migrations';

describe('PGlite data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created with its parents on a fresh clone, and data survives a reopen', async () => {
    const dataDir = join(root, 'nested', '.data', 'pglite');
    const first = await createDb({ dataDir });
    await runMigrations(first, migrations);
    await first.query(`INSERT INTO settings (key, value) VALUES ('probe', '"kept"'::jsonb)`);
    await first.close();

    const again = await createDb({ dataDir });
    const rows = await again.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'probe'`);
    expect(rows).toEqual([{ value: 'kept' }]);
    await again.close();
  }, 60_000); // two on-disk databases, every migration on the first: more than 20 s on a busy machine
});
