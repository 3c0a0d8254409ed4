import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const fixture = 'tests/fixtures/steiger/src';

async function lint(configPath?: string) {
  const env = { ...process.env, ...(configPath ? { STEIGER_CONFIG: resolve(root, configPath) } : {}) };
  try {
    const { stdout } = await run('node', ['scripts/steiger.mjs', fixture], { cwd: root, env });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('.steiger.config.ts is the steiger config in force (docs/foundations.md §6)', () => {
  it('npm run lint applies the rule that file enables', async () => {
    const result = await lint();
    expect(result.stdout).toContain('fsd/import-locality: tests/fixtures/steiger/src/features/greet/model/greet.ts');
    expect(result.code).toBe(1);
  }, 60_000);

  it('without it (recommended set only) the same tree has no such finding', async () => {
    const result = await lint('tests/fixtures/steiger/recommended-only.config.ts');
    expect(result.stdout).not.toContain('fsd/import-locality');
  }, 60_000);
});
