/**
 * Benchmark of the staking ticker (docs/product.md §4: active earnings recompute every 1 s): the cost of one
 * tick with many active stakes, in the model alone and with the real StakeList/StakeCard/LiveEarned
 * rendered by react-dom into a happy-dom document, and how many components each tick re-renders.
 * It prints numbers only; it is not a test.
 *
 *   npx tsx scripts/bench-ticker.ts [ticks=1000] [stakes=100]      (npm run bench:ticker)
 *
 * The app's modules are built by Vite from the project's vite.config.ts, in production mode, as for
 * the app (tsx alone would run them without the effector swc plugin, CSS modules or
 * import.meta.env). The clock is driven by hand: the ticker's 1 s timeout is captured and fired
 * at once while Date.now moves a second, so N ticks take milliseconds, not N seconds.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TICKS = Number(process.argv[2] ?? 1000);
const STAKES = Number(process.argv[3] ?? 100);
const TICK_MS = 1_000;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// React's production build, as users run it (set before react loads).
process.env.NODE_ENV ??= 'production';

// ---- a DOM, the same way vitest's happy-dom environment makes one ---------------------------------
const { builtinEnvironments } = await import('vitest/runtime');
const dom = await builtinEnvironments['happy-dom'].setup(globalThis, {});

// ---- render counting through the React DevTools hook (it must exist before react-dom loads) -------
/*
 * After each commit the finished tree is walked; a function component rendered in that commit iff
 * its first hook object is new (an update render clones every hook, a bailout keeps them).
 */
type Fiber = { type: unknown; memoizedState: unknown; child: Fiber | null; sibling: Fiber | null };
const counted = new Map<unknown, { name: string; renders: number }>();
const seenHooks = new WeakSet<object>();
let counting = false;
const commits: { lastRoot: { current: Fiber } | null } = { lastRoot: null };
function walk(fiber: Fiber | null, count: boolean) {
  for (let node = fiber; node; node = node.sibling) {
    const entry = counted.get(node.type);
    const hook = node.memoizedState;
    if (entry && typeof hook === 'object' && hook !== null && !seenHooks.has(hook)) {
      seenHooks.add(hook);
      if (count) entry.renders += 1;
    }
    walk(node.child, count);
  }
}
Object.assign(globalThis, {
  __REACT_DEVTOOLS_GLOBAL_HOOK__: {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      commits.lastRoot = root;
      if (counting) walk(root.current, true);
    },
  },
});

// ---- a hand-driven clock for the ticker -----------------------------------------------------------
const realSetTimeout = globalThis.setTimeout;
const realDateNow = Date.now;
let clockOffsetMs = 0;
let dueTicks: Array<() => void> = [];
Date.now = () => realDateNow() + clockOffsetMs;
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  if (ms === TICK_MS) {
    dueTicks.push(() => handler(...args));
    return 0 as unknown as ReturnType<typeof setTimeout>;
  }
  return realSetTimeout(handler, ms, ...args);
}) as typeof setTimeout;
/** Everything queued by a tick (effect promises, React's microtask flush) has run after this. */
const settle = () => new Promise<void>((done) => setImmediate(done));
async function fireTick() {
  clockOffsetMs += TICK_MS;
  const due = dueTicks;
  dueTicks = [];
  for (const run of due) run();
  await settle();
}

// ---- the app's modules -------------------------------------------------------------------------
/*
 * Built by Vite in production mode with the project's vite.config.ts (effector swc plugin with
 * sids, CSS modules, import.meta.env, the production JSX runtime) as an SSR bundle: libraries stay
 * external, so the bundle and this script share one effector, effector-react and React.
 */
const { build } = await import('vite');
await mkdir(join(root, 'node_modules', '.cache'), { recursive: true });
// Inside the project, so the bundle's bare imports resolve to this node_modules.
const outDir = await mkdtemp(join(root, 'node_modules', '.cache', 'bench-ticker-'));
const entries = {
  stake: 'src/entities/stake/index.ts',
  card: 'src/entities/stake/ui/stake-card.tsx',
  number: 'src/entities/stake/ui/live-earned.tsx',
  list: 'src/entities/stake/ui/stake-list.tsx',
};
await build({
  root,
  configFile: resolve(root, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'error',
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, resolve(root, path)])),
      output: { format: 'es', entryFileNames: '[name].mjs' },
    },
  },
});
const load = (name: keyof typeof entries) => import(pathToFileURL(join(outDir, `${name}.mjs`)).href);

// Outside Telegram the SDK logs the host calls it would make on load: not the bench's output.
const log = console.log;
console.log = () => undefined;

type StakeModule = typeof import('../src/entities/stake');
const stakeModule = (await load('stake')) as StakeModule;
const cardModule = (await load('card')) as typeof import('../src/entities/stake/ui/stake-card');
const numberModule = (await load('number')) as typeof import('../src/entities/stake/ui/live-earned');
const listModule = (await load('list')) as typeof import('../src/entities/stake/ui/stake-list');
console.log = log;
const { $now, $tickerRunning, stakesRequested, readStakesFx } = stakeModule.stakeModel;

const { allSettled, fork, createWatch } = await import('effector');
const { Provider } = await import('effector-react');
const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');

