/**
 * The swc plugin's `factories` (docs/style.md §10), derived from the source tree so a renamed or moved
 * factory is still listed: a factory is an exported `create…`/`chain…` function, or one named for the
 * effect it makes (`…Fx`: callFx, operatorCallFx), of a module that imports effector, atomic-router or
 * patronum. Each is listed under every name a caller imports it by — its slice's
 * public API for a layered slice (`@/entities/session`, `@console/entities/session`), its folder for a
 * shared segment (`@/shared/lib/query`, and `@shared/lib/query` as the console takes it) — and root-relative
 * (`./src/shared/api/socket`) for relative imports inside shared. tests/model/factories.test.ts checks
 * what this finds and that each call site gets its own sids.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Packages whose exported functions create units. */
const PACKAGES = ['patronum'];
const ROOTS = [
  { dir: 'src', alias: '@/', sharedAlias: '@shared/' },
  { dir: 'console', alias: '@console/', sharedAlias: null },
] as const;
const SLICED = ['app', 'pages', 'widgets', 'features', 'entities'];
const MAKES_UNITS = /from '(effector|atomic-router|patronum)'/;
const EXPORTS_FACTORY = /^export function ((create|chain)[A-Z]\w*|\w+Fx\b)/m;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a caller names: a slice's for a layered slice, the nearest with an index.ts in shared. */
function publicFolder(rootDir: string, file: string): string {
  const parts = relative(rootDir, file).split(sep);
  if (SLICED.includes(parts[0]!)) return parts.slice(0, 2).join('/');
  let folder = dirname(file);
  while (!existsSync(join(folder, 'index.ts')) && relative(rootDir, folder) !== '') folder = dirname(folder);
  return relative(rootDir, folder).split(sep).join('/');
}

/** Every specifier a factory is imported by, sorted; `root` is the repository's folder. */
export function effectorFactories(root: string): string[] {
  const names = new Set(PACKAGES);
  for (const { dir, alias, sharedAlias } of ROOTS) {
    const rootDir = join(root, dir);
    for (const file of sourceFiles(rootDir)) {
      const text = readFileSync(file, 'utf8');
      if (!MAKES_UNITS.test(text) || !EXPORTS_FACTORY.test(text)) continue;
      const folder = publicFolder(rootDir, file);
      names.add(`${alias}${folder}`);
      if (folder.startsWith('shared/')) {
        names.add(`./${dir}/${folder}`);
        if (sharedAlias) names.add(`${sharedAlias}${folder.slice('shared/'.length)}`);
      }
    }
  }
  return [...names].sort();
}
