/**
 * Which build runs (docs/operations.md "Health and metrics"): the package's version, the commit it was built
 * from, and Node's version, for `app_build_info`, /healthz and the start banner. The compiled server has
 * the version and the commit written in by scripts/build-server.ts (the commit only when the build ran in a
 * git checkout: a Docker build has no .git). From source (tsx, vitest) the version is package.json's and
 * the commit is not known.
 */
import { readFileSync } from 'node:fs';

// Replaced with string literals by the server build (scripts/build-server.ts); undeclared from source.
declare const __BUILD_VERSION__: string | undefined;
declare const __BUILD_COMMIT__: string | undefined;

export interface BuildInfo {
  /** package.json's `version`. */
  version: string;
  /** The commit the compiled server was built from (short hash); null when not known. */
  commit: string | null;
  /** Node's version, e.g. v20.19.0. */
  node: string;
}

function sourceVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export const BUILD_INFO: BuildInfo = {
  version: typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : sourceVersion(),
  commit: typeof __BUILD_COMMIT__ === 'string' && __BUILD_COMMIT__ !== '' ? __BUILD_COMMIT__ : null,
  node: process.version,
};
