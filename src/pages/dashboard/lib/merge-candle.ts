import type { Candle } from '@/shared/api';

/**
 * The live candle into the loaded ones (the chart's `update()` rule): the same time replaces the
 * last candle, a later time appends; an older one (a late message) changes nothing.
 */
export function mergeCandle(candles: readonly Candle[], live: Candle): Candle[] {
  const last = candles.at(-1);
  if (!last || live.time > last.time) return [...candles, live];
  if (live.time === last.time) return [...candles.slice(0, -1), live];
  return candles as Candle[];
}

/**
 * Whether `live` leaves intervals out after the last loaded candle (the socket was away over an
 * interval's end): the server's list has no gaps, so the candles are read again.
 */
export function leavesGap(candles: readonly Candle[], live: Candle, intervalSeconds: number): boolean {
  const last = candles.at(-1);
  return last !== undefined && live.time > last.time + intervalSeconds;
}
