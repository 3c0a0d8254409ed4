/**
 * The import rules are dependency-cruiser configs (.dependency-cruiser.cjs for the source,
 * .dependency-cruiser.runtime.cjs for what the browser loads), run on the real tree by `npm run
 * lint:imports`. This test shows that each rule bites: it builds a small made-up tree with one breach
 * per rule next to imports the rules allow, cruises it with the project's own config, and expects
 * exactly the breaches back.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const runtimeRules = require(join(root, 'scripts/entry-bundle.cjs')) as {
  FIRST_SCREEN: string[];
  LAZY: string[];
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

/** A tree of files (path → text) with the app's path alias, and fake packages under node_modules. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  trees.push(dir);
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        baseUrl: '.',
        paths: {
          '@/*': ['src/*'],
          '@shared/*': ['src/shared/*'],
          '@console/*': ['console/*'],
          '@contract': ['contract/index.ts'],
          '@contract/*': ['contract/*'],
        },
        jsx: 'react-jsx',
        module: 'ESNext',
        moduleResolution: 'Bundler',
      },
    }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const pkg = (name: string, imports = ''): Record<string, string> => ({
  [`node_modules/${name}/package.json`]: JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  [`node_modules/${name}/index.js`]: `${imports}export const value = 1;\n`,
});

/** The violations dependency-cruiser reports for `dir` with one of the project's configs, as "rule: from → to". */
async function violations(dir: string, config: string, targets: string[]): Promise<string[]> {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const { stdout } = await run(
    process.execPath,
    [bin, ...targets, '--config', join(root, config), '--output-type', 'json'],
    {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

describe('the source import rules (.dependency-cruiser.cjs)', () => {
  it('report each breach and nothing the rules allow', async () => {
    const dir = tree({
      // Allowed: a domain through another's service, inside a domain, platform, roots, the sandbox's registration,
      // the contract from src/, type-only imports counted like the rest.
      'server/mint/service.ts':
        "import { b } from '../ledger/service';\nimport { db } from '../db/index';\nexport const a = b + db;\n",
      'server/mint/routes.ts':
        "import { a } from './service';\nimport { auth } from '../http/auth-context';\nexport const r = a + auth;\n",
      'server/mint/wire.ts': "import type { Mint } from '@contract/mint';\nexport type W = Mint;\n",
      'server/ledger/service.ts': "import { db } from '../db/index';\nexport const b = db;\n",
      'server/db/index.ts': 'export const db = 1;\n',
      'server/http/auth-context.ts': 'export const auth = 1;\n',
      'server/deps.ts': "import type { auth } from './http/auth-context';\nexport type Deps = typeof auth;\n",
      'server/app.ts':
        "import { r } from './mint/routes';\nexport const app = r;\nexport const load = () => import('./sandbox/index');\n",
      'server/jobs.ts': "import { a } from './mint/service';\nexport const jobs = a;\n",
      'server/sandbox/index.ts':
        "import { c } from './chain/routes';\nimport { b } from '../ledger/service';\nexport const s = c + b;\n",
      'server/sandbox/chain/routes.ts': 'export const c = 1;\n',
      'contract/mint.ts': "import { z } from 'zod';\nexport const mintSchema = z;\nexport type Mint = number;\n",
      ...pkg('zod'),

      // One breach per rule.
      'server/staking/service.ts': "import { q } from '../mint/queries';\nexport const s = q;\n",
      'server/mint/queries.ts': 'export const q = 1;\n',
      'server/sandbox/routes.ts': "import { m } from '../maintenance/routes';\nexport const x = m;\n",
      'server/maintenance/routes.ts': 'export const m = 1;\n',
      'server/auth/service.ts': "import { u } from '../users/service';\nexport const a = u;\n",
      'server/users/service.ts': "import { a } from '../auth/service';\nexport const u = a;\n",
      'server/lib/codes.ts': "import { b } from '../ledger/service';\nexport const codes = b;\n",
      'server/price/service.ts': "import { jobs } from '../jobs';\nexport const p = jobs;\n",
      'server/web/routes.ts': "import { c } from '../sandbox/chain/routes';\nexport const w = c;\n",
      'server/dev.ts': "import { c } from './sandbox/chain/routes';\nexport const dev = c;\n",
      'server/stats/wire.ts': "import { f } from '@/shared/lib/format';\nexport const w = f;\n",
      'src/shared/lib/format.ts': 'export const f = 1;\n',
      'server/nowhere/service.ts': "import { db } from '../db/index';\nexport const n = db;\n",
      'src/entities/x/model.ts': "import { db } from '../../../server/db/index';\nexport const x = db;\n",
      'contract/farming.ts': "import { f } from '../src/shared/lib/format';\nexport const g = f;\n",
      'server/tasks/routes.ts': "import { gone } from './missing';\nexport const t = gone;\n",
      // The console takes the shared library (allowed) but no Mini App slice; the Mini App never takes the console.
      'console/pages/audit/model/audit.ts':
        "import { f } from '@shared/lib/format';\nimport { x } from '@/entities/x/model';\nexport const a = f + x;\n",
      'src/pages/dashboard/model/stats.ts':
        "import { a } from '@console/pages/audit/model/audit';\nexport const s = a;\n",
      // A ring inside one folder, through a type-only import.
      'src/shared/ring/model.ts':
        "import { en } from './en';\nexport type Catalogue = Record<string, string>;\nexport const m = en;\n",
      'src/shared/ring/en.ts': "import type { Catalogue } from './model';\nexport const en: Catalogue = {};\n",
    });
    expect(await violations(dir, '.dependency-cruiser.cjs', ['src', 'console', 'contract', 'server'])).toEqual(
      [
        'client-imports-no-server: src/entities/x/model.ts → server/db/index.ts',
        'console-takes-only-the-shared-library: console/pages/audit/model/audit.ts → src/entities/x/model.ts',
        'mini-app-imports-no-console: src/pages/dashboard/model/stats.ts → console/pages/audit/model/audit.ts',
        'contract-imports-nothing-else: contract/farming.ts → src/shared/lib/format.ts',
        'domain-cycle: server/auth → server/users',
        'domain-cycle: server/users → server/auth',
        // A cycle is reported once, at one of its imports.
        'no-circular: server/auth/service.ts → server/users/service.ts',
        'no-circular: src/shared/ring/en.ts → src/shared/ring/model.ts',
        'domain-through-service: server/sandbox/routes.ts → server/maintenance/routes.ts',
        'domain-through-service: server/staking/service.ts → server/mint/queries.ts',
        'not-to-unresolvable: server/tasks/routes.ts → ./missing',
        'only-roots-import-roots: server/price/service.ts → server/jobs.ts',
        'platform-imports-no-domain: server/lib/codes.ts → server/ledger/service.ts',
        'sandbox-registered-once: server/dev.ts → server/sandbox/chain/routes.ts',
        'sandbox-registered-once: server/web/routes.ts → server/sandbox/chain/routes.ts',
        'server-imports-nothing-of-the-clients: server/stats/wire.ts → src/shared/lib/format.ts',
        'server-unlisted: server/nowhere/service.ts → server/db/index.ts',
      ].sort(),
    );
  }, 60_000);
});

describe('the runtime import rules (.dependency-cruiser.runtime.cjs)', () => {
  it('start with the early launch calls: the entry\'s first import (docs/performance.md "What the client does at launch")', () => {
    const entry = readFileSync(join(root, 'src/app/index.tsx'), 'utf8');
    expect(entry.match(/^import .+$/m)?.[0]).toBe("import './early';");
  });

  it('name only files that exist', () => {
    for (const file of [...runtimeRules.FIRST_SCREEN, ...runtimeRules.LAZY])
      expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('report each breach and nothing the rules allow', async () => {
    const dir = tree({
      ...pkg('zod'),
      ...pkg('ofetch'),
      ...pkg('effector'),
      ...pkg('lightweight-charts'),
      'src/app/index.tsx': [
        "import './early';",
        "import { page } from '../pages/dashboard/ui/dashboard-page';",
        // a breach: an overlay in the entry
        "import { modal } from '../shared/ui/modal/modal';",
        // allowed: a lazy chunk and a type-only import of the contract's schemas
        "export const lazy = () => import('../features/sell-tokens/ui/sell-modal');",
        "import type { Mint } from '../../contract/mint';",
        'export const app: Mint = page + modal;',
      ].join('\n'),
      'src/app/early.ts':
        "import { value } from 'ofetch';\nimport { value as e } from 'effector';\nexport const early = value + e;\n",
      'src/pages/dashboard/ui/dashboard-page.tsx':
        "import { value } from 'lightweight-charts';\nexport const page = value;\n",
      'src/shared/ui/modal/modal.tsx': 'export const modal = 1;\n',
      // on the first screen's list, but the entry does not import it
      'src/widgets/navbar/ui/navbar.tsx': 'export const navbar = 1;\n',
      // a lazy chunk is a root of its own: its zod is a breach too
      'src/features/sell-tokens/ui/sell-modal.tsx':
        "import { mintSchema } from '../../../../contract/mint';\nexport default mintSchema;\n",
      'contract/mint.ts': "import { z } from 'zod';\nexport const mintSchema = z;\nexport type Mint = number;\n",
      // the console's bundles are held to the same: no zod
      'console/pages/price/model/price.ts':
        "import { mintSchema } from '@contract/mint';\nexport const p = mintSchema;\n",
    });
    expect(await violations(dir, '.dependency-cruiser.runtime.cjs', ['src', 'console'])).toEqual(
      [
        'client-runs-no-zod: console/pages/price/model/price.ts → node_modules/zod/index.js',
        'client-runs-no-zod: src/features/sell-tokens/ui/sell-modal.tsx → node_modules/zod/index.js',
        'early-launch-is-small: src/app/early.ts → node_modules/effector/index.js',
        // dependency-cruiser names an unreachable module as both ends
        'entry-holds-the-first-screen: src/widgets/navbar/ui/navbar.tsx → src/widgets/navbar/ui/navbar.tsx',
        'entry-leaves-out-heavy-packages: src/app/index.tsx → node_modules/lightweight-charts/index.js',
        'entry-leaves-out-lazy-modules: src/app/index.tsx → src/shared/ui/modal/modal.tsx',
      ].sort(),
    );
  }, 60_000);
});
