/**
 * Price, candles and stats: the SQL candles against a naive reference on random ticks for
 * every interval, bucket boundaries, gap filling, the cap, query validation and interval normalisation;
 * the candles socket protocol and price_update over a real listening server; every price writer (admin
 * API, operator CLI, launcher, walk); the financial stats against a ledger built here, and their cache.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_SECONDS,
  CANDLES_MAX_PER_ANSWER,
  type CandleList,
  type CurrentCandle,
  type ErrorBody,
  type FinancialStats,
  type PriceUpdate,
  SOCKET_CLOSE,
  candleListSchema,
  currentCandleSchema,
  financialStatsSchema,
  priceUpdateSchema,
} from '@contract';
import { PRICE_MAX_NANOTONS, PRICE_WALK } from '../../server/constants';
import { inTransaction } from '../../server/events/transaction';
import { createBackgroundJobs } from '../../server/jobs';
import { changeBalance } from '../../server/ledger/service';
import { runOperator } from '../../server/operator';
import { insertPriceTick } from '../../server/price/queries';
import { candles, createPriceWalk, currentPriceNanotons, liveCandle, setPrice } from '../../server/price/service';
import { seededRandom, walkStep } from '../../server/price/walk';
import { setSetting } from '../../server/settings/service';
import { createStatsCache, financialStats } from '../../server/stats/service';
import { type RefTick, T0, randomTicks, referenceCandles, storeTicks } from './candle-kit';
import { createTestContext, sandboxConfig, type TestContext } from './helpers';
import { TOKEN, TON, newUser, type TestUser } from './mint-kit';

let ctx: TestContext;
let user: TestUser;
/** Where the app listens (the sockets and the operator CLI need a real server). */
let address: string;
beforeAll(async () => {
  ctx = await createTestContext({ socketTokenTimeoutMs: 300 });
  user = await newUser(ctx);
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const getCandles = (query: string, signedIn = true) =>
  ctx.app.inject({ method: 'GET', url: `/api/price/candles${query}`, ...(signedIn ? { headers: user.headers } : {}) });
const tickCount = async () =>
  Number((await ctx.db.query<{ n: bigint }>('SELECT COUNT(*) AS n FROM price_ticks'))[0]!.n);

describe('candles: SQL against the naive reference', () => {
  const ticks = randomTicks(20261123, 400);
  const last = ticks.reduce((a, b) => (b.at > a.at ? b : a)).at;
  // "now" some days after the last tick: the newest candles carry its close forward.
  const now = Math.floor(last) + 3 * 86_400 + 77;
  beforeAll(async () => {
    await storeTicks(ctx.db, ticks);
  });

  it.each(CANDLE_INTERVALS)(
    '%s: random ranges, the default range, ranges around the first and last tick',
    async (interval) => {
      const seconds = CANDLE_INTERVAL_SECONDS[interval];
      const random = seededRandom(seconds);
      const ranges: Array<{ from?: number; to?: number }> = [
        {},
        { from: 0 },
        { to: T0 - 1 }, // before the first tick: nothing
        { from: T0 - 10 * seconds, to: T0 + 5 * seconds }, // starts before the first tick
        { from: Math.floor(last) - 2 * seconds, to: now + 86_400 }, // after the last tick, and past now
        { from: T0 + 1, to: T0 + 1 }, // one bucket
        { to: Math.floor(last) },
        { from: Math.floor(last) },
      ];
      for (let i = 0; i < 12; i++) {
        const a = T0 - 3600 + Math.floor(random() * (now - T0 + 7200));
        const b = T0 - 3600 + Math.floor(random() * (now - T0 + 7200));
        ranges.push({ from: Math.min(a, b), to: Math.max(a, b) });
      }
      for (const range of ranges) {
        const got = await candles(ctx.db, { interval, from_timestamp: range.from, to_timestamp: range.to }, now);
        expect(got.interval).toBe(interval);
        expect(got.candles, `${interval} ${JSON.stringify(range)}`).toEqual(
          referenceCandles(ticks, seconds, range, now),
        );
      }
    },
  );

  it('really tests something: most answers have many candles, with ticks and with carried buckets', async () => {
    const { candles: bars } = await candles(ctx.db, { interval: '1h', from_timestamp: T0 }, now);
    expect(bars.length).toBeGreaterThan(500);
    expect(bars.some((bar) => bar.open !== bar.close)).toBe(true);
    expect(bars.some((bar, i) => i > 0 && bar.open === bars[i - 1]!.close && bar.high === bar.low)).toBe(true);
  });
});

describe('candles: boundaries, gaps, cap, first tick', () => {
  const B = T0 + 86_400; // a day start: every interval's start
  const price = (tons: string) => BigInt(Math.round(Number(tons) * 1e9));
  const ticks: RefTick[] = [
    { at: B - 1, price: price('0.010'), seq: 0 }, // one second before the boundary: the previous bucket
    { at: B, price: price('0.020'), seq: 1 }, // exactly at the start: opens the bucket
    { at: B, price: price('0.005'), seq: 2 }, // same instant: the id decides; the low
    { at: B + 299.75, price: price('0.030'), seq: 3 }, // the 5m bucket's last quarter second: its high and close
    { at: B + 3 * 300, price: price('0.012'), seq: 4 }, // two empty 5m buckets before it
  ];
  beforeAll(async () => {
    await storeTicks(ctx.db, ticks);
  });

  it('a tick at a bucket start opens that bucket; one second before closes the previous one; empty buckets carry the close', async () => {
    const { candles: bars } = await candles(
      ctx.db,
      { interval: '5m', from_timestamp: B - 600, to_timestamp: B + 1200 },
      B + 5000,
    );
    expect(bars).toEqual([
      // nothing before the first tick's bucket
      { time: B - 300, open: '0.01', high: '0.01', low: '0.01', close: '0.01' },
      { time: B, open: '0.02', high: '0.03', low: '0.005', close: '0.03' },
      { time: B + 300, open: '0.03', high: '0.03', low: '0.03', close: '0.03' },
      { time: B + 600, open: '0.03', high: '0.03', low: '0.03', close: '0.03' },
      { time: B + 900, open: '0.012', high: '0.012', low: '0.012', close: '0.012' },
      { time: B + 1200, open: '0.012', high: '0.012', low: '0.012', close: '0.012' },
    ]);
    const day = await candles(ctx.db, { interval: '1d', from_timestamp: B - 86_400, to_timestamp: B }, B + 5000);
    expect(day.candles).toEqual([
      { time: B - 86_400, open: '0.01', high: '0.01', low: '0.01', close: '0.01' },
      { time: B, open: '0.02', high: '0.03', low: '0.005', close: '0.012' },
    ]);
  });

  it('a range starting after the first tick takes the price in force before it', async () => {
    const { candles: bars } = await candles(
      ctx.db,
      { interval: '5m', from_timestamp: B + 600, to_timestamp: B + 600 },
      B + 5000,
    );
    expect(bars).toEqual([{ time: B + 600, open: '0.03', high: '0.03', low: '0.03', close: '0.03' }]);
  });

  it(`answers at most ${CANDLES_MAX_PER_ANSWER} candles, the newest, and nothing after now`, async () => {
    const now = B + 10 * 86_400 + 123;
    const { candles: bars } = await candles(
      ctx.db,
      { interval: '5m', from_timestamp: 0, to_timestamp: now + 86_400 },
      now,
    );
    expect(bars).toHaveLength(CANDLES_MAX_PER_ANSWER);
    const newest = Math.floor(now / 300) * 300;
    expect(bars.at(-1)!.time).toBe(newest);
    expect(bars[0]!.time).toBe(newest - (CANDLES_MAX_PER_ANSWER - 1) * 300);
    expect(bars.every((bar, i) => i === 0 || bar.time - bars[i - 1]!.time === 300)).toBe(true);
    // defaults: the same newest CANDLES_MAX_PER_ANSWER up to now
    expect((await candles(ctx.db, { interval: '5m' }, now)).candles).toEqual(bars);
  });

  it('the live candle is the candle holding the instant, as GET has it', async () => {
    expect(await liveCandle(ctx.db, '1h', B + 1000)).toEqual({
      time: B,
      open: '0.02',
      high: '0.03',
      low: '0.005',
      close: '0.012',
    });
    expect(await liveCandle(ctx.db, '5m', B + 7200)).toEqual({
      time: B + 7200,
      open: '0.012',
      high: '0.012',
      low: '0.012',
      close: '0.012',
    });
    expect(await liveCandle(ctx.db, '5m', B - 86_400)).toBeNull();
  });
});

describe('GET /api/price/candles', () => {
  beforeAll(async () => {
    await ctx.db.query('DELETE FROM price_ticks');
    await insertPriceTick(ctx.db, 10_000_000n, nowSeconds() - 7200);
  });

  it('answers the contract, needs a bearer token, and defaults to the newest candles up to now', async () => {
    expect((await getCandles('', false)).statusCode).toBe(401);
    const response = await getCandles('?interval=1h');
    expect(response.statusCode).toBe(200);
    const body = candleListSchema.parse(response.json<CandleList>());
    expect(body.interval).toBe('1h');
    expect(body.candles.length).toBeGreaterThanOrEqual(2);
    expect(body.candles.at(-1)).toMatchObject({ time: Math.floor(nowSeconds() / 3600) * 3600, close: '0.01' });
  });

  it.each([
    ['', '5m'],
    ['?interval=15m', '5m'],
    ['?interval=1H', '5m'],
    ['?interval=%201h', '5m'],
    ['?interval=', '5m'],
    ['?interval=30m', '30m'],
    ['?interval=4h', '4h'],
    ['?interval=1d', '1d'],
  ])('interval %j is read as %s', async (query, interval) => {
    const response = await getCandles(query);
    expect(response.statusCode).toBe(200);
    expect(response.json<CandleList>().interval).toBe(interval);
  });

  it.each([
    'from_timestamp=abc',
    'from_timestamp=-1',
    'from_timestamp=1e3',
    'from_timestamp=01',
    'to_timestamp=1.5',
    'to_timestamp=99999999999',
    'from_timestamp=200&to_timestamp=100',
    `interval=${'x'.repeat(17)}`,
  ])('422 for %s', async (query) => {
    const response = await getCandles(`?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().msg).toBeTruthy();
  });

  it('a range wholly before the first tick is empty', async () => {
    const response = await getCandles('?interval=5m&from_timestamp=0&to_timestamp=1000');
    expect(response.json<CandleList>()).toEqual({ interval: '5m', candles: [] });
  });
});

// ---- sockets ---------------------------------------------------------------------------------------

describe('sockets: current_candle and price_update', () => {
  let wsBase: string;
  beforeAll(async () => {
    await ctx.db.query('DELETE FROM price_ticks');
    // inside the current hour (and day), so the ticks below share its 1h and 1d candles
    const nowAt = Date.now() / 1000;
    await insertPriceTick(ctx.db, 10_000_000n, Math.max(Math.floor(nowAt / 3600) * 3600, nowAt - 10));
    wsBase = address.replace(/^http/, 'ws');
  });

  function connect(path: string) {
    const socket = new WebSocket(wsBase + path);
    const messages: Array<{ event: string; data: unknown }> = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as { event: string; data: unknown });
      waiters.splice(0).forEach((wake) => wake());
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const received = (count: number) =>
      new Promise<typeof messages>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${messages.length} of ${count} messages: ${JSON.stringify(messages)}`)),
          3000,
        );
        const check = () => {
          if (messages.length >= count) {
            clearTimeout(timer);
            resolve(messages);
          } else waiters.push(check);
        };
        check();
      });
    return { socket, messages, closed, opened, received };
  }

  const candleOf = (message: { event: string; data: unknown } | undefined) => {
    expect(message?.event).toBe('current_candle');
    return currentCandleSchema.parse(message?.data as CurrentCandle);
  };
  const setByAdmin = (price: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price',
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
      payload: { price },
    });

  it('token → interval → current_candle at once; a tick → current_candle and price_update on the main socket; a new interval switches', async () => {
    const main = connect('/api/ws/');
    const chart = connect('/api/ws/candles');
    await Promise.all([main.opened, chart.opened]);
    main.socket.send(user.token);
    await main.received(2); // the balances and the price, as they are now
    // token and interval at once, as the client does: the interval waits for the token's verdict
    chart.socket.send(user.token);
    chart.socket.send('1h');
    const [first] = await chart.received(1);
    const hour = Math.floor(nowSeconds() / 3600) * 3600;
    expect(candleOf(first)).toEqual({
      interval: '1h',
      candle: { time: hour, open: '0.01', high: '0.01', low: '0.01', close: '0.01' },
    });

    expect((await setByAdmin('0.0125')).statusCode).toBe(200);
    const [, tick] = await chart.received(2);
    expect(candleOf(tick)).toMatchObject({
      interval: '1h',
      candle: { open: '0.01', high: '0.0125', low: '0.01', close: '0.0125' },
    });
    const [, , update] = await main.received(3);
    expect(update?.event).toBe('price_update');
    const data = priceUpdateSchema.parse(update?.data as PriceUpdate);
    expect(data).toMatchObject({ price: '0.0125', price_change_24h: 25, price_change_30d: 25 });
    expect(Math.abs(data.time - nowSeconds())).toBeLessThanOrEqual(2);

    chart.socket.send('15m'); // not an interval: 5m
    const [, , switched] = await chart.received(3);
    expect(candleOf(switched)).toMatchObject({
      interval: '5m',
      candle: { time: Math.floor(nowSeconds() / 300) * 300, close: '0.0125' },
    });
    chart.socket.send('1d');
    const [, , , daily] = await chart.received(4);
    expect(candleOf(daily).interval).toBe('1d');

    expect((await setByAdmin('0.011')).statusCode).toBe(200);
    const [, , , , afterSwitch] = await chart.received(5);
    expect(candleOf(afterSwitch)).toMatchObject({ interval: '1d', candle: { high: '0.0125', close: '0.011' } });
    await main.received(4);
    expect(main.messages[3]).toMatchObject({ event: 'price_update', data: { price: '0.011' } });
    // one candle per tick, of the socket's interval only: the tick reached this process's listeners before
    // main heard it, and the chart socket's sends go out in order, so any other candle of that tick would
    // come before the answer to another interval sent now
    chart.socket.send('4h');
    const [, , , , , marker] = await chart.received(6);
    expect(candleOf(marker)).toMatchObject({ interval: '4h', candle: { close: '0.011' } });

    main.socket.close();
    chart.socket.close();
    await Promise.all([main.closed, chart.closed]);
  });

  it('sends nothing before an interval; two sockets of one interval each get the tick', async () => {
    const quiet = connect('/api/ws/candles');
    const a = connect('/api/ws/candles');
    const b = connect('/api/ws/candles');
    await Promise.all([quiet.opened, a.opened, b.opened]);
    for (const client of [quiet, a, b]) client.socket.send(JSON.stringify({ token: user.token }));
    a.socket.send('30m');
    b.socket.send('30m');
    await Promise.all([a.received(1), b.received(1)]);
    await setPrice(ctx, 11_000_000n);
    const [[, ta], [, tb]] = await Promise.all([a.received(2), b.received(2)]);
    expect(candleOf(ta)).toEqual(candleOf(tb));
    expect(candleOf(ta).candle.close).toBe('0.011');
    expect(quiet.messages).toEqual([]);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN); // past the token timeout: the token was good
    for (const client of [quiet, a, b]) client.socket.close();
  });

  it(`a bad token closes the candles socket with ${SOCKET_CLOSE.unauthorized}, an interval sent with it is never answered`, async () => {
    const client = connect('/api/ws/candles');
    await client.opened;
    client.socket.send('not-a-token');
    client.socket.send('5m');
    expect(await client.closed).toBe(SOCKET_CLOSE.unauthorized);
    expect(client.messages).toEqual([]);
  });
});

