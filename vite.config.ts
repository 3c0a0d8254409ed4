import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { build as bundle } from 'rolldown';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { effectorFactories } from './scripts/effector-factories.js';
import { tonConnectUiPatches } from './scripts/tonconnect-ui-patches.js';

type ChunkingContext = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * Everything the entry imports statically goes into the entry's one chunk. Rolldown otherwise splits
 * the modules the entry shares with the lazy pages into small chunks the entry loads at once anyway
 * (more requests, worse gzip). Only what nothing in the entry imports stays in lazy chunks.
 */
const reachCache = new WeakMap<ChunkingContext, Map<string, boolean>>();
function firstScreenChunk(id: string, ctx: ChunkingContext): string | null {
  // One answer per module per chunking pass (a watch rebuild brings a new context).
  const inEntry = reachCache.get(ctx) ?? new Map<string, boolean>();
  reachCache.set(ctx, inEntry);
  const reach = (moduleId: string, seen: Set<string>): boolean => {
    const known = inEntry.get(moduleId);
    if (known !== undefined) return known;
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    const info = ctx.getModuleInfo(moduleId);
    return !!info && (info.isEntry || info.importers.some((importer) => reach(importer, seen)));
  };
  const result = reach(id, new Set());
  inEntry.set(id, result);
  return result ? 'index' : null;
}

/**
 * The operator console (operator/index.html, served at /operator/) is a build of its own, `vite build
 * --mode console` (npm run build runs both): its own chunk graph beside the Mini App's in dist/, so
 * nothing of the console can reach the Mini App's entry, and the Mini App's entry chunk (which renders
 * the app when loaded) is never a chunk the console imports. Its files go to dist/operator/ and its
 * manifest to dist/.vite/console-manifest.json; dist/ is not emptied (the Mini App's build is there).
 */
const CONSOLE_MODE = 'console';
const consoleBuild = {
  outDir: 'dist',
  emptyOutDir: false,
  assetsDir: 'operator/assets',
  manifest: 'console-manifest.json',
  rolldownOptions: {
    input: fileURLToPath(new URL('./operator/index.html', import.meta.url)),
    checks: { bundlerTimings: false },
    output: {
      // As the Mini App's entry: what the console's entry imports is one chunk, lazy screens apart.
      codeSplitting: {
        groups: [
          {
            name: (id: string, ctx: ChunkingContext) => (firstScreenChunk(id, ctx) ? 'console' : null),
            debugName: 'console',
          },
        ],
      },
    },
  },
};

/**
 * The effector plugin gives every unit a sid (scope serialization, `fork({ values })` by sid) and a
 * name, in dev and vitest. tests/model/navigation.test.ts (sids, scope serialization) proves it runs.
 * The production build goes without it: the app never serializes a scope (one client-side `fork()`,
 * units addressed by reference), and the sids (random, incompressible) with their config wrappers
 * were ~4 kB gzip of the entry (docs/performance.md "Bundle"). Vite sets NODE_ENV before it loads this file; the
 * e2e suite runs the production build, so it runs the app as shipped.
 */
const effectorPlugin =
  process.env.NODE_ENV === 'production'
    ? []
    : ([
        [
          '@effector/swc-plugin',
          {
            // `factories`: modules whose exported functions create units, so each call site gets its own
            // sids — derived from the source tree (scripts/effector-factories.ts), so a moved or renamed
            // factory stays listed. tests/model/factories.test.ts proves each is picked up.
            factories: effectorFactories(fileURLToPath(new URL('.', import.meta.url))),
          },
        ],
      ] as [string, Record<string, unknown>][]);

/**
 * The inline scripts at the very top of <head>, bundled here from the app's own code (rolldown, IIFE,
 * minified; the server allows each by its hash, server/http/protection.ts `inlineScriptsOf`; the Vite dev
 * server sends no CSP):
 *
 * - `<!-- launch-boot -->` (the Mini App, src/shared/launch/boot.ts): the launch's theme, the launch's
 *   early calls and the first look (docs/performance.md "What the client does at launch"). Its texts
 *   module is replaced by the texts themselves (not the catalogues). In the build, the entry's
 *   `<script type="module">` becomes a modulepreload the launch script starts (`data-app-entry`).
 * - `<!-- theme-boot -->` (the console, src/shared/launch/theme-boot.ts): the theme only.
 */
