/**
 * Where the server finds what it reads at run time besides its code: the built client (dist/) and a
 * few files named by their path in the repository (the TON Connect icon, the sandbox's pages and
 * scripts).
 *
 * From source (tsx, vitest) a module's URL ends in `.ts` and the files are read where they are. The
 * compiled server (dist-server/, `npm run build`, scripts/build-server.ts) runs from copies the build
 * puts under dist-server/files/ at the same paths: a production install needs dist/, dist-server/ and
 * the package files, nothing of the sources (docs/deploy.md).
 */
import { fileURLToPath } from 'node:url';

/** True in the compiled server (dist-server/*.js), false when running from the TypeScript sources. */
export const COMPILED = !import.meta.url.endsWith('.ts');

/** Every file the server reads by path; the build copies exactly these (one list, no second copy). */
export const SERVER_FILES = [
  'server/web/tonconnect-icon.png',
  'server/sandbox/launcher.html',
  'server/sandbox/frame.html',
  'server/sandbox/dev-wallet.js',
  'server/sandbox/wallet/dev-wallet.svg',
  'server/sandbox/mobile-wallet.html',
  'server/sandbox/mobile-wallet.js',
  'server/sandbox/wallet/dev-wallet-mobile.svg',
  'contract/format/format-core.js',
] as const;
export type ServerFile = (typeof SERVER_FILES)[number];

// Both this module's source (server/lib/) and every compiled chunk (dist-server/) sit at a fixed depth.
const filesRoot = COMPILED ? new URL('./files/', import.meta.url) : new URL('../../', import.meta.url);

/** The absolute path of one of SERVER_FILES. */
export const serverFile = (file: ServerFile): string => fileURLToPath(new URL(file, filesRoot));

/** The built client, dist/ beside server/ or dist-server/. */
export const DEFAULT_DIST_DIR = fileURLToPath(
  COMPILED ? new URL('../dist', import.meta.url) : new URL('../../dist', import.meta.url),
);

/** The server's entry script of that name (main, cluster, operator) as this code runs: compiled or source. */
export const entryScript = (name: 'main' | 'cluster' | 'operator'): string =>
  COMPILED
    ? fileURLToPath(new URL(`./${name}.js`, import.meta.url))
    : fileURLToPath(new URL(`../${name}.ts`, import.meta.url));