// ---- price writers -----------------------------------------------------------------------------------

describe('setting the price: admin API, operator CLI, launcher, walk', () => {
  const adminHeaders = () => ({ authorization: `Bearer ${ctx.config.adminToken}` });

  it.each([
    [{ price: '0' }, 'Amount must be greater than 0'],
    [{ price: '-1' }, undefined],
    [{ price: 0.02 }, undefined],
    [{ price: '1e-2' }, undefined],
    [{ price: '0.0000000001' }, undefined],
    [{ price: '' }, undefined],
    [{ price: '1000000001' }, 'Amount must be at most 1000000000 TON'],
    [{ price: '0.01', extra: 1 }, undefined],
    [{}, undefined],
  ])('POST /api/admin/price %j → 422, nothing written', async (payload, msg) => {
    const before = await tickCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price',
      headers: adminHeaders(),
      payload,
    });
    expect(response.statusCode).toBe(422);
    if (msg) expect(response.json<ErrorBody>().msg).toBe(msg);
    expect(await tickCount()).toBe(before);
  });

  it('needs an operator (401 without, 403 with a user’s token); sets the price every reader uses', async () => {
    const before = await tickCount();
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/price', payload: { price: '0.02' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/price',
          headers: user.headers,
          payload: { price: '0.02' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await tickCount()).toBe(before);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price',
      headers: adminHeaders(),
      payload: { price: '0.02' },
    });
    expect(response.statusCode).toBe(200);
    expect(priceUpdateSchema.parse(response.json())).toMatchObject({ price: '0.02' });
    expect(await currentPriceNanotons(ctx.db)).toBe(20_000_000n);
    const current = await ctx.app.inject({ method: 'GET', url: '/api/price/current-price', headers: user.headers });
    expect(current.json()).toMatchObject({ price: '0.02' });
    // the max is accepted
    const max = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price',
      headers: adminHeaders(),
      payload: { price: '1000000000' },
    });
    expect(max.statusCode).toBe(200);
    expect(await currentPriceNanotons(ctx.db)).toBe(PRICE_MAX_NANOTONS);
  });

  it('npm run operator -- price set <TON> / price status, through the admin API', async () => {
    const lines: string[] = [];
    const run = (...args: string[]) =>
      runOperator(args, { apiUrl: address, adminToken: ctx.config.adminToken, print: (line) => lines.push(line) });
    await run('price', 'set', '0.015');
    expect(lines.at(-1)).toMatch(/^Price: 0\.015 TON per token \(24 h [+-]?[\d.]+ %, 30 d [+-]?[\d.]+ %\) at \d{4}-/);
    expect(await currentPriceNanotons(ctx.db)).toBe(15_000_000n);
    await run('price', 'status');
    expect(lines.at(-1)).toMatch(/^Price: 0\.015 TON per token/);
    const before = await tickCount();
    await expect(run('price', 'set', '-0.5')).rejects.toThrow(/^422: /);
    await expect(run('price', 'set', 'abc')).rejects.toThrow(/^422: /);
    await expect(run('price', 'set', '0')).rejects.toThrow('422: Amount must be greater than 0');
    await expect(run('price', 'set')).rejects.toThrow(/Usage/);
    await expect(run('price', 'set', '1', '2')).rejects.toThrow(/Usage/);
    expect(await tickCount()).toBe(before);
  });

  it('the launcher’s Price ↑ / ↓ move it by 5 % with one tick each; a bad direction is 422', async () => {
    await setPrice(ctx, 20_000_000n);
    const up = await ctx.app.inject({ method: 'POST', url: '/sandbox/api/price', payload: { direction: 'up' } });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ price: '0.021' });
    const down = await ctx.app.inject({ method: 'POST', url: '/sandbox/api/price', payload: { direction: 'down' } });
    expect(down.json()).toMatchObject({ price: '0.01995' });
    const before = await tickCount();
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/sandbox/api/price', payload: { direction: 'sideways' } }))
        .statusCode,
    ).toBe(422);
    expect(await tickCount()).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/api/price' })).json()).toMatchObject({
      price: '0.01995',
    });
    const launcher = await ctx.app.inject({ method: 'GET', url: '/sandbox/' });
    expect(launcher.body).toContain('Price ↑');
    expect(launcher.body).toContain('Price ↓');
  });

  it('the walk: seeded, small steps, inside its band, never ≤ 0', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      let price = 10_000_000n;
      const path = [price];
      for (let i = 0; i < 5000; i++) {
        const next = walkStep(price, random());
        // at most 1 % (or one nanoton) a step
        const step = next > price ? next - price : price - next;
        expect(step <= price / 100n || step === 1n).toBe(true);
        price = next;
        path.push(price);
      }
      return path;
    };
    const a = run(PRICE_WALK.seed);
    expect(run(PRICE_WALK.seed)).toEqual(a); // seeded
    expect(new Set(a.map(String)).size).toBeGreaterThan(100); // it moves
    // outside the band it only walks back; at the bottom it never reaches 0
    expect(walkStep(PRICE_WALK.ceilingNanotons * 2n, 0.999)).toBeLessThanOrEqual(PRICE_WALK.ceilingNanotons * 2n);
    expect(walkStep(PRICE_WALK.floorNanotons / 2n, 0)).toBeGreaterThanOrEqual(PRICE_WALK.floorNanotons / 2n);
    for (const r of [0, 0.3, 0.5, 0.999]) expect(walkStep(1n, r)).toBeGreaterThanOrEqual(1n);
    expect(walkStep(1n, 0, { maxStepBps: 100, floorNanotons: 0n, ceilingNanotons: 10n })).toBe(1n);
  });

  it('the walk job ticks through the price service (price_update), and is off when PRICE_TICK_MS is 0', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const off = createBackgroundJobs({ config: { ...ctx.config, priceTickMs: 0 }, db: ctx.db, bus: ctx.bus, log });
    expect(off.priceWalk).toBeNull();
    expect(sandboxConfig().priceTickMs).toBeGreaterThan(0);

    const heard: PriceUpdate[] = [];
    const unsubscribe = ctx.bus.subscribeGlobal((message) => {
      if (message.event === 'price_update') heard.push(message.data);
    });
    try {
      const jobs = createBackgroundJobs({
        config: { ...ctx.config, priceTickMs: 5000 },
        db: ctx.db,
        bus: ctx.bus,
        log,
      });
      await setPrice(ctx, 10_000_000n);
      const before = await tickCount();
      expect(await jobs.priceWalk!.runOnce()).toBe(true);
      expect(await tickCount()).toBe(before + 1);
      expect(heard.at(-1)?.price).toBe(
        (await ctx.app.inject({ method: 'GET', url: '/sandbox/api/price' })).json<{ price: string }>().price,
      );
      // the step is the seeded first step from the price in force
      expect(await currentPriceNanotons(ctx.db)).toBe(walkStep(10_000_000n, seededRandom(PRICE_WALK.seed)()));
      // a second walk from the same seed continues from wherever the price is now
      const walk = createPriceWalk(ctx, 7);
      const now = await currentPriceNanotons(ctx.db);
      await walk();
      expect(await currentPriceNanotons(ctx.db)).toBe(walkStep(now, seededRandom(7)()));
      await jobs.stop();
    } finally {
      unsubscribe();
    }
  });
});

