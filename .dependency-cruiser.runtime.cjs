/**
 * What the browser loads (docs/performance.md "Bundle"), checked by dependency-cruiser in `npm run
 * lint:imports`. Only imports that survive compilation count (an `import type` is erased), and a
 * dynamic `import()` is a lazy chunk, not part of the importer's bundle: both are left out of this
 * graph, so "reachable" below means "in the same bundle". Every src/ and console/ module is a start of its own,
 * so a lazy chunk is checked from its own root. tests/unit/import-rules.test.ts breaks each rule on
 * purpose and expects it to be reported.
 */
const ENTRY = '^src/app/index\\.tsx$';

const { FIRST_SCREEN, LAZY } = require('./scripts/entry-bundle.cjs');

const exactly = (files) => files.map((file) => `^${file.replace(/[.]/g, '\\.')}$`);

module.exports = {
  forbidden: [
    {
      name: 'client-runs-no-zod',
      comment:
        "The client takes the contract's schemas as types only: zod would add ~24 kB gzip to what the browser loads.",
      severity: 'error',
      from: { path: '^(src|console)/' },
      to: { path: '^node_modules/zod/', reachable: true },
    },
    {
      name: 'entry-holds-the-first-screen',
      comment: "The first screen's views and its models are in the entry bundle.",
      severity: 'error',
      from: { path: ENTRY },
      to: { path: exactly(FIRST_SCREEN), reachable: false },
    },
    {
      name: 'entry-leaves-out-lazy-modules',
      comment: 'Overlays, lazy pages and sections, and modules loaded on first use stay out of the entry.',
      severity: 'error',
      from: { path: ENTRY },
      to: { path: exactly(LAZY), reachable: true },
    },
    {
      name: 'entry-leaves-out-heavy-packages',
      comment: "Telegram's SDK, the wallet library and the chart library load when first used.",
      severity: 'error',
      from: { path: ENTRY },
      to: { path: '^node_modules/(@twa-dev/sdk|@tonconnect/ui|lightweight-charts)/', reachable: true },
    },
    {
      name: 'early-launch-is-small',
      comment: 'The early launch calls (src/app/early.ts) run before anything else and use no package but ofetch.',
      severity: 'error',
      from: { path: '^src/app/early\\.ts$' },
      to: { path: '^node_modules/', pathNot: '^node_modules/(ofetch|destr|ufo)/', reachable: true },
    },
    {
      name: 'launch-script-has-no-package',
      comment:
        "index.html's inline launch script (src/shared/launch/boot.ts, vite.config.ts inlineLaunchBoot) is in every launch's HTML: the app's own small modules only.",
      severity: 'error',
      from: { path: '^src/shared/launch/(boot|theme-boot)\\.ts$' },
      to: { path: '^node_modules/', reachable: true },
    },
  ],
  options: {
    includeOnly: '^(src|console|contract|node_modules)/',
    exclude: { dynamic: true },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'browser', 'default'] },
    cache: false,
  },
};
