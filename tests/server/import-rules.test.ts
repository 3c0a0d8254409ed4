/**
 * The server's import rules (docs/architecture.md "Import rules"), checked on every server/**\/*.ts import, static,
 * type-only, re-export and dynamic:
 *  1. a domain reaches another domain only through that domain's service.ts;
 *  2. no cycles among domains (two domains never import each other);
 *  3. platform modules (db, lib, events, http, config, constants, deps) import no domain, no sandbox
 *     and no composition root; domains import no composition root;
 *  4. nothing outside server/sandbox/ imports it, except the one registration in the composition root
 *     (app.ts → sandbox/index.ts, a dynamic import); the sandbox, too, reaches domains only through
 *     their services;
 *  5. from src/ the server imports only the wire contract.
 * Every server file must belong to a listed domain, platform module or composition root, so a new
 * folder has to be named here before it can exist. The checker is a pure function, tested below on
 * small made-up graphs, so this test cannot pass by checking nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Business domains: a folder each under server/. */
export const DOMAINS = [
  'auth',
  'users',
  'ledger',
  'referral',
  'price',
  'settings',
  'maintenance',
  'mint',
  'staking',
  'watcher',
  'community',
  'ws',
  'web',
  'gates',
  'program',
  'withdraw',
  'farming',
  'tasks',
  'stats',
  'wallet',
  'audit',
] as const;
/** Platform: shared by every domain, knows none of them. */
export const PLATFORM_FOLDERS = ['db', 'lib', 'events', 'http'] as const;
export const PLATFORM_FILES = ['config.ts', 'constants.ts', 'deps.ts'] as const;
/** Composition roots: wire domains together (and may import any of their files). */
export const ROOT_FILES = ['app.ts', 'jobs.ts', 'start.ts', 'main.ts', 'cluster.ts', 'dev.ts', 'operator.ts'] as const;
/** The one import of the sandbox from outside it. */
export const SANDBOX_REGISTRATION = { from: 'server/app.ts', to: 'server/sandbox/index.ts' } as const;
/**
 * What the server may import from src/: the wire contract, and the TON address parser (SPEC §5's address
 * forms and their messages, which a 422 carries: one parser on both sides), and nothing else of the client.
 */
const CONTRACT = [/^src\/shared\/api\/contract\/.+/, /^src\/shared\/lib\/ton-address\/.+/];

// ---- reading imports ---------------------------------------------------------------------------------

export interface ImportRef {
  specifier: string;
  kind: 'static' | 'type' | 're-export' | 'dynamic' | 'import-type';
}

/** Every module a TypeScript file refers to; a dynamic import of something other than a string literal is an error. */
export function importsOf(fileName: string, text: string): { imports: ImportRef[]; errors: string[] } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: ImportRef[] = [];
  const errors: string[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier !== undefined) imports.push({ specifier, kind: node.importClause?.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier !== undefined) imports.push({ specifier, kind: 're-export' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const specifier = literal(node.moduleReference.expression);
      if (specifier !== undefined) imports.push({ specifier, kind: 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = literal(node.arguments[0]);
      if (specifier === undefined) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        errors.push(`${fileName}:${line + 1}: dynamic import of a computed specifier (the rules cannot check it)`);
      } else {
        imports.push({ specifier, kind: 'dynamic' });
      }
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      const specifier = ts.isLiteralTypeNode(argument) ? literal(argument.literal) : undefined;
      if (specifier !== undefined) imports.push({ specifier, kind: 'import-type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, errors };
}

/** Repository-relative posix path of what `specifier` names, or null for a package. */
export function resolveSpecifier(fromFile: string, specifier: string, exists: (file: string) => boolean): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (exists(candidate) && !candidate.endsWith('/')) return candidate;
  }
  // Unresolvable (typecheck would fail anyway): judge the path as written.
  return base;
}

// ---- the rules -------------------------------------------------------------------------------------

export type Edge = { from: string; to: string };

type Place =
  | { kind: 'domain'; name: string }
  | { kind: 'platform' }
  | { kind: 'root' }
  | { kind: 'sandbox' }
  | { kind: 'client' }
  | { kind: 'other'; why: string };

function placeOf(file: string): Place {
  if (file.startsWith('src/')) return { kind: 'client' };
  if (!file.startsWith('server/')) return { kind: 'other', why: 'outside server/ and src/' };
  const rest = file.slice('server/'.length);
  const [head, ...tail] = rest.split('/');
  if (head === 'sandbox' && tail.length > 0) return { kind: 'sandbox' };
  if (tail.length === 0) {
    if ((PLATFORM_FILES as readonly string[]).includes(rest)) return { kind: 'platform' };
    if ((ROOT_FILES as readonly string[]).includes(rest)) return { kind: 'root' };
    return { kind: 'other', why: 'a top-level server file that is neither platform nor a composition root' };
  }
  if ((DOMAINS as readonly string[]).includes(head ?? '')) return { kind: 'domain', name: head ?? '' };
  if ((PLATFORM_FOLDERS as readonly string[]).includes(head ?? '')) return { kind: 'platform' };
  return { kind: 'other', why: `server/${head}/ is not a listed domain or platform folder` };
}

const isServiceOf = (file: string, domain: string) => file === `server/${domain}/service.ts`;

/** Cycles in a directed graph of domains, each as the list of its domains. */
export function domainCycles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) {
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)?.add(b);
  }
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const walk = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') {
        const cycle = stack.slice(stack.indexOf(to));
        const key = [...cycle].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, to]);
        }
      } else if (!state.has(to)) {
        walk(to);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...next.keys()].sort()) if (!state.has(node)) walk(node);
  return cycles;
}