const BOOT_SCRIPTS = {
  '<!-- launch-boot -->': fileURLToPath(new URL('./src/shared/launch/boot.ts', import.meta.url)),
  '<!-- theme-boot -->': fileURLToPath(new URL('./src/shared/launch/theme-boot.ts', import.meta.url)),
} as const;
const FIRST_LOOK_TEXTS = fileURLToPath(new URL('./src/shared/launch/first-look-texts.ts', import.meta.url));

/** The first look's texts module as its values: the module bundled and run here, once per build. */
let firstLookTextsModule: Promise<string> | null = null;
async function evaluateFirstLookTexts(): Promise<string> {
  const { output } = await bundle({ input: FIRST_LOOK_TEXTS, write: false, output: { format: 'esm' } });
  const code = Buffer.from(output[0].code).toString('base64');
  const { firstLookTexts } = (await import(`data:text/javascript;base64,${code}`)) as { firstLookTexts: unknown };
  return `export const firstLookTexts = ${JSON.stringify(firstLookTexts)};`;
}

async function bootScript(input: string): Promise<string> {
  firstLookTextsModule ??= evaluateFirstLookTexts();
  const texts = await firstLookTextsModule;
  const { output } = await bundle({
    input,
    write: false,
    platform: 'browser',
    output: { format: 'iife', minify: true },
    plugins: [
      {
        name: 'first-look-texts',
        load: (id) => (id === FIRST_LOOK_TEXTS ? texts : null),
      },
    ],
  });
  // Nothing in it may close the tag it is inlined in.
  return output[0].code.trim().replace(/<\/script/gi, '<\\/script');
}

const LAUNCH_BOOT_TAG = '<script data-launch-boot>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

function inlineLaunchBoot(): Plugin {
  return {
    name: 'ton-token:inline-launch-boot',
    transformIndexHtml: {
      // Where the page marks it: after the charset and viewport, before any stylesheet.
      order: 'pre',
      async handler(html) {
        const marks = Object.keys(BOOT_SCRIPTS).filter((mark) => html.includes(mark));
        if (marks.length !== 1)
          throw new Error('a page needs exactly one of <!-- launch-boot --> or <!-- theme-boot -->');
        const mark = marks[0] as keyof typeof BOOT_SCRIPTS;
        const open = mark === '<!-- launch-boot -->' ? LAUNCH_BOOT_TAG : '<script>';
        const script = `${open}${await bootScript(BOOT_SCRIPTS[mark])}</script>`;
        // A function, so a `$` in the code is not a replacement pattern.
        return html.replace(mark, () => script);
      },
    },
  };
}

/** The build's entry script becomes a modulepreload, and the launch script starts it (boot.ts step 4). */
function entryStartedByLaunchBoot(): Plugin {
  return {
    name: 'ton-token:entry-started-by-launch-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(LAUNCH_BOOT_TAG)) return html;
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('index.html: no entry <script type="module"> for the launch script to start');
        return html
          .replace(ENTRY_SCRIPT, '')
          .replace(LAUNCH_BOOT_TAG, () => `<script data-launch-boot data-app-entry="${entry}">`);
      },
    },
  };
}

/**
 * The first paint's CSS, inlined where index.html marks it (`<!-- first-paint-css -->`, after the launch
 * script, which has put the theme on <html> by then): the design tokens and the page's base
 * (src/shared/styles/index.css) and the static loader's classes (src/shared/ui/loader/full-page-loader.css),
 * the same files the app's stylesheet carries, so the loader is painted in the launch's theme from the
 * page's first bytes instead of after the stylesheet's round trip (docs/performance.md "What the client
 * does at launch"). Comments and runs of white space go; nothing else is rewritten.
 */
const FIRST_PAINT_MARK = '<!-- first-paint-css -->';
const FIRST_PAINT_CSS = ['./src/shared/styles/index.css', './src/shared/ui/loader/full-page-loader.css'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

function inlineFirstPaintCss(): Plugin {
  return {
    name: 'ton-token:inline-first-paint-css',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(FIRST_PAINT_MARK)) return html;
        const css = (await Promise.all(FIRST_PAINT_CSS.map((file) => readFile(file, 'utf8'))))
          .join('\n')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .trim();
        // Nothing in it may close the tag it is inlined in.
        if (/<\/style/i.test(css)) throw new Error('the first paint CSS may not contain </style');
        return html.replace(FIRST_PAINT_MARK, () => `<style data-first-paint>${css}</style>`);
      },
    },
  };
}

const HEAD_STYLESHEET = /<link rel="stylesheet" crossorigin href="[^"]+">\s*/;