// ---- financial stats -----------------------------------------------------------------------------------

describe('GET /api/stats/financial', () => {
  let stats: TestContext;
  beforeAll(async () => {
    stats = await createTestContext({ config: sandboxConfig({ statsCacheMs: 300 }) });
  });
  afterAll(async () => {
    await stats?.close();
  });

  async function insertMint(
    userId: number,
    status: string,
    opts: { source?: 'payment' | 'farming'; amountTon: bigint; amountToken: bigint; expected: bigint },
  ) {
    const activated = status === 'pending' || status === 'canceled' ? null : 'now()';
    const farming = opts.source === 'farming';
    let linkId: number | null = null;
    if (farming) {
      const [link] = await stats.db.query<{ id: number }>(
        `INSERT INTO farming_links (user_id, source, days, tariff_days, yield_bps, price_nanotons, amount_ton, amount_token,
                                    expected_token, count_activations, is_multilink, is_for_me, cost_token, created_at)
         VALUES ($1, 'task_balance', 30, 30, 500, 10000000, $2, $3, $4, 1, FALSE, TRUE, $3, now()) RETURNING id`,
        [userId, opts.amountTon, opts.amountToken, opts.expected],
      );
      linkId = link!.id;
    }
    const [row] = await stats.db.query<{ id: number }>(
      `INSERT INTO mints (mint_id, user_id, status, cancel_reason, days, tariff_days, yield_bps, price_nanotons, amount_ton,
                          amount_token, expected_token, created_at, expires_at, activated_at, source, farming_link_id)
       VALUES (md5(random()::text), $1, $2, $3, 30, 30, 500, 10000000, $4, $5, $6, now(), now(), ${activated ?? 'NULL'}, $7, $8)
       RETURNING id`,
      [
        userId,
        status,
        status === 'canceled' ? 'user' : null,
        opts.amountTon,
        opts.amountToken,
        opts.expected,
        opts.source ?? 'payment',
        linkId,
      ],
    );
    return row!.id;
  }

  async function insertStake(userId: number, mintId: number, status: 'active' | 'completed', total: bigint) {
    await stats.db.query(
      `INSERT INTO stakes (staking_id, user_id, mint_id, status, total_amount, daily_reward, max_reward, created_at, completed_at)
       VALUES (md5(random()::text), $1, $2, $3, $4, 1, $5, now(), ${status === 'completed' ? 'now()' : 'NULL'})`,
      [userId, mintId, status, total, (total * 3n) / 10n],
    );
  }

  async function insertWithdrawal(userId: number, status: 'queued' | 'completed' | 'failed', ton: bigint) {
    let batchId: number | null = null;
    if (status !== 'queued') {
      const [batch] = await stats.db.query<{ id: number }>(
        `INSERT INTO payout_batches (wallet_address, seqno, valid_until, signed_boc, message_hash, status, tx_hash, confirmed_at)
         VALUES ('w', (SELECT COUNT(*) FROM payout_batches), 0, 'boc', md5(random()::text), 'confirmed', 'tx', now()) RETURNING id`,
      );
      batchId = batch!.id;
    }
    await stats.db.query(
      `INSERT INTO withdrawals (user_id, source_account, token_amount, ton_amount, address, status, batch_id, tx_hash)
       VALUES ($1, 'balance_token', 1000000000, $2, 'EQ', $3, $4, $5)`,
      [userId, ton, status, batchId, status === 'completed' ? 'tx' : null],
    );
  }

  const fetchStats = async (u: TestUser) => {
    const response = await stats.app.inject({ method: 'GET', url: '/api/stats/financial', headers: u.headers });
    expect(response.statusCode).toBe(200);
    return financialStatsSchema.parse(response.json<FinancialStats>());
  };

  it('counts the ledger, mints, stakes, payments and withdrawals the test built; cached for STATS_CACHE_MS', async () => {
    expect((await stats.app.inject({ method: 'GET', url: '/api/stats/financial' })).statusCode).toBe(401);
    const empty = await financialStats(stats.db, 1);
    expect(empty).toEqual({
      total_minted: '0',
      total_staked: '0',
      circulating: '0',
      ton_paid_in: '0',
      ton_paid_out: '0',
      users: 0,
      active_stakes: 0,
      collective_bonus: 0,
      updated_at: 1,
    });

    const alice = await newUser(stats);
    const bob = await newUser(stats);
    await inTransaction(stats.db, stats.bus, async (tx) => {
      await changeBalance(tx, {
        userId: alice.userId,
        account: 'balance_token',
        delta: 100n * TOKEN,
        reason: 'sandbox_grant',
      });
      await changeBalance(tx, {
        userId: alice.userId,
        account: 'balance_token',
        delta: -30n * TOKEN,
        reason: 'sandbox_grant',
      });
      await changeBalance(tx, {
        userId: alice.userId,
        account: 'task_balance',
        delta: 5n * TOKEN + 1n,
        reason: 'task_reward',
      });
      await changeBalance(tx, {
        userId: bob.userId,
        account: 'referral_balance',
        delta: 7n * TOKEN,
        reason: 'referral_reward',
      });
    });
    // mints: paid and matured (1 TON → expected 1050), paid and staked (2 TON, 2000 tokens, stake active),
    // paid and active (3 TON, nothing minted yet), pending / canceled (nothing), farmed and matured (no TON),
    // paid, staked, stake completed
    await insertMint(alice.userId, 'completed', {
      amountTon: TON,
      amountToken: 1000n * TOKEN,
      expected: 1050n * TOKEN,
    });
    const staked = await insertMint(alice.userId, 'move_to_staking', {
      amountTon: 2n * TON,
      amountToken: 2000n * TOKEN,
      expected: 2100n * TOKEN,
    });
    await insertStake(alice.userId, staked, 'active', 2000n * TOKEN);
    await insertMint(bob.userId, 'active', {
      amountTon: 3n * TON,
      amountToken: 3000n * TOKEN,
      expected: 3150n * TOKEN,
    });
    await insertMint(bob.userId, 'pending', {
      amountTon: 4n * TON,
      amountToken: 4000n * TOKEN,
      expected: 4200n * TOKEN,
    });
    await insertMint(bob.userId, 'canceled', {
      amountTon: 5n * TON,
      amountToken: 5000n * TOKEN,
      expected: 5250n * TOKEN,
    });
    await insertMint(bob.userId, 'completed', {
      source: 'farming',
      amountTon: 6n * TON,
      amountToken: 600n * TOKEN,
      expected: 630n * TOKEN,
    });
    const done = await insertMint(bob.userId, 'move_to_staking', {
      amountTon: TON / 2n,
      amountToken: 50n * TOKEN,
      expected: 52n * TOKEN,
    });
    await insertStake(bob.userId, done, 'completed', 50n * TOKEN);
    await insertWithdrawal(alice.userId, 'completed', TON / 4n);
    await insertWithdrawal(alice.userId, 'completed', 2n * TON);
    await insertWithdrawal(bob.userId, 'queued', 9n * TON);
    await insertWithdrawal(bob.userId, 'failed', 8n * TON);
    await setSetting(stats.db, 'collective_bonus', 0.05);

    // The cache's clock (Date) is frozen from its first read: within the TTL is not a race with a busy machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const figures = await fetchStats(alice);
      const now = nowSeconds();
      expect(figures).toEqual({
        // the mints paid in TON and confirmed (matured, staked, active, staked and done): tokens and TON alike
        total_minted: String(1000 + 2000 + 3000 + 50),
        total_staked: '2000',
        circulating: '82.000000001',
        ton_paid_in: '6.5', // 1 + 2 + 3 + 0.5: confirmed payments only, farming mints never paid TON
        ton_paid_out: '2.25',
        users: 2,
        active_stakes: 1,
        collective_bonus: 0.05,
        updated_at: figures.updated_at,
      });
      expect(Math.abs(figures.updated_at - now)).toBeLessThanOrEqual(1);
      // circulating is what the ledger says
      const [ledger] = await stats.db.query<{ sum: bigint }>('SELECT SUM(delta)::bigint AS sum FROM ledger');
      expect(ledger!.sum).toBe(82n * TOKEN + 1n);

      // within the TTL (300 ms here) a change is not seen; once it is over, it is
      await newUser(stats);
      expect((await fetchStats(bob)).users).toBe(2);
      vi.setSystemTime(Date.now() + 299);
      expect((await fetchStats(bob)).users).toBe(2);
      vi.setSystemTime(Date.now() + 1);
      expect((await fetchStats(bob)).users).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the cache: one read per TTL, shared by callers at once; a failed read is not kept', async () => {
    let clock = 1_000_000;
    let reads = 0;
    const db = {
      query: async <T>(sql: string, params?: unknown[]) => {
        reads++;
        return stats.db.query<T>(sql, params);
      },
      exec: (sql: string) => stats.db.exec(sql),
    };
    const cache = createStatsCache({ db, ttlMs: 5000, clock: () => clock });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    const perRead = reads;
    expect(perRead).toBeGreaterThan(0);
    clock += 4999;
    expect(await cache.get()).toBe(a);
    expect(reads).toBe(perRead);
    clock += 1;
    const fresh = await cache.get();
    expect(fresh).not.toBe(a);
    expect(fresh.updated_at).toBe(1005);
    expect(reads).toBe(2 * perRead);

    let fail = true;
    const flaky = createStatsCache({
      db: {
        query: async <T>(sql: string, params?: unknown[]) =>
          fail ? Promise.reject(new Error('down')) : stats.db.query<T>(sql, params),
        exec: async () => undefined,
      },
      ttlMs: 5000,
      clock: () => clock,
    });
    await expect(flaky.get()).rejects.toThrow('down');
    fail = false;
    await expect(flaky.get()).resolves.toMatchObject({ users: 3 });
  });
});
