/**
 * The built SPA (vite build → dist/) on the API's origin, with a history-API fallback, and the
 * TON Connect manifest.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '@contract';
import type { Config } from '../config';
import { serverFile } from '../lib/files';
import { areaOf, isUnspecificRoute, lenientPathOf } from '../http/paths';
import { inlineScriptsOf } from '../http/protection';

export type SendSpaIndex = (reply: FastifyReply) => Promise<FastifyReply>;

/** What the sandbox adds to the runtime config (server/sandbox/index.ts); production leaves both null. */
export type SandboxAppConfig = Pick<AppConfig, 'walletsListUrl' | 'testTransferAddress'>;

export function appConfigFor(config: Config, sandbox: SandboxAppConfig | null = null): AppConfig {
  return {
    mode: config.mode,
    botUsername: config.botUsername,
    miniAppName: config.miniAppName,
    communityUrl: config.communityUrl,
    publicUrl: config.publicUrl,
    // The page's own public node, never TON_NODE_URL: a key in that URL must not reach a browser.
    tonNodeUrl: config.publicTonNodeUrl,
    tonNetwork: config.tonNetwork,
    walletsListUrl: sandbox?.walletsListUrl ?? null,
    tonConnectManifestUrl: `${config.publicUrl}/tonconnect-manifest.json`,
    testTransferAddress: sandbox?.testTransferAddress ?? null,
  };
}

/** The inline script's text (its hash is in the CSP's script-src, server/http/protection.ts). */
export function appConfigScript(appConfig: AppConfig): string {
  return `window.__APP_CONFIG__ = ${JSON.stringify(appConfig).replace(/</g, '\\u003c')};`;
}

/** The operator console's page (its own build, vite.config.ts `consoleBuild`), below dist/. */
export const CONSOLE_INDEX = path.join('operator', 'index.html');
/** The console's pages: /operator and everything below it (its router's deep links). */
export const CONSOLE_PATH = '/operator';
const isConsolePath = (url: string): boolean => url === CONSOLE_PATH || url.startsWith(`${CONSOLE_PATH}/`);

/**
 * The inline scripts the build wrote into dist/index.html and the console's dist/operator/index.html
 * (the launch script and the console's theme, vite.config.ts `inlineLaunchBoot`), for the CSP's hashes.
 * A getter, read again when a page's file changed (checked at most once a second): the pages are read
 * per request, so a rebuild without a restart must not leave the served launch script without its hash
 * (it starts the app's entry: blocked, nothing would start). None when the client is not built.
 */
export function builtInlineScripts(
  distDir: string,
  /** Inline scripts the server writes itself (the runtime config), always first. */
  own: readonly string[] = [],
  now: () => number = () => Date.now(),
): () => readonly string[] {
  const files = ['index.html', CONSOLE_INDEX].map((page) => path.join(distDir, page));
  let scripts: readonly string[] = own;
  let stamp = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (now() - checkedAt < 1000) return scripts;
    checkedAt = now();
    const current = files.map((file) => (existsSync(file) ? String(statSync(file).mtimeMs) : '-')).join();
    if (current !== stamp) {
      stamp = current;
      const found = files.flatMap((file) => (existsSync(file) ? inlineScriptsOf(readFileSync(file, 'utf8')) : []));
      scripts = [...new Set([...own, ...found])];
    }
    return scripts;
  };
}

/**
 * `<script>` that hands the runtime config to the client; `<` is escaped so no value can close the tag.
 * First in <head>: an inline script after a stylesheet waits for that stylesheet, and holds the parser
 * (and the first look, src/shared/launch/boot.ts, which waits for the document) with it.
 */
export function injectAppConfig(html: string, appConfig: AppConfig): string {
  const script = `<script>${appConfigScript(appConfig)}</script>`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return script + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + script + html.slice(end);
}

/** index.html as users get it: the runtime config injected, then each extra transform (the sandbox's dev wallet). */
export function indexHtmlRenderer(appConfig: AppConfig, transforms: ReadonlyArray<(html: string) => string> = []) {
  return (html: string): string =>
    transforms.reduce((page, transform) => transform(page), injectAppConfig(html, appConfig));
}

