/**
 * The compiled server (`npm run build`, after the client): server/main.ts, cluster.ts and operator.ts
 * bundled by rolldown into dist-server/*.js (ES modules, Node 20), with the files the server reads at
 * run time copied under dist-server/files/ (server/lib/files.ts lists them). Every package stays an
 * import of node_modules, so the install is `npm ci --omit=dev` and `node dist-server/main.js`: no
 * TypeScript loader, no dev dependency (docs/deploy.md; tests/install/ proves it). The build writes in which
 * build it is (server/lib/build-info.ts): package.json's version, and the commit when it runs in a git
 * checkout (a Docker build has no .git: no commit then).
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { SERVER_FILES } from '../server/lib/files';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(ROOT, 'dist-server');
const ENTRIES = ['main', 'cluster', 'operator'] as const;

/** The checkout's commit (short hash), or '' outside a git checkout. */
function sourceCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/** A package's name from an import specifier: `@ton/core/dist/x` → `@ton/core`, `pg` → `pg`. */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

async function main(): Promise<void> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
  const runtime = new Set(Object.keys(manifest.dependencies));
  // The dev chain's TVM (server/sandbox/chain/tvm.ts) imports it lazily, on the sandbox's first message: the
  // sandbox runs from a full install (npm start), and production, installed without it, never gets there.
  const sandboxOnly = new Set(['@ton/sandbox']);
  const builtins = new Set(builtinModules);
  const devOnly = new Set<string>();

  await rm(OUT_DIR, { recursive: true, force: true });
  await build({
    input: Object.fromEntries(ENTRIES.map((name) => [name, join(ROOT, 'server', `${name}.ts`)])),
    platform: 'node',
    // The server's own config: Node's types, no DOM, only the contract's alias (docs/architecture.md "Roots").
    tsconfig: join(ROOT, 'tsconfig.server.json'),
    // The server's one import from outside server/: the wire contract (contract/, `@contract`).
    resolve: { alias: { '@contract': join(ROOT, 'contract') } },
    transform: {
      define: {
        __BUILD_VERSION__: JSON.stringify(manifest.version),
        __BUILD_COMMIT__: JSON.stringify(sourceCommit()),
      },
    },
    external: (id, _importer, isResolved) => {
      if (isResolved || id.startsWith('.') || id.startsWith('/') || /^@contract(\/|$)/.test(id) || id.startsWith('\0'))
        return false;
      if (id.startsWith('node:') || builtins.has(id)) return true;
      // A package the server imports must be a production dependency, or `npm ci --omit=dev` leaves it out.
      if (!runtime.has(packageOf(id)) && !sandboxOnly.has(packageOf(id))) devOnly.add(packageOf(id));
      return true;
    },
    output: {
      dir: OUT_DIR,
      format: 'esm',
      entryFileNames: '[name].js',
      // Flat: every chunk sits in dist-server/ itself (server/lib/files.ts resolves from that depth).
      chunkFileNames: 'chunks-[name]-[hash].js',
      sourcemap: true,
    },
  });
  if (devOnly.size > 0) {
    throw new Error(`the server imports packages that are not production dependencies: ${[...devOnly].join(', ')}`);
  }

  for (const file of SERVER_FILES) {
    const target = join(OUT_DIR, 'files', file);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(ROOT, file), target);
  }
  // The compiled server is ESM like the package; a marker so a copy of dist-server/ alone is too.
  await writeFile(join(OUT_DIR, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
