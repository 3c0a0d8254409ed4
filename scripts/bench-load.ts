/**
 * The first screen on a cheap phone (docs/foundations.md §7 Budgets): the built app (dist/, not built here) served by
 * `server/main.ts` (sandbox, embedded PGlite), opened from a member's signed launch URL in headless Chromium
 * with 4× CPU throttling, 150 ms RTT, 1.6 Mbit/s down (750 kbit/s up), 390×844. Each run is two launches
 * of a new member in a fresh browser profile:
 *
 * - **cold**: the user's first launch — an empty HTTP cache, no storage;
 * - **warm**: the same profile launched again, as Telegram reopens a Mini App — a new tab (a new web
 *   view: no sessionStorage), the HTTP cache, local storage and any TON Connect session kept, and a new
 *   signed launch URL (a fresh auth_date) as Telegram sends it.
 *
 * Prints, per launch kind, the medians (min, max) of FCP, when index.html's launch script ran (its
 * performance mark), the **first look** (the main balance painted by that script from the sign-in's
 * answer, [data-testid=first-look-balance-token], showing a number: fresh figures, the page still loading)
 * and **app ready** (the app's own dashboard balance, [data-testid=balance-token]), long tasks and the
 * JavaScript transferred (bytes on the wire: a cache hit is 0), the request waterfall of the median run,
 * and flags any request to another host (before or after the balances showed, and of what kind).
 * It prints numbers only; it is not a test.
 *
 *   npm run build && npm run bench:load -- [--runs 5]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, type Request, chromium } from '@playwright/test';
import { createLauncherMember, flag, median, ROOT, startServerProcess } from './bench-kit';

const RUNS = Number(flag('runs', '5'));
const BALANCE_SELECTOR = '[data-testid="balance-token"]';
/** The same figure in the first look index.html's launch script paints (src/shared/launch/first-look.ts). */
const FIRST_LOOK_SELECTOR = '[data-testid="first-look-balance-token"]';
const RTT_MS = 150;
const DOWN_BYTES_PER_S = (1.6 * 1_000_000) / 8;
const UP_BYTES_PER_S = (750 * 1_000) / 8;

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (bench:load measures the built app and builds nothing).');
  process.exit(1);
}

/** In the page, before any script: long tasks, and when each balance (first look, app) first shows a number. */
const PAGE_PROBE = `
  window.__bench = { longTasks: [], ready: null, firstLook: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const shows = (selector) => {
    const el = document.querySelector(selector);
    return !!el && /\\d/.test(el.textContent || '');
  };
  const check = () => {
    if (window.__bench.firstLook === null && shows(${JSON.stringify(FIRST_LOOK_SELECTOR)})) window.__bench.firstLook = performance.now();
    if (window.__bench.ready === null && shows(${JSON.stringify(BALANCE_SELECTOR)})) {
      window.__bench.ready = performance.now();
      window.__benchReady();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
`;

interface RequestRow {
  url: string;
  type: string;
  start: number;
  duration: number;
  encodedBytes: number;
}

interface RunResult {
  fcp: number;
  /** index.html's launch script ran (its performance mark). */
  boot: number;
  /** The first look's balance shows a number (NaN when no first look was painted). */
  firstLook: number;
  ready: number;
  longTasks: number[];
  jsBytes: number;
  requests: RequestRow[];
  /** Requests to another host: which, of what kind, and when (ms after the navigation started). */
  otherHosts: { host: string; type: string; at: number }[];
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: DOWN_BYTES_PER_S,
    uploadThroughput: UP_BYTES_PER_S,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

type Kind = 'cold' | 'warm';

/** One launch in `context`: a new page (tab) opened at `launchUrl`, until the balances show a number. */
async function launch(context: BrowserContext, origin: string, launchUrl: string): Promise<RunResult> {
  const appHost = new URL(origin).host;
  const page = await context.newPage();
  // The page says when it is ready (a binding): polling from here would run Playwright's injected script in
  // the page, ~0.1–0.2 s of main thread at 4× CPU in the middle of the launch it measures.
  let pageReady!: () => void;
  const ready = new Promise<void>((resolve) => (pageReady = resolve));
  await page.exposeFunction('__benchReady', () => pageReady());
  await page.addInitScript(PAGE_PROBE);
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  // Bytes on the wire per script (encodedDataLength: 0 for a cache hit).
  const scriptIds = new Set<string>();
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptIds.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scriptIds.has(event.requestId)) jsBytes += event.encodedDataLength;
  });
  const finished: Promise<RequestRow>[] = [];
  const otherHosts: RunResult['otherHosts'] = [];
  let navigationStart = 0;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.host !== appHost) {
      otherHosts.push({ host: url.host, type: request.resourceType(), at: Date.now() - navigationStart });
    }
  });
  page.on('requestfinished', (request: Request) => {
    finished.push(
      (async () => {
        const timing = request.timing();
        const sizes = await request.sizes().catch(() => null);
        return {
          url: request.url().replace(origin, '').replace(/#.*/, '#…'),
          type: request.resourceType(),
          start: timing.startTime - navigationStart,
          duration: timing.responseEnd,
          encodedBytes: sizes ? sizes.responseBodySize : 0,
        };
      })(),
    );
  });
  navigationStart = Date.now();
  await page.goto(origin + launchUrl, { waitUntil: 'commit' });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ready,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('the balances never showed within 60 s')), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await page.waitForTimeout(500); // late requests of the first screen
  const probe = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { ready: number; firstLook: number | null; longTasks: number[] } })
      .__bench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const boot = performance.getEntriesByName('launch-boot')[0]?.startTime ?? Number.NaN;
    return { ready: bench.ready, firstLook: bench.firstLook ?? Number.NaN, longTasks: bench.longTasks, fcp, boot };
  });
  const requests = (await Promise.all(finished)).sort((a, b) => a.start - b.start);
  // The Mini App is closed (Telegram closes its web view), the profile stays.
  await page.close();
  return {
    fcp: probe.fcp,
    boot: probe.boot,
    firstLook: probe.firstLook,
    ready: probe.ready,
    longTasks: probe.longTasks,
    jsBytes,
    requests,
    otherHosts,
  };
}