/** Every broken rule in a server import graph, in words. `files` are the server files (edges' sources). */
export function checkImportRules(files: readonly string[], edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const place = placeOf(file);
    if (place.kind === 'other') problems.push(`${file}: unclassified (${place.why}); list it in import-rules.test.ts`);
  }
  const domainEdges: Array<[string, string]> = [];
  for (const { from, to } of edges) {
    const source = placeOf(from);
    const target = placeOf(to);
    const edge = `${from} → ${to}`;

    if (target.kind === 'client') {
      if (!CONTRACT.some((pattern) => pattern.test(to))) problems.push(`${edge}: the server imports only the wire contract from src/`);
      continue;
    }
    if (target.kind === 'sandbox' && source.kind !== 'sandbox') {
      if (from !== SANDBOX_REGISTRATION.from || to !== SANDBOX_REGISTRATION.to) {
        problems.push(`${edge}: nothing outside server/sandbox/ imports it (only ${SANDBOX_REGISTRATION.from} registers ${SANDBOX_REGISTRATION.to})`);
      }
      continue;
    }
    if (target.kind === 'root' && source.kind !== 'root') {
      problems.push(`${edge}: only composition roots import composition roots`);
      continue;
    }
    if (source.kind === 'platform' && target.kind === 'domain') {
      problems.push(`${edge}: platform code imports no domain`);
      continue;
    }
    if ((source.kind === 'domain' || source.kind === 'sandbox') && target.kind === 'domain') {
      const sameDomain = source.kind === 'domain' && source.name === target.name;
      if (sameDomain) continue;
      if (!isServiceOf(to, target.name)) {
        problems.push(`${edge}: another domain is reached only through server/${target.name}/service.ts`);
      }
      if (source.kind === 'domain') domainEdges.push([source.name, target.name]);
    }
  }
  for (const cycle of domainCycles(domainEdges)) problems.push(`domains import each other: ${cycle.join(' → ')}`);
  return problems;
}

// ---- the server as it is ----------------------------------------------------------------------------

