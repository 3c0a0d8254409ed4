import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/performance.md "Bundle": the entry holds what the first screen draws, every model, and nothing else. The
 * bundler puts into the entry every module the entry imports statically (vite.config.ts), so a view
 * re-exported next to a model, or imported by a view that is on the first screen, lands there. This
 * walks the static imports from src/app/index.tsx (`import(…)` is a lazy chunk, `import type` is
 * erased) and names the modules that must stay out. `npm run bench:bundle` measures the result.
 */
const root = resolve(__dirname, '../..');
const ENTRY = 'src/app/index.tsx';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = resolve(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null; // CSS and other assets
}

/** The packages the entry's modules import statically, by name. */
const entryPackages = new Set<string>();

/** The modules `start` imports statically (itself included), and the packages they import into `packages`. */
function entryModules(start = ENTRY, packages = entryPackages): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      // `import { type A, type B } from` is erased as well.
      if (/^\s*(?:import|export)\s+\{\s*(?:type\s+\w+(?:\s+as\s+\w+)?\s*,?\s*)+\}\s+from/.test(match[0])) continue;
      const specifier = match[1] as string;
      if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
      const target = resolveImport(file, specifier);
      if (target) visit(target);
    }
  };
  visit(resolve(root, start));
  return new Set([...seen].map((file) => relative(root, file)));
}

describe('the entry bundle (docs/performance.md "Bundle")', () => {
  const modules = entryModules();

  it('starts with the early launch calls, whose modules create no units and render nothing (docs/performance.md "What the client does at launch")', () => {
    const firstImport = readFileSync(resolve(root, ENTRY), 'utf8').match(STATIC_IMPORT)?.[0];
    expect(firstImport?.trim()).toBe("import './early'");
    const packages = new Set<string>();
    const early = entryModules('src/app/early.ts', packages);
    expect(early).toContain('src/shared/launch/index.ts');
    expect(early).toContain('src/shared/api/transport.ts');
    expect([...packages].sort()).toEqual(['ofetch']);
  });

  it('holds the first screen: the app, the dashboard overview, the navbar, the wallet panel, the models', () => {
    for (const file of [
      'src/app/app.tsx',
      'src/pages/dashboard/ui/dashboard-page.tsx',
      'src/widgets/navbar/ui/navbar.tsx',
      'src/widgets/wallet-panel/ui/wallet-panel.tsx',
      'src/features/create-farming-link/model/create-farming-link.ts',
      'src/features/farm-activation/model/farm-activation.ts',
      'src/features/share-farm-link/model/share-farm-link.ts',
      'src/pages/dashboard/model/farming-links.ts',
      'src/pages/tasks/model/actions.ts',
      'src/features/task-photo-proof/model/photo-proof.ts',
      'src/features/task-link-proof/model/link-proof.ts',
      'src/entities/task/model/socket.ts',
      'src/widgets/navbar/model/tasks-badge.ts',
      'src/entities/wallet/model/wallet.ts',
      'src/shared/api/ton-node/node.ts',
      'src/features/sell-tokens/model/sell.ts',
      'src/entities/withdrawal/model/withdrawals.ts',
      'src/entities/withdrawal/model/socket.ts',
      // The launch parameters, read from the URL hash without the SDK.
      'src/shared/telegram/launch-params.ts',
    ]) {
      expect(modules, file).toContain(file);
    }
  });

  it.each([
    // Telegram's SDK: loaded by the first host call (src/shared/telegram/web-app.ts).
    '@twa-dev/sdk',
    // The wallet library and the chart library: loaded when the wallet widget starts and the chart shows.
    '@tonconnect/ui',
    'lightweight-charts',
  ])('imports no %s', (name) => {
    expect(modules.size).toBeGreaterThan(0);
    expect([...entryPackages].filter((specifier) => specifier === name || specifier.startsWith(`${name}/`))).toEqual([]);
  });

  it.each([
    // Overlays: loaded when opened (lazyModal).
    'src/features/farm-activation/ui/farm-activation-modal.tsx',
    'src/features/share-farm-link/ui/farm-link-modal.tsx',
    'src/features/community-gate/ui/join-community-modal.tsx',
    'src/features/program-info/ui/info-sheet.tsx',
    'src/widgets/wallet-panel/ui/disconnect-wallet-modal.tsx',
    'src/features/task-photo-proof/ui/task-photo-modal.tsx',
    'src/features/task-link-proof/ui/task-link-modal.tsx',
    'src/shared/ui/modal/modal.tsx',
    // Views of lazily loaded pages and sections.
    'src/features/create-farming-link/ui/create-farming-link-form.tsx',
    'src/features/share-farm-link/ui/farm-link-actions.tsx',
    'src/entities/farming-link/ui/farming-link-card.tsx',
    'src/pages/dashboard/ui/farming-links.tsx',
    'src/features/invite-friends/ui/invite-actions.tsx',
    'src/features/send-transaction/ui/test-transfer-button.tsx',
    'src/pages/referral/ui/transfer-modal.tsx',
    'src/features/sell-tokens/ui/sell-modal.tsx',
    'src/entities/withdrawal/ui/withdrawal-row.tsx',
    'src/pages/mint/ui/cancel-mint-modal.tsx',
    'src/pages/tasks/ui/tasks-page.tsx',
    // The dashboard's price chart (and lightweight-charts under it) and statistics.
    'src/pages/dashboard/ui/price-chart-section.tsx',
    'src/pages/dashboard/ui/candle-chart.tsx',
    'src/pages/dashboard/ui/financial-stats.tsx',
    // Loaded on first use by their effects.
    'src/shared/api/ton-node/client.ts',
    'src/shared/api/xhr-transport.ts',
    'src/shared/lib/ton-address/address.ts',
    'src/features/sell-tokens/lib/address-problem.ts',
  ])('leaves out %s', (file) => {
    expect(existsSync(resolve(root, file)), `${file} exists`).toBe(true);
    expect(modules).not.toContain(file);
  });
});
