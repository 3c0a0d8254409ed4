/**
 * The token price in TON (docs/foundations.md §3, docs/decisions.md "Price, candles and financial stats"): ticks in price_ticks, the
 * newest being the price in force; migration 0004 seeds the first with INITIAL_TOKEN_PRICE_NANOTONS.
 *
 * Every price change goes through `setPrice` (the sandbox walk, the launcher's buttons, the operator API
 * and CLI): one tick stored, then `price_update` to every main socket after the commit. The candles
 * socket hears the same event and sends its interval's live candle (`liveCandleReader`).
 * Mint, farming and sell all read `currentPriceNanotons`.
 */
import {
  CANDLE_INTERVAL_SECONDS,
  CANDLES_MAX_PER_ANSWER,
  type Candle,
  type CandleInterval,
  type CandleList,
  type CurrentPrice,
  type PriceUpdate,
} from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { formatUnits } from '../lib/money';
import { PRICE_MAX_NANOTONS, PRICE_NUDGE_BPS, PRICE_QUOTE_TTL_SECONDS, PRICE_WALK } from '../constants';
import { type CandleRow, candleRows, insertPriceTick, latestPrice, priceAt, priceTickedSince } from './queries';
import { seededRandom, walkStep } from './walk';

const DAY = 86_400;

/** Nanotons per whole token now. */
export async function currentPriceNanotons(q: Queryable): Promise<bigint> {
  const price = await latestPrice(q);
  if (price === undefined) throw new Error('price_ticks is empty: migrations not applied?');
  return price;
}

/**
 * Whether a quote's price still stands at `now`: it was in force at some moment of the last
 * PRICE_QUOTE_TTL_SECONDS (the price in force when that window opened, or a tick within it).
 */
export async function isQuotablePrice(q: Queryable, priceNanotons: bigint, now: number): Promise<boolean> {
  const since = now - PRICE_QUOTE_TTL_SECONDS;
  return (await priceAt(q, since)) === priceNanotons || (await priceTickedSince(q, priceNanotons, since));
}

/** Percent change from `before` to `now`, truncated to 2 decimals (integers until the last step). */
export function percentChange(before: bigint, now: bigint): number {
  if (before <= 0n) return 0;
  const hundredthsOfPercent = ((now - before) * 10_000n) / before;
  return Number(hundredthsOfPercent) / 100;
}

export async function currentPrice(q: Queryable, now: number): Promise<CurrentPrice> {
  const [price, dayAgo, monthAgo] = await Promise.all([
    currentPriceNanotons(q),
    priceAt(q, now - DAY),
    priceAt(q, now - 30 * DAY),
  ]);
  return {
    // nanotons per token read as TON: the same 9 decimals as token base units
    price: formatUnits(price),
    price_change_24h: percentChange(dayAgo ?? price, price),
    price_change_30d: percentChange(monthAgo ?? price, price),
  };
}

/** Whether a price may be stored: more than 0, at most PRICE_MAX_NANOTONS. */
export const isSettablePrice = (nanotons: bigint): boolean => nanotons > 0n && nanotons <= PRICE_MAX_NANOTONS;

/**
 * The one price writer: stores a tick at `at` (unix seconds, fractions kept; default now) and, after the
 * commit, sends `price_update` (the new price, its 24 h / 30 d change and the tick's whole second) to
 * every main socket; candles sockets follow it. Callers validate first (isSettablePrice); the table's
 * CHECK refuses ≤ 0 anyway.
 */
export async function setPrice(
  deps: Pick<Deps, 'db' | 'bus'>,
  priceNanotons: bigint,
  at: number = Date.now() / 1000,
): Promise<PriceUpdate> {
  if (!isSettablePrice(priceNanotons)) throw new RangeError(`price out of range: ${priceNanotons}`);
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const time = await insertPriceTick(tx, priceNanotons, at);
    const update: PriceUpdate = { ...(await currentPrice(tx, time)), time };
    tx.publishGlobal({ event: 'price_update', data: update });
    return update;
  });
}

