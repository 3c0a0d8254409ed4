/**
 * The client takes the wire contract's schemas as types only: a value import of zod (or of a contract
 * module that builds schemas) would put ~24 kB gzip of zod on the first screen. Its runtime imports
 * from the contract are the zod-free modules: the route tables (calls, route, <domain>/routes), money,
 * constants (docs/contract.md "Where it lives").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const src = join(root, 'src');
const contractDir = join(src, 'shared/api/contract');
const ZOD_FREE_FILES = new Set(['calls.ts', 'route.ts', 'money.ts', 'constants.ts', 'app-config.ts']);
/** A contract module (path relative to the contract folder, with .ts) that carries no zod. */
const isZodFree = (name: string) => ZOD_FREE_FILES.has(name) || /^[a-z-]+\/routes\.ts$/.test(name);
const ZOD_FREE = readdirSync(contractDir, { recursive: true, encoding: 'utf8' })
  .map((name) => name.split('\\').join('/'))
  .filter(isZodFree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Value (not type-only) imports and re-exports of a file, as written. */
export function valueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return join(src, specifier.slice(2));
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  return null;
}

/** Problems: value imports that would bring zod into the client bundle. */
export function zodLeaks(file: string, text: string): string[] {
  const inContract = file.startsWith(contractDir + '/');
  return valueImports(file, text).flatMap((specifier) => {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return inContract ? [] : [`${specifier}`];
    const target = resolveSpecifier(file, specifier);
    if (!target || !(target === contractDir || target.startsWith(contractDir + '/'))) return [];
    if (inContract) return [];
    const name = relative(contractDir, target);
    return isZodFree(`${name}.ts`) ? [] : [specifier];
  });
}

describe('the client imports no zod at run time', () => {
  it('imports only the zod-free contract modules as values, and never zod', () => {
    const problems = sourceFiles(src).flatMap((file) =>
      zodLeaks(file, readFileSync(file, 'utf8')).map((what) => `${relative(root, file)} → ${what}`),
    );
    expect(problems).toEqual([]);
  });

  it('the zod-free contract modules import no zod themselves', () => {
    expect(ZOD_FREE).toContain('mint/routes.ts');
    for (const name of ZOD_FREE) {
      const file = join(contractDir, name);
      const imports = valueImports(file, readFileSync(file, 'utf8'));
      const leaks = imports.filter(
        (specifier) =>
          specifier.includes('zod') || !isZodFree(`${relative(contractDir, resolve(dirname(file), specifier))}.ts`),
      );
      expect(leaks, name).toEqual([]);
    }
  });

  it('catches a leak (the check is not vacuous)', () => {
    const file = join(src, 'entities/x/model.ts');
    expect(zodLeaks(file, "import { mintSchema } from '@/shared/api/contract';")).toEqual(['@/shared/api/contract']);
    expect(zodLeaks(file, "import { z } from 'zod';")).toEqual(['zod']);
    expect(zodLeaks(file, "export { userMeSchema } from '@/shared/api/contract/schemas';")).toEqual([
      '@/shared/api/contract/schemas',
    ]);
    expect(zodLeaks(file, "import type { Mint } from '@/shared/api/contract';")).toEqual([]);
    expect(zodLeaks(file, "import { type Mint } from '@/shared/api/contract';")).toEqual([]);
    expect(zodLeaks(file, "import { calls } from '@/shared/api/contract/calls';")).toEqual([]);
    expect(zodLeaks(file, "import { mintRoutes } from '@/shared/api/contract/mint/routes';")).toEqual([]);
    expect(zodLeaks(file, "import { mintSchema } from '@/shared/api/contract/mint/schemas';")).toEqual([
      '@/shared/api/contract/mint/schemas',
    ]);
  });
});
