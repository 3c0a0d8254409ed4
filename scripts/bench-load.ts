/**
 * The first screen on a cheap phone (DESIGN.md §7 Budgets: dashboard balances ready ≤ 1.5 s):
 * the built app (dist/, not built here) served by `server/main.ts` (sandbox, embedded PGlite), a member
 * created through the launcher's API, its signed launch URL opened in headless Chromium with 4× CPU
 * throttling, 150 ms RTT, 1.6 Mbit/s down (750 kbit/s up), 390×844, a cold cache, N runs. Prints FCP,
 * "balances ready" (the dashboard's main balance, [data-testid=balance-token], showing a number) and
 * long tasks (median, min, max), the JavaScript transferred (encoded bytes) and the request waterfall of
 * the median run, and flags any request to another host. It prints numbers only; it is not a test.
 *
 *   npm run build && npm run bench:load -- [--runs 5]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CDPSession, type Request, chromium } from '@playwright/test';
import { createLauncherMember, flag, median, ROOT, startServerProcess } from './bench-kit';

const RUNS = Number(flag('runs', '5'));
const BALANCE_SELECTOR = '[data-testid="balance-token"]';
const RTT_MS = 150;
const DOWN_BYTES_PER_S = (1.6 * 1_000_000) / 8;
const UP_BYTES_PER_S = (750 * 1_000) / 8;

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (bench:load measures the built app and builds nothing).');
  process.exit(1);
}

/** In the page, before any script: paint and long-task entries, and when the balance first shows a number. */
const PAGE_PROBE = `
  window.__bench = { longTasks: [], ready: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (window.__bench.ready !== null) return;
    const el = document.querySelector(${JSON.stringify(BALANCE_SELECTOR)});
    if (el && /\\d/.test(el.textContent || '')) window.__bench.ready = performance.now();
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
  ready: number;
  longTasks: number[];
  jsBytes: number;
  requests: RequestRow[];
  otherHosts: string[];
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: DOWN_BYTES_PER_S,
    uploadThroughput: UP_BYTES_PER_S,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const server = await startServerProcess({ env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const member = await createLauncherMember(server.origin);
  const appHost = new URL(server.origin).host;
  const runs: RunResult[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // A fresh context each run: a cold cache, no storage.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    await throttle(await context.newCDPSession(page));
    const finished: Promise<RequestRow | null>[] = [];
    const otherHosts = new Set<string>();
    let navigationStart = 0;
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && url.host !== appHost) otherHosts.add(url.host);
    });
    page.on('requestfinished', (request: Request) => {
      finished.push(
        (async () => {
          const timing = request.timing();
          const sizes = await request.sizes().catch(() => null);
          return {
            url: request.url().replace(server.origin, '').replace(/#.*/, '#…'),
            type: request.resourceType(),
            start: timing.startTime - navigationStart,
            duration: timing.responseEnd,
            encodedBytes: sizes ? sizes.responseBodySize : 0,
          };
        })(),
      );
    });
    navigationStart = Date.now();
    await page.goto(server.origin + member.launchUrl, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { ready: number | null } }).__bench.ready !== null,
      null,
      {
        timeout: 60_000,
        polling: 100,
      },
    );
    await page.waitForTimeout(500); // late requests of the first screen
    const probe = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { ready: number; longTasks: number[] } }).__bench;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return { ready: bench.ready, longTasks: bench.longTasks, fcp };
    });
    const requests = (await Promise.all(finished))
      .filter((row): row is RequestRow => row !== null)
      .sort((a, b) => a.start - b.start);
    const jsBytes = requests.filter((row) => row.type === 'script').reduce((sum, row) => sum + row.encodedBytes, 0);
    runs.push({
      fcp: probe.fcp,
      ready: probe.ready,
      longTasks: probe.longTasks,
      jsBytes,
      requests,
      otherHosts: [...otherHosts],
    });
    console.log(
      `run ${run}: FCP ${probe.fcp.toFixed(0)} ms, balances ready ${probe.ready.toFixed(0)} ms, ` +
        `${probe.longTasks.length} long tasks (${probe.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms), JS ${(jsBytes / 1000).toFixed(1)} kB`,
    );
    await context.close();
  }

  const stat = (label: string, values: number[], unit = 'ms') =>
    console.log(
      `${label.padEnd(22)} median ${median(values).toFixed(0)} ${unit}, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`,
    );
  console.log(`\n${RUNS} cold runs, 4× CPU, ${RTT_MS} ms RTT, 1.6 Mbit/s down, 390×844`);
  stat(
    'FCP',
    runs.map((r) => r.fcp),
  );
  stat(
    'balances ready',
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
    `\nwaterfall of the median run (balances ready ${typical.ready.toFixed(0)} ms): start, duration, encoded size`,
  );
  for (const row of typical.requests) {
    console.log(
      `  ${row.start.toFixed(0).padStart(6)} ms ${row.duration.toFixed(0).padStart(6)} ms ${(row.encodedBytes / 1000).toFixed(1).padStart(7)} kB  ${row.type.padEnd(10)} ${row.url.slice(0, 90)}`,
    );
  }
  const foreign = [...new Set(runs.flatMap((r) => r.otherHosts))];
  console.log(foreign.length ? `REQUESTS TO OTHER HOSTS: ${foreign.join(', ')}` : 'no request to another host');
} finally {
  await browser.close();
  await server.stop();
}