/**
 * The build's stylesheet leaves <head> for the end of <body>: in <head> it held the first paint until it
 * had arrived (a blank page for its round trip); after the loader it holds none of what comes before it,
 * and what the app draws with it waits for it (src/shared/launch/page-ready.ts `afterStylesheet`).
 */
function stylesheetAfterLoader(): Plugin {
  return {
    name: 'ton-token:stylesheet-after-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The Mini App's page (the console's has neither): its launch script, by now naming the entry.
        if (!html.includes('<script data-launch-boot') || !html.includes('<style data-first-paint>')) return html;
        const link = HEAD_STYLESHEET.exec(html.slice(0, html.indexOf('</head>')))?.[0];
        if (!link) throw new Error('index.html: no stylesheet <link> in <head> to move after the loader');
        return html.replace(link, '').replace('</body>', () => `  ${link.trim()}\n  </body>`);
      },
    },
  };
}

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig(({ mode }) => ({
  // The console's build has public/ already copied by the Mini App's.
  publicDir: mode === CONSOLE_MODE ? false : 'public',
  plugins: [
    react({ plugins: effectorPlugin }),
    inlineLaunchBoot(),
    inlineFirstPaintCss(),
    entryStartedByLaunchBoot(),
    stylesheetAfterLoader(),
    // What @tonconnect/ui's options cannot reach (scripts/tonconnect-ui-patches.ts); the dev server's
    // dependency bundle gets the same below.
    tonConnectUiPatches(),
    // dist/**/*.br and *.gz beside each text asset (the originals stay), sent by the server as they are
    // (server/web/routes.ts, `preCompressed`): brotli at its best level, once, at build time. index.html
    // is left out: the server renders it per request with the runtime config.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|json|svg|txt|wasm)$/,
      exclude: /(^|\/)index\.html$/,
      threshold: 1024,
    }),
  ],
  optimizeDeps: { rolldownOptions: { plugins: [tonConnectUiPatches()] } },
  // Vite 8 + `import WebApp from '@twa-dev/sdk'` (CJS default) needs this (docs/foundations.md §6).
  legacy: { inconsistentCjsInterop: true },
  resolve: {
    // `@/`: the Mini App's root (src/); `@console/`: the console's (console/), which takes the shared
    // library both apps use, src/shared/, as `@shared/`; `@contract`: the wire contract (contract/), the one
    // package the clients and the server share (docs/architecture.md "Roots").
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@console': fileURLToPath(new URL('./console', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build:
    mode === CONSOLE_MODE
      ? { ...consoleBuild, sourcemap: true, modulePreload: { polyfill: false }, target: 'es2020' }
      : {
          outDir: 'dist',
          sourcemap: true,
          // dist/.vite/manifest.json: which chunks the entry imports (scripts/bench-bundle.ts reads it).
          manifest: true,
          // Telegram's WebViews load modules without the preload polyfill (it only warms requests early).
          modulePreload: { polyfill: false },
          rolldownOptions: {
            // The build's timing report names the slowest plugins on every run (the manifest's write is the
            // slowest, ~3 s on 2 cores): noise in `npm start`'s output, not a finding. Profile with
            // `node --cpu-prof` when the build gets slow.
            checks: { bundlerTimings: false },
            output: {
              codeSplitting: {
                groups: [{ name: firstScreenChunk, debugName: 'first-screen' }],
              },
            },
          },
          target: 'es2020',
        },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
      '/tonconnect-manifest.json': { target: apiTarget, changeOrigin: false },
      '/tonconnect/': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    // atomic-router's package sends Node to its CommonJS build, which loads effector's CommonJS build:
    // a second effector beside the ESM one the app uses, whose factory regions the routes never see,
    // so every route had the same sids and routes opened at random in scopes (page-data.test.ts).
    // Its ESM build, as the browser gets it, shares the app's effector.
    alias: [
      {
        find: /^atomic-router$/,
        replacement: fileURLToPath(new URL('./node_modules/atomic-router/dist/atomic-router.mjs', import.meta.url)),
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/{unit,model}/**/*.test.{ts,tsx}'],
          // @twa-dev/sdk reads `window` on import; models are still tested without rendering.
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Migrate once for the run; each test file's databases start from it (tests/server/helpers.ts).
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
      {
        // The production install (npm run test:install): needs the build, so it runs after it.
        extends: true,
        test: { name: 'install', include: ['tests/install/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
    ],
  },
}));