/**
 * Answers with dist/index.html rendered by `render` — or, for a page below /operator, the console's
 * dist/operator/index.html, rendered the same way (the same runtime config) and with the console's headers
 * (`consoleHeaders`: its own CSP, server/http/protection.ts), decided here with the page itself, whichever
 * route or spelling served it; null when the client is not built.
 */
export function spaIndexSender(
  distDir: string,
  render: (html: string) => string,
  consoleHeaders: (reply: FastifyReply) => void,
): SendSpaIndex | null {
  const indexFile = path.join(distDir, 'index.html');
  const consoleFile = path.join(distDir, CONSOLE_INDEX);
  if (!existsSync(indexFile)) return null;
  return async (reply) => {
    const isConsole = isConsolePath(lenientPathOf(reply.request)) && existsSync(consoleFile);
    const page = isConsole ? consoleFile : indexFile;
    if (isConsole) consoleHeaders(reply);
    // Read per request: a rebuild of dist/ shows up without a restart; the file is small.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(render(await readFile(page, 'utf8')));
  };
}

/**
 * For the not-found handler: a GET for a page of the app (not /api or /sandbox in any spelling, no file
 * extension), which the SPA's router owns. Nothing matched the request, so its path is read leniently
 * (server/http/paths.ts): `/%61pi/x` or `/API/x` is a JSON 404, never index.html.
 */
export function wantsSpaIndex(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  // A missing /logo.png must stay a 404, not turn into HTML.
  return isRead && areaOf(request) === 'app' && !/\.[a-z0-9]+$/i.test(lenientPathOf(request));
}

/** `spa` is absent when the client is not built: then only the manifest is served. */
export function webRoutes(config: Config, spa: { distDir: string; sendIndex: SendSpaIndex } | null) {
  return async (app: FastifyInstance) => {
    // Served with Access-Control-Allow-Origin: * (`crossOrigin`, server/http/protection.ts): web wallets fetch
    // the manifest and its icons cross-origin.
    const crossOrigin = { config: { crossOrigin: true } };
    app.get('/tonconnect-manifest.json', crossOrigin, async (_request, reply) =>
      reply.redirect('/tonconnect/manifest.json', 302),
    );
    app.get('/tonconnect/manifest.json', crossOrigin, async () => ({
      url: config.publicUrl,
      name: 'TON Token',
      iconUrl: `${config.publicUrl}/tonconnect/icon.png`,
    }));
    // The manifest's icon: a 180×180 PNG as TON Connect recommends (public/icon.png resized by
    // scripts/tonconnect-icon.ts, committed).
    const icon = await readFile(serverFile('server/web/tonconnect-icon.png'));
    app.get('/tonconnect/icon.png', crossOrigin, async (_request, reply) =>
      reply.type('image/png').header('cache-control', 'public, max-age=86400').send(icon),
    );

    if (!spa) return;
    // index.html always goes out with the config injected (the static plugin would send it raw,
    // and answer 403 for the root directory).
    app.get('/', async (_request, reply) => spa.sendIndex(reply));
    app.get('/index.html', async (_request, reply) => spa.sendIndex(reply));
    // The operator console's page (its deep links, /operator/reviews…, reach it through the not-found
    // handler as the app's do); the static plugin would answer its directory with a 403.
    // (/operator and /operator/ are one route: the server ignores a trailing slash.)
    app.get(CONSOLE_PATH, async (_request, reply) => spa.sendIndex(reply));
    app.get(`${CONSOLE_PATH}/index.html`, async (_request, reply) => spa.sendIndex(reply));
    // The built client's catch-all serves the app's files only: a path that reads as /api or /sandbox (in
    // any spelling: `/API/x`, `//api/x`) goes to the not-found handler, a JSON 404 (server/http/paths.ts).
    app.addHook('onRequest', async (request, reply) => {
      if (!isUnspecificRoute(request.routeOptions.url) || areaOf(request) === 'app') return;
      reply.callNotFound();
      return reply;
    });
    await app.register(fastifyStatic, {
      root: spa.distDir,
      index: false,
      // The build's .br/.gz siblings (vite.config.ts) by Accept-Encoding, with Vary: Accept-Encoding; the
      // original when the client takes neither or a file has no compressed copy.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/: safe to cache for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // The icon older manifests named (public/icon.png as built), open to wallets like the manifest's.
    app.get('/icon.png', crossOrigin, async (_request, reply) => reply.sendFile('icon.png'));
  };
}
