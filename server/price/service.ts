/**
 * The token price in TON (DESIGN.md §3): the newest row of price_ticks, seeded by migration 0004
 * with INITIAL_TOKEN_PRICE_NANOTONS.
 *
 * TODO(price & candles issue): the sandbox random-walk ticker, the operator's price command, candles
 * (5m/30m/1h/4h/1d) and the price_update / current_candle socket events. Until then the price only
 * changes when a row is inserted into price_ticks.
 */
import type { CurrentPrice } from '@/shared/api/contract';
import type { Queryable } from '../db/index';
import { formatUnits } from '../lib/money';
import { latestPrice, priceAt } from './queries';

const DAY = 86_400;

/** Nanotons per whole token now. */
export async function currentPriceNanotons(q: Queryable): Promise<bigint> {
  const price = await latestPrice(q);
  if (price === undefined) throw new Error('price_ticks is empty: migrations not applied?');
  return price;
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
