/**
 * Each side is type-checked with its own platform's types (docs/architecture.md "Roots"): the clients with
 * the DOM's and no Node types, the server with Node's and no DOM, and `npm run typecheck` runs both besides
 * the root config. A config that quietly took the other side's types back would let `window` into the
 * server or `process` into the bundle and still compile.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

interface TsConfig {
  extends?: string;
  compilerOptions?: { lib?: string[]; types?: string[]; paths?: Record<string, string[]> };
  include?: string[];
}
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as TsConfig;

/** The options in force: the config's own over its base's (one level, as ours extend). */
function options(file: string) {
  const config = read(file);
  const base = config.extends ? read(config.extends.replace(/^\.\//, '')) : {};
  return { ...base.compilerOptions, ...config.compilerOptions, include: config.include ?? [] };
}
const isDom = (lib: string) => lib.toLowerCase().startsWith('dom');

describe('the type-check configs', () => {
  it("the clients': the DOM, no Node types, no server", () => {
    const client = options('tsconfig.client.json');
    expect(client.lib?.some(isDom)).toBe(true);
    expect(client.types).not.toContain('node');
    expect(client.include).toEqual(expect.arrayContaining(['src', 'console', 'contract']));
    expect(client.include).not.toContain('server');
  });

  it("the server's: Node's types, no DOM, no client and no client alias", () => {
    const server = options('tsconfig.server.json');
    expect(server.lib?.some(isDom)).toBe(false);
    expect(server.types).toContain('node');
    expect(server.include.sort()).toEqual(['contract', 'server']);
    expect(Object.keys(server.paths ?? {}).sort()).toEqual(['@contract', '@contract/*']);
  });

  it('npm run typecheck runs both, and the root config', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const config of ['tsconfig.client.json', 'tsconfig.server.json', 'tsconfig.json'])
      expect(scripts.typecheck).toContain(`tsc --noEmit -p ${config}`);
  });
});