const stat = (label: string, values: number[], unit = 'ms') =>
  console.log(
    `  ${label.padEnd(22)} median ${median(values).toFixed(0)} ${unit}, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`,
  );

function report(kind: Kind, runs: RunResult[]) {
  console.log(`\n${kind}: ${runs.length} launches`);
  stat(
    'FCP',
    runs.map((r) => r.fcp),
  );
  stat(
    'launch script ran',
    runs.map((r) => r.boot),
  );
  stat(
    'first look (balances)',
    runs.map((r) => r.firstLook),
  );
  stat(
    'app ready (balances)',
    runs.map((r) => r.ready),
  );
  stat(
    'long tasks (count)',
    runs.map((r) => r.longTasks.length),
    '',
  );
  stat(
    'long tasks (total)',
    runs.map((r) => r.longTasks.reduce((a, b) => a + b, 0)),
  );
  stat(
    'JS transferred',
    runs.map((r) => r.jsBytes / 1000),
    'kB',
  );
  const medianReady = median(runs.map((r) => r.ready));
  const typical = runs.reduce((best, r) =>
    Math.abs(r.ready - medianReady) < Math.abs(best.ready - medianReady) ? r : best,
  );
  console.log(
    `  waterfall of the median ${kind} launch (ready ${typical.ready.toFixed(0)} ms): start, duration, encoded size`,
  );
  for (const row of typical.requests) {
    console.log(
      `    ${row.start.toFixed(0).padStart(6)} ms ${row.duration.toFixed(0).padStart(6)} ms ${(row.encodedBytes / 1000).toFixed(1).padStart(7)} kB  ${row.type.padEnd(10)} ${row.url.slice(0, 90)}`,
    );
  }
}

/** A new signed launch URL of the member, as Telegram makes one for each opening. */
async function launchUrlOf(origin: string, sandboxId: number): Promise<string> {
  const response = await fetch(`${origin}/sandbox/api/users/${sandboxId}/launch`);
  if (!response.ok) throw new Error(`launch: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

const server = await startServerProcess({ env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const results: Record<Kind, RunResult[]> = { cold: [], warm: [] };
  for (let run = 1; run <= RUNS; run++) {
    // A new user in a fresh profile each run: the cold launch is a first launch in every way.
    const member = await createLauncherMember(server.origin, `Bench ${run}`);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    for (const kind of ['cold', 'warm'] as const) {
      const url = kind === 'cold' ? member.launchUrl : await launchUrlOf(server.origin, member.sandboxId);
      const result = await launch(context, server.origin, url);
      results[kind].push(result);
      console.log(
        `run ${run} ${kind}: FCP ${result.fcp.toFixed(0)} ms, first look ${result.firstLook.toFixed(0)} ms, ` +
          `app ready ${result.ready.toFixed(0)} ms, ` +
          `${result.longTasks.length} long tasks (${result.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms), JS ${(result.jsBytes / 1000).toFixed(1)} kB`,
      );
    }
    await context.close();
  }
  console.log(
    `\n4× CPU, ${RTT_MS} ms RTT, 1.6 Mbit/s down, 390×844 (goals: balances warm ≤ 900 ms, cold ≤ 1 600 ms, FCP ≤ 800 ms)`,
  );
  report('cold', results.cold);
  report('warm', results.warm);
  // Before the balances showed they would cost the launch; after, they are what the first screen does next
  // (TON Connect UI fetching the wallet list's icons from each wallet's host, as in production).
  const runs = [...results.cold, ...results.warm];
  const foreign = runs.flatMap((r) => r.otherHosts.map((request) => ({ ...request, early: request.at < r.ready })));
  if (!foreign.length) console.log('no request to another host');
  else {
    const early = foreign.filter((request) => request.early);
    const kinds = (requests: typeof foreign) => [...new Set(requests.map((request) => request.type))].join(', ');
    console.log(
      `requests to other hosts: ${early.length ? `BEFORE THE BALANCES SHOWED ${early.length} (${kinds(early)}), ` : 'none before the balances showed, '}` +
        `${foreign.length - early.length} after (${kinds(foreign.filter((request) => !request.early)) || '-'}): ` +
        [...new Set(foreign.map((request) => request.host))].join(', '),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
