/**
 * Benchmark of the price chart: lightweight-charts' candlestick series in headless Chromium
 * with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), as on a modest phone.
 *
 *   npx tsx scripts/bench-chart.ts [candles=10000] [runs=7]      (npm run bench:chart)
 *
 * 1. setData of N generated candles (5 m apart, prices like the app's: around 0.01 TON), on a fresh
 *    chart each run: the call itself, and the call plus the first painted frame (the library paints in
 *    requestAnimationFrame). The first run in the page is printed on its own (cold: the library's code
 *    is compiled on first use); the goal is checked on the median of the runs after it.
 * 2. On the last chart: 10 live updates per second for 10 s (update() with the last candle's time
 *    moves it; every 30 s of candle time a new one is appended, as the candles socket does), with a
 *    PerformanceObserver for 'longtask' entries (> 50 ms on the main thread) during the updates.
 * Goals: setData ≤ 150 ms, no long task from updates. It prints numbers; it is not a test.
 *
 * The page is served from a throwaway local HTTP server: the library's standalone production build
 * from node_modules (the same code the app's chart chunk holds) and a small inline harness.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const CANDLES = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 7);
const THROTTLE = 4;
const UPDATES_PER_SECOND = 10;
const UPDATE_SECONDS = 10;
const GOAL_SET_DATA_MS = 150;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const library = await readFile(
  resolve(root, 'node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js'),
);

/* The harness: runs in the page, uses the global LightweightCharts of the standalone build. */
const HARNESS = String.raw`
const { createChart, CandlestickSeries } = LightweightCharts;
const INTERVAL = 300;

function generate(count) {
  // A deterministic walk (mulberry32) around 0.01 TON, 9 decimals at most like the app's prices.
  let seed = 13;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const round = (x) => Math.round(x * 1e9) / 1e9;
  const start = Math.floor(Date.now() / 1000 / INTERVAL) * INTERVAL - (count - 1) * INTERVAL;
  const candles = [];
  let close = 0.01;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = round(Math.min(1, Math.max(0.001, open * (1 + (random() - 0.5) * 0.02))));
    const high = round(Math.max(open, close) * (1 + random() * 0.005));
    const low = round(Math.min(open, close) * (1 - random() * 0.005));
    candles.push({ time: start + i * INTERVAL, open, high, low, close });
  }
  return candles;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
let chart = null;
let series = null;
let data = [];

window.benchSetData = async (count) => {
  if (chart) chart.remove();
  const container = document.getElementById('chart');
  chart = createChart(container, { autoSize: true, timeScale: { timeVisible: true, rightOffset: 2 } });
  series = chart.addSeries(CandlestickSeries, { priceFormat: { type: 'price', precision: 6, minMove: 0.000001 } });
  await frame();
  data = generate(count);
  const started = performance.now();
  series.setData(data);
  const call = performance.now() - started;
  // The library asked for its frame inside setData: its paint runs before this callback, in that frame.
  await frame();
  return { call, painted: performance.now() - started };
};

/** Long tasks with the chart on screen and nothing asked of it: what the page and machine do anyway. */
window.benchIdle = (seconds) =>
  new Promise((resolve) => {
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: 0, duration: entry.duration });
    });
    observer.observe({ type: 'longtask' });
    setTimeout(() => {
      observer.disconnect();
      resolve(longTasks);
    }, seconds * 1000);
  });

window.benchUpdates = (perSecond, seconds) =>
  new Promise((resolve) => {
    const windowStart = performance.now();
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime - windowStart, duration: entry.duration });
    });
    observer.observe({ type: 'longtask' });
    const calls = [];
    const paints = [];
    let last = { ...data[data.length - 1] };
    let sent = 0;
    const started = performance.now();
    const timer = setInterval(() => {
      sent += 1;
      // Every 300 updates (30 s) a new candle; otherwise the live one moves.
      const appended = sent % 300 === 0;
      const close = Math.round(last.close * (1 + (Math.random() - 0.5) * 0.004) * 1e9) / 1e9;
      last = appended
        ? { time: last.time + INTERVAL, open: last.close, high: Math.max(last.close, close), low: Math.min(last.close, close), close }
        : { ...last, high: Math.max(last.high, close), low: Math.min(last.low, close), close };
      // rAF callbacks run in the order asked: A, then the library's paint (asked inside update()), then B.
      let frameStart = 0;
      requestAnimationFrame(() => (frameStart = performance.now()));
      const before = performance.now();
      series.update(last);
      calls.push(performance.now() - before);
      requestAnimationFrame(() => paints.push(performance.now() - frameStart));
      if (sent === perSecond * seconds) {
        clearInterval(timer);
        // Let the last update's frame paint (and its long task, if any, be reported).
        setTimeout(() => {
          observer.disconnect();
          resolve({ updates: sent, elapsed: performance.now() - started, calls, paints, longTasks });
        }, 300);
      }
    }, 1000 / perSecond);
  });
`;

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>chart bench</title>
<style>body{margin:0} #chart{width:390px;height:240px}</style></head>
<body><div id="chart"></div><script src="/lightweight-charts.js"></script><script>${HARNESS}</script></body></html>`;

const server = createServer((request, response) => {
  if (request.url === '/lightweight-charts.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
  } else {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  }
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address() as AddressInfo;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => 'benchSetData' in window);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });

  type Win = typeof window & {
    benchSetData: (count: number) => Promise<{ call: number; painted: number }>;
    benchUpdates: (
      perSecond: number,
      seconds: number,
    ) => Promise<{
      updates: number;
      elapsed: number;
      calls: number[];
      paints: number[];
      longTasks: { start: number; duration: number }[];
    }>;
    benchIdle: (seconds: number) => Promise<{ duration: number }[]>;
  };

  // The first run pays the library's first compilation (a user's one chart load is this one); the
  // median is over the runs after it.
  const cold = await page.evaluate((count) => (window as Win).benchSetData(count), CANDLES);
  const runs: { call: number; painted: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await page.evaluate((count) => (window as Win).benchSetData(count), CANDLES));
  }
  const setDataCall = median(runs.map((run) => run.call));
  const setDataPainted = median(runs.map((run) => run.painted));

  // Let the last setData's work and the garbage of the earlier charts settle before the updates.
  await page.waitForTimeout(2000);
  const updates = await page.evaluate(
    ([perSecond, seconds]) => (window as Win).benchUpdates(perSecond!, seconds!),
    [UPDATES_PER_SECOND, UPDATE_SECONDS],
  );
  const calls = updates.calls;
  const idle = await page.evaluate((seconds) => (window as Win).benchIdle(seconds), UPDATE_SECONDS);

  console.log(
    `lightweight-charts candlestick, ${CANDLES} candles, Chromium at ${THROTTLE}× CPU throttle, 390×240 chart`,
  );
  console.log(
    `setData (median of ${RUNS}): call ${ms(setDataCall)}, with the first painted frame ${ms(setDataPainted)}` +
      `  [calls: ${runs.map((run) => run.call.toFixed(0)).join(', ')} ms; painted: ${runs.map((run) => run.painted.toFixed(0)).join(', ')} ms]`,
  );
  console.log(
    `setData, first run in the page (cold): call ${ms(cold.call)}, with the first painted frame ${ms(cold.painted)}`,
  );
  console.log(
    `updates: ${updates.updates} in ${(updates.elapsed / 1000).toFixed(1)} s; update() median ${ms(median(calls))}, ` +
      `max ${ms(Math.max(...calls))}`,
  );
  console.log(
    `the library's paint after each update (same frame): median ${ms(median(updates.paints))}, max ${ms(Math.max(...updates.paints))}`,
  );
  console.log(
    `long tasks during the updates: ${updates.longTasks.length}` +
      (updates.longTasks.length
        ? ` (${updates.longTasks.map((task) => `${ms(task.duration)} at ${(task.start / 1000).toFixed(2)} s`).join(', ')})`
        : ''),
  );
  console.log(
    `long tasks in ${UPDATE_SECONDS} s with no updates (the machine's own share): ${idle.length}` +
      (idle.length ? ` (${idle.map((task) => ms(task.duration)).join(', ')})` : '') +
      `; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
  );
  const setDataOk = setDataPainted <= GOAL_SET_DATA_MS;
  const updatesOk = updates.longTasks.length === 0;
  console.log(`goal setData ≤ ${GOAL_SET_DATA_MS} ms (call + first frame): ${setDataOk ? 'met' : 'NOT met'}`);
  console.log(`goal no long task from updates: ${updatesOk ? 'met' : 'NOT met'}`);
  process.exitCode = setDataOk && updatesOk ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