type Stake = Parameters<StakeModule['stakeEarned']>[0];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const stakes = (count: number): Stake[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    staking_id: `STK${String(i + 1).padStart(5, '0')}`,
    status: 'active' as const,
    created_at: nowSeconds() - 3_600 * (i % 48),
    last_updated_at: i % 3 === 0 ? null : nowSeconds() - 60 * (i % 30),
    // From a few tokens to a few thousand: some numbers move every second, some less often.
    total_amount: String(5 + ((i * 997) % 5_000)),
    daily_reward: 1,
    hold_bonus: 0.1 * (i % 5),
    collective_bonus: 0.25,
    investment_bonus: 0.05 * (i % 3),
    earned_reward: (0.001 * i).toFixed(3),
    max_reward: '1000000',
  }));

// ---- measuring ----------------------------------------------------------------------------------
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN };
};
const ms = (value: number) => value.toFixed(4);

async function startScope() {
  const scope = fork({
    handlers: [[readStakesFx, async () => ({ data: stakes(STAKES), total: STAKES, page: 1, limit: 300 })]],
  });
  // Not awaited: with active stakes the ticker runs, and allSettled would wait for it.
  void allSettled(stakesRequested, { scope });
  await settle();
  if (!scope.getState($tickerRunning)) throw new Error('the ticker did not start');
  return scope;
}

async function measure(label: string, scope: Awaited<ReturnType<typeof startScope>>) {
  let nowUpdates = 0;
  const unwatch = createWatch({ unit: $now, scope, fn: () => (nowUpdates += 1) });
  const costs: number[] = [];
  for (let tick = 0; tick < TICKS; tick++) {
    const started = performance.now();
    await fireTick();
    costs.push(performance.now() - started);
  }
  unwatch();
  const { mean, p50, p95, max } = stats(costs);
  console.log(`${label}`);
  console.log(`  ticks            ${TICKS}`);
  console.log(`  $now updates     ${nowUpdates}`);
  console.log(`  ms per tick      mean ${ms(mean)}  p50 ${ms(p50)}  p95 ${ms(p95)}  max ${ms(max)}`);
}

// The same cost without work: what firing a timer and waiting for the queue costs by itself.
{
  const costs: number[] = [];
  for (let tick = 0; tick < TICKS; tick++) {
    const started = performance.now();
    await settle();
    costs.push(performance.now() - started);
  }
  const { mean, p50, p95 } = stats(costs);
  console.log(`baseline (an empty turn of the event loop)`);
  console.log(`  ms per tick      mean ${ms(mean)}  p50 ${ms(p50)}  p95 ${ms(p95)}`);
}

{
  const scope = await startScope();
  await measure(`model only: ${STAKES} active stakes in a forked scope`, scope);
}

{
  const scope = await startScope();
  const container = document.createElement('div');
  document.body.append(container);
  const reactRoot = createRoot(container);
  reactRoot.render(createElement(Provider, { value: scope }, createElement(listModule.StakeList)));
  // The first render is scheduled as a task (React's scheduler), not a microtask: give it turns.
  for (let turn = 0; turn < 100 && !container.querySelector('[data-testid="stake-card"]'); turn++) await settle();
  const cards = container.querySelectorAll('[data-testid="stake-card"]').length;
  const numbers = () => [...container.querySelectorAll('[data-testid="stake-earned"]')].map((el) => el.textContent);
  if (cards !== STAKES) throw new Error(`rendered ${cards} cards, expected ${STAKES}`);

  counted.set(listModule.StakeList, { name: 'StakeList', renders: 0 });
  counted.set(cardModule.StakeCard, { name: 'StakeCard', renders: 0 });
  counted.set(numberModule.LiveEarned, { name: 'LiveEarned', renders: 0 });

  // Pass 1: timing, nothing counted.
  const before = numbers();
  await measure(`react-dom (${process.env.NODE_ENV} build), ${cards} StakeCards in happy-dom`, scope);
  const after = numbers();
  const moved = after.filter((text, i) => text !== before[i]).length;

  // Pass 2: the same ticks again, counting which components render.
  // What is on screen now is not a render of pass 2.
  walk(commits.lastRoot?.current ?? null, false);
  counting = true;
  const changedPerTick: number[] = [];
  for (let tick = 0; tick < TICKS; tick++) {
    const shown = numbers();
    await fireTick();
    changedPerTick.push(numbers().filter((text, i) => text !== shown[i]).length);
  }
  counting = false;
  const perTick = (name: string) => {
    const entry = [...counted.values()].find((e) => e.name === name);
    return entry ? (entry.renders / TICKS).toFixed(2) : 'n/a';
  };
  console.log(`  numbers that moved over the timed ticks    ${moved} of ${cards}`);
  console.log(
    `  renders per tick   LiveEarned ${perTick('LiveEarned')}  StakeCard ${perTick('StakeCard')}  StakeList ${perTick('StakeList')}`,
  );
  console.log(`  shown numbers changed per tick             ${stats(changedPerTick).mean.toFixed(2)}`);
  reactRoot.unmount();
}

await rm(outDir, { recursive: true, force: true });
await dom.teardown(globalThis);
process.exit(0);
