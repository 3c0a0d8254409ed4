/**
 * index.html's inline launch script, a classic script at the very top of <head> (vite.config.ts
 * `inlineLaunchBoot` bundles it from this file and what it imports: no package). It runs long before
 * the entry has arrived (docs/performance.md "What the client does at launch"):
 *
 * 1. In Telegram, with signed launch data, the launch's calls without a token leave now (the maintenance
 *    status and the sign-in, shared/api/launch-calls.ts): the models take their answers once
 *    (shared/api/transport.ts, via ./boot-state.ts).
 * 2. The launch's Telegram theme (URL hash, or this tab's last one) goes onto <html>, before the first
 *    paint (the static loader's, with the CSS inlined after this script: vite.config.ts
 *    `inlineFirstPaintCss`): a dark-theme user never sees the light fallback palette.
 * 3. When both answer 200 on the dashboard's path, the first look (./first-look.ts) shows this user's
 *    balances from the sign-in's answer while the app's code is still on its way (once the stylesheet,
 *    at the end of <body>, has loaded: it is drawn with its classes).
 * 4. The app's entry starts then. The build takes its `<script type="module">` out of the page and names
 *    it here (`data-app-entry`): this script preloads it once the calls are out and the stylesheet has
 *    loaded (fetched and compiled, not run) and starts it once the first look is painted — run as the
 *    page came, its ~1 s of evaluation on a throttled phone would hold the answers' callbacks and the
 *    first look behind it. It starts anyway after FIRST_LOOK_WAIT_MS, on a failed call, and at once
 *    outside Telegram. Without `data-app-entry` (the dev server) the page's own module script runs as it
 *    comes.
 */
import { callKey, launchCalls, type TransportRequest } from '../api/launch-calls';
import { API_BASE } from '@contract/constants';
import { refCodeOf } from '../lib/start-param';
import { DASHBOARD_PATH } from '../routing/paths';
import { chooseLocale } from '../i18n/translate';
import { applyLaunchTheme } from '../telegram/apply-theme';
import { getLaunchParams, signedLaunchInHash } from '../telegram/launch-params';
import { afterStylesheet, whenParsed } from './page-ready';
import { bootState } from './boot-state';
import { type FirstLookFigures, paintFirstLook } from './first-look';
import { firstLookTexts } from './first-look-texts';

/** How long the entry waits for the launch's answers before it starts anyway. */
const FIRST_LOOK_WAIT_MS = 1_500;
/** An early call that has not answered by then fails, and the model that wanted it sends its own. */
const EARLY_CALL_TIMEOUT_MS = 10_000;

const entry = document.currentScript?.getAttribute('data-app-entry') ?? null;

/**
 * The entry is fetched and compiled now, not run. Named here, not in the page: the compile of a cached
 * entry (~0.3 s on a throttled phone) would otherwise come before this script and its calls.
 */
function preloadApp(): void {
  if (!entry) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = entry;
  document.head.append(link);
}

let started = false;
function startApp(): void {
  if (started || !entry) return;
  started = true;
  // The app's first render would paint unstyled before its stylesheet (which no longer holds the paint).
  whenParsed(() =>
    afterStylesheet(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    }),
  );
}

/** The call over fetch as the app's transport sends it (JSON in and out); rejects unless 2xx. */
function send(request: TransportRequest): Promise<unknown> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), EARLY_CALL_TIMEOUT_MS);
  const json = request.body !== undefined;
  return fetch(API_BASE + request.path, {
    method: request.method,
    headers: json ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    body: json ? JSON.stringify(request.body) : undefined,
    signal: abort.signal,
  })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .finally(() => clearTimeout(timer));
}

// For the benchmark's waterfall (scripts/bench-load.ts): when this script ran.
performance.mark('launch-boot');

try {
  // The hash alone when it has the launch data: the calls leave before sessionStorage is first touched
  // (applyLaunchTheme reads and writes this tab's stored parameters, as the SDK does).
  const params = signedLaunchInHash() ?? getLaunchParams();
  if (params.platform === 'unknown' || !params.initData) {
    applyLaunchTheme();
    startApp();
  } else {
    const calls = launchCalls(params.initData, refCodeOf(params.startParam)).map((request) => {
      const answer = send(request);
      // Taken or not, a failure is handled where the answer is taken: not "unhandled".
      answer.catch(() => undefined);
      return { key: callKey(request), sentAt: Date.now(), answer };
    });
    bootState().calls = calls;
    applyLaunchTheme(); // ~0.1 s at 4× CPU: after the calls are out
    afterStylesheet(preloadApp);
    const locale = chooseLocale(params.languageCode);
    const texts = firstLookTexts[locale];
    setTimeout(startApp, FIRST_LOOK_WAIT_MS);
    Promise.all(calls.map((call) => call.answer))
      .then(([, signIn]) => {
        const user = (signIn as { user?: FirstLookFigures } | null)?.user;
        if (!user || window.location.pathname !== DASHBOARD_PATH) return;
        // An overlay of <body> drawn with the stylesheet's classes: once that has loaded.
        afterStylesheet(() => paintFirstLook(user, texts, locale));
      })
      .catch(() => undefined)
      .finally(startApp);
  }
} catch {
  applyLaunchTheme();
  startApp();
}