function serverFiles(): string[] {
  return (readdirSync(path.join(ROOT, 'server'), { recursive: true }) as string[])
    .map((file) => `server/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
}

function serverGraph(): { files: string[]; edges: Edge[]; refs: Array<Edge & ImportRef>; errors: string[] } {
  const files = serverFiles();
  const exists = (file: string) => {
    try {
      readFileSync(path.join(ROOT, file));
      return true;
    } catch {
      return false;
    }
  };
  const edges: Edge[] = [];
  const refs: Array<Edge & ImportRef> = [];
  const errors: string[] = [];
  for (const from of files) {
    const parsed = importsOf(from, readFileSync(path.join(ROOT, from), 'utf8'));
    errors.push(...parsed.errors);
    for (const ref of parsed.imports) {
      const to = resolveSpecifier(from, ref.specifier, exists);
      if (to === null) continue;
      edges.push({ from, to });
      refs.push({ from, to, ...ref });
    }
  }
  return { files, edges, refs, errors };
}

describe('server import rules', () => {
  const graph = serverGraph();

  it('reads the whole server: every file, every kind of import', () => {
    expect(graph.files.length).toBeGreaterThan(60);
    expect(graph.errors).toEqual([]);
    // the single sandbox registration is a dynamic import, and the reader sees it
    expect(graph.refs).toContainEqual(
      expect.objectContaining({ from: SANDBOX_REGISTRATION.from, to: SANDBOX_REGISTRATION.to, kind: 'dynamic' }),
    );
    const crossDomain = graph.edges.filter(({ from, to }) => {
      const a = placeOf(from);
      const b = placeOf(to);
      return a.kind === 'domain' && b.kind === 'domain' && a.name !== b.name;
    });
    expect(crossDomain.length).toBeGreaterThan(10);
    expect(graph.edges.some(({ to }) => to.startsWith('src/shared/api/contract/'))).toBe(true);
  });

  it('holds for the server as it is', () => {
    expect(checkImportRules(graph.files, graph.edges)).toEqual([]);
  });

  it('lists only domains and platform folders that exist', () => {
    const folders = new Set(graph.files.map((file) => file.split('/')[1]).filter((name) => name && !name.endsWith('.ts')));
    for (const name of [...DOMAINS, ...PLATFORM_FOLDERS]) expect(folders, name).toContain(name);
  });
});

describe('the import-rule checker', () => {
  const files = ['server/app.ts', 'server/mint/service.ts', 'server/staking/service.ts'];
  const check = (...edges: Array<[string, string]>) =>
    checkImportRules(
      files,
      edges.map(([from, to]) => ({ from, to })),
    );

  it('allows what the rules allow', () => {
    expect(
      check(
        ['server/staking/service.ts', 'server/mint/service.ts'],
        ['server/staking/routes.ts', 'server/staking/service.ts'],
        ['server/staking/service.ts', 'server/staking/queries.ts'],
        ['server/mint/service.ts', 'server/ledger/service.ts'],
        ['server/mint/service.ts', 'server/db/index.ts'],
        ['server/mint/routes.ts', 'server/http/auth-context.ts'],
        ['server/deps.ts', 'server/http/auth-context.ts'],
        ['server/app.ts', 'server/mint/routes.ts'],
        ['server/jobs.ts', 'server/staking/service.ts'],
        ['server/app.ts', 'server/sandbox/index.ts'],
        ['server/sandbox/index.ts', 'server/sandbox/chain/routes.ts'],
        ['server/sandbox/service.ts', 'server/ledger/service.ts'],
        ['server/mint/wire.ts', 'src/shared/api/contract/index.ts'],
        ['server/mint/wire.ts', 'src/shared/api/contract/mint/schemas.ts'],
        ['server/lib/errors.ts', 'src/shared/api/contract/constants.ts'],
      ),
    ).toEqual([]);
  });

  it("catches a domain reaching into another domain's queries, wire or internals", () => {
    expect(check(['server/staking/service.ts', 'server/mint/queries.ts'])).toEqual([
      expect.stringContaining('only through server/mint/service.ts'),
    ]);
    expect(check(['server/staking/bonuses.ts', 'server/mint/wire.ts'])).toHaveLength(1);
    expect(check(['server/sandbox/routes.ts', 'server/maintenance/routes.ts'])).toHaveLength(1);
  });

  it('catches two domains importing each other, and longer cycles', () => {
    expect(check(['server/mint/service.ts', 'server/staking/service.ts'], ['server/staking/service.ts', 'server/mint/service.ts'])).toEqual([
      expect.stringMatching(/domains import each other: (mint → staking → mint|staking → mint → staking)/),
    ]);
    const ring = check(
      ['server/auth/service.ts', 'server/users/service.ts'],
      ['server/users/service.ts', 'server/ledger/service.ts'],
      ['server/ledger/service.ts', 'server/auth/service.ts'],
    );
    expect(ring).toHaveLength(1);
    expect(ring[0]).toMatch(/domains import each other/);
    expect(domainCycles([['a', 'b'], ['b', 'c'], ['c', 'b']])).toEqual([['b', 'c', 'b']]);
    expect(domainCycles([['a', 'b'], ['a', 'c'], ['b', 'c']])).toEqual([]);
  });

  it('catches platform code importing a domain, and a domain importing a composition root', () => {
    expect(check(['server/deps.ts', 'server/community/checker.ts'])).toEqual([expect.stringContaining('platform code imports no domain')]);
    expect(check(['server/lib/codes.ts', 'server/users/service.ts'])).toHaveLength(1);
    expect(check(['server/config.ts', 'server/sandbox/chain/treasury.ts'])).toHaveLength(1);
    expect(check(['server/staking/service.ts', 'server/jobs.ts'])).toEqual([expect.stringContaining('composition roots')]);
  });

  it('catches any import of the sandbox from outside it, but the one registration', () => {
    expect(check(['server/web/routes.ts', 'server/sandbox/wallet/constants.ts'])).toEqual([
      expect.stringContaining('nothing outside server/sandbox/ imports it'),
    ]);
    expect(check(['server/app.ts', 'server/sandbox/routes.ts'])).toHaveLength(1);
    expect(check(['server/dev.ts', 'server/sandbox/index.ts'])).toHaveLength(1);
  });

  it('catches the server importing the client beyond the contract', () => {
    expect(check(['server/jobs.ts', 'src/shared/api/ton-node/client.ts'])).toEqual([
      expect.stringContaining('only the wire contract'),
    ]);
    expect(check(['server/mint/wire.ts', 'src/shared/lib/format.ts'])).toHaveLength(1);
    expect(check(['server/mint/wire.ts', 'src/shared/api/contractual.ts'])).toHaveLength(1);
  });

  it('catches a file in no listed place', () => {
    expect(checkImportRules(['server/nowhere/service.ts', 'server/helpers.ts'], [])).toEqual([
      expect.stringContaining('server/nowhere/ is not a listed domain'),
      expect.stringContaining('neither platform nor a composition root'),
    ]);
  });

  it('reads static, type-only, re-export, dynamic and import-type references, and refuses a computed dynamic import', () => {
    const { imports, errors } = importsOf(
      'server/x/service.ts',
      [
        "import { a } from '../mint/service';",
        "import type { B } from '../staking/queries';",
        "export { c } from './wire';",
        "export * from '@/shared/api/contract';",
        "const sandbox = await import('../sandbox/index');",
        "type T = import('../ledger/queries').Row;",
        "import fs from 'node:fs';",
        'const name = "x"; await import(`../${name}`);',
        "// import { z } from '../commented/out';",
      ].join('\n'),
    );
    expect(imports).toEqual([
      { specifier: '../mint/service', kind: 'static' },
      { specifier: '../staking/queries', kind: 'type' },
      { specifier: './wire', kind: 're-export' },
      { specifier: '@/shared/api/contract', kind: 're-export' },
      { specifier: '../sandbox/index', kind: 'dynamic' },
      { specifier: '../ledger/queries', kind: 'import-type' },
      { specifier: 'node:fs', kind: 'static' },
    ]);
    expect(errors).toEqual([expect.stringContaining('computed specifier')]);
    const none = () => false;
    expect(resolveSpecifier('server/x/service.ts', '../mint/service', none)).toBe('server/mint/service');
    expect(resolveSpecifier('server/x/service.ts', '../mint/service', (file) => file === 'server/mint/service.ts')).toBe(
      'server/mint/service.ts',
    );
    expect(resolveSpecifier('server/app.ts', '@/shared/api/contract', (file) => file === 'src/shared/api/contract/index.ts')).toBe(
      'src/shared/api/contract/index.ts',
    );
    expect(resolveSpecifier('server/app.ts', 'fastify', none)).toBeNull();
  });
});