/** The launcher's Price ↑ / ↓: the current price ± PRICE_NUDGE_BPS (never below 1 nanoton). */
export async function nudgePrice(deps: Pick<Deps, 'db' | 'bus'>, direction: 'up' | 'down'): Promise<PriceUpdate> {
  const price = await currentPriceNanotons(deps.db);
  const delta = (price * PRICE_NUDGE_BPS) / 10_000n;
  const moved = direction === 'up' ? price + (delta > 0n ? delta : 1n) : price - (delta > 0n ? delta : 1n);
  const next = moved < 1n ? 1n : moved > PRICE_MAX_NANOTONS ? PRICE_MAX_NANOTONS : moved;
  return setPrice(deps, next);
}

/**
 * The sandbox's random walk (jobs.ts runs it every PRICE_TICK_MS): each run reads the price in force,
 * so an operator's or the launcher's change is where the walk continues from, and takes one seeded step.
 */
export function createPriceWalk(deps: Pick<Deps, 'db' | 'bus'>, seed: number = PRICE_WALK.seed) {
  const random = seededRandom(seed);
  return async (): Promise<PriceUpdate> => setPrice(deps, walkStep(await currentPriceNanotons(deps.db), random()));
}

// ---- candles -------------------------------------------------------------------------------------

const floorTo = (time: number, seconds: number) => Math.floor(time / seconds) * seconds;

function toCandle(row: CandleRow): Candle {
  return {
    time: Number(row.time),
    open: formatUnits(row.open),
    high: formatUnits(row.high),
    low: formatUnits(row.low),
    close: formatUnits(row.close),
  };
}

export interface CandlesRange {
  interval: CandleInterval;
  /** Unix seconds; default: CANDLES_MAX_PER_ANSWER intervals back from `to_timestamp`. */
  from_timestamp?: number | undefined;
  /** Unix seconds; default (and at most): now. */
  to_timestamp?: number | undefined;
}

/**
 * GET /price/candles: every bucket from from_timestamp's to to_timestamp's (clamped to now), oldest
 * first, the newest CANDLES_MAX_PER_ANSWER when the range holds more, nothing before the first tick.
 */
export async function candles(q: Queryable, range: CandlesRange, now: number): Promise<CandleList> {
  const { interval } = range;
  const seconds = CANDLE_INTERVAL_SECONDS[interval];
  const span = (CANDLES_MAX_PER_ANSWER - 1) * seconds;
  const hi = floorTo(Math.min(range.to_timestamp ?? now, now), seconds);
  const lo = Math.max(floorTo(range.from_timestamp ?? hi - span, seconds), hi - span);
  if (lo > hi) return { interval, candles: [] };
  return { interval, candles: (await candleRows(q, seconds, lo, hi)).map(toCandle) };
}

/** The candle of `interval` holding the instant `at` (unix seconds), as GET /price/candles has it; null before the first tick. */
export async function liveCandle(q: Queryable, interval: CandleInterval, at: number): Promise<Candle | null> {
  const bucket = floorTo(at, CANDLE_INTERVAL_SECONDS[interval]);
  const [row] = await candleRows(q, CANDLE_INTERVAL_SECONDS[interval], bucket, bucket);
  return row ? toCandle(row) : null;
}

/**
 * The live candle for a tick, read once per interval and tick however many candles sockets ask (one
 * process): sockets of one interval share the read of the newest price_update they heard.
 */
export function liveCandleReader(db: Queryable) {
  const last = new Map<CandleInterval, { key: string; candle: Promise<Candle | null> }>();
  return (interval: CandleInterval, update: Pick<PriceUpdate, 'time' | 'price'>): Promise<Candle | null> => {
    // Two ticks of one second and one price make the same candle, so (time, price) is enough of a key.
    const key = `${update.time}:${update.price}`;
    const cached = last.get(interval);
    if (cached?.key === key) return cached.candle;
    const candle = liveCandle(db, interval, update.time);
    last.set(interval, { key, candle });
    candle.catch(() => {
      if (last.get(interval)?.candle === candle) last.delete(interval);
    });
    return candle;
  };
}
