/**
 * The import rules (docs/architecture.md "Import rules"), checked by dependency-cruiser in `npm run
 * lint:imports` on every import, type-only ones included. Two more sets run beside this one:
 * .dependency-cruiser.runtime.cjs (what the browser loads: no zod, and the entry bundle's contents).
 * tests/unit/import-rules.test.ts breaks each rule on purpose and expects it to be reported.
 */

/** Business domains: a folder each under server/. A new folder must be listed here (rule "server-unlisted"). */
const DOMAINS = [
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
  'operators',
  'web',
  'gates',
  'program',
  'withdraw',
  'farming',
  'tasks',
  'stats',
  'wallet',
  'audit',
  'observability',
  'telegram',
  'notifications',
  'console',
];
const D = `(${DOMAINS.join('|')})`;
/** Platform: shared by every domain, knows none of them. */
const PLATFORM = '^server/((db|lib|events|http)/|(config|constants|deps)\\.ts$)';
/** Composition roots: wire the domains together (the operator CLI is operator.ts and its parts, operator-*.ts). */
const ROOTS = '^server/(app|jobs|start|main|cluster|dev|operator[a-z-]*)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'domain-through-service',
      comment: "A domain (or the sandbox) reaches another domain only through that domain's service.ts.",
      severity: 'error',
      from: { path: `^server/(${DOMAINS.join('|')}|sandbox)/` },
      to: { path: `^server/${D}/`, pathNot: ['^server/$1/', `^server/${D}/service\\.ts$`] },
    },
    {
      name: 'domain-cycle',
      comment: 'Two domains never import each other, directly or around a ring.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^server/${D}$` },
      to: { path: `^server/${D}$`, circular: true },
    },
    {
      name: 'platform-imports-no-domain',
      comment:
        'Platform modules (db, lib, events, http, config, constants, deps) import no domain, no sandbox and no composition root.',
      severity: 'error',
      from: { path: PLATFORM },
      to: { path: [`^server/${D}/`, '^server/sandbox/', ROOTS] },
    },
    {
      name: 'only-roots-import-roots',
      comment: 'Domains and the sandbox import no composition root.',
      severity: 'error',
      from: { path: '^server/', pathNot: ROOTS },
      to: { path: ROOTS },
    },
    {
      name: 'sandbox-registered-once',
      comment: 'Nothing outside server/sandbox/ imports it, but the one registration: app.ts → sandbox/index.ts.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/sandbox/', '^server/app\\.ts$'] },
      to: { path: '^server/sandbox/' },
    },
    {
      name: 'sandbox-registration-is-the-index',
      comment: 'app.ts registers the sandbox through its index only.',
      severity: 'error',
      from: { path: '^server/app\\.ts$' },
      to: { path: '^server/sandbox/', pathNot: '^server/sandbox/index\\.ts$' },
    },
    {
      name: 'server-imports-nothing-of-the-clients',
      comment:
        'The server imports no client code: of what lies outside server/, only the wire contract (contract/, `@contract`), the package both sides share.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|console)/' },
    },
    {
      name: 'server-unlisted',
      comment: 'Every server file belongs to a listed domain, platform module, composition root or the sandbox.',
      severity: 'error',
      from: {
        path: '^server/.+\\.tsx?$',
        pathNot: [`^server/${D}/`, PLATFORM, ROOTS, '^server/sandbox/'],
      },
      to: {},
    },
    {
      name: 'client-imports-no-server',
      comment: 'The client never imports the server.',
      severity: 'error',
      from: { path: '^(src|console)/' },
      to: { path: '^server/' },
    },
    {
      name: 'mini-app-imports-no-console',
      comment:
        "The Mini App (src/) never imports the operator console (console/, a root of its own): nothing of the console can reach the Mini App's bundle, whatever its files are named.",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^console/' },
    },
    {
      name: 'console-takes-only-the-shared-library',
      comment:
        "From the Mini App's root the console imports only src/shared/ (as `@shared/`), the library both apps use: no page, widget, feature, entity or app module of the Mini App.",
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'contract-imports-nothing-else',
      comment:
        'The wire contract stands alone: it imports only itself and zod, so the server can take it without the client.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'no-circular',
      comment:
        'No module imports itself around a ring (type-only imports too): a shared piece moves to where both import it one way.',
      severity: 'error',
      from: { path: '^(src|console|contract|server)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing would hide a breach.',
      severity: 'error',
      from: { path: '^(src|console|contract|server)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: { path: '^(tests|scripts|dist|public)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    cache: false,
  },
};
