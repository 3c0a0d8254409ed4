/**
 * Candles by hand: the naive reference the SQL aggregation is checked against (every tick looked at, one
 * bucket after another), and a seeded tick generator. Shared by candles.test.ts and postgres.test.ts.
 */
import { CANDLES_MAX_PER_ANSWER, type Candle, formatUnits } from '@contract';
import type { Queryable } from '../../server/db/index';
import { insertPriceTick } from '../../server/price/queries';
import { seededRandom } from '../../server/price/walk';

export interface RefTick {
  /** Unix seconds, fractions allowed (quarters, exact in a double and in microseconds). */
  at: number;
  price: bigint;
  /** Insertion order: the tie-break of equal times, as the table's id is. */
  seq: number;
}

/** GET /price/candles by the definition, the slow way. */
export function referenceCandles(
  ticks: readonly RefTick[],
  seconds: number,
  range: { from?: number | undefined; to?: number | undefined },
  now: number,
): Candle[] {
  const sorted = [...ticks].sort((a, b) => a.at - b.at || a.seq - b.seq);
  const first = sorted[0];
  if (!first) return [];
  const bucketOf = (t: number) => Math.floor(t / seconds) * seconds;
  const hi = bucketOf(Math.min(range.to ?? now, now));
  const oldest = hi - (CANDLES_MAX_PER_ANSWER - 1) * seconds;
  const lo = Math.max(bucketOf(range.from ?? oldest), oldest, bucketOf(first.at));
  const out: Candle[] = [];
  let previous: bigint | undefined;
  for (const tick of sorted) if (tick.at < lo) previous = tick.price;
  for (let bucket = lo; bucket <= hi; bucket += seconds) {
    const inside = sorted.filter((tick) => tick.at >= bucket && tick.at < bucket + seconds);
    if (inside.length === 0) {
      if (previous === undefined) continue;
      const p = formatUnits(previous);
      out.push({ time: bucket, open: p, high: p, low: p, close: p });
      continue;
    }
    const prices = inside.map((tick) => tick.price);
    const max = prices.reduce((a, b) => (b > a ? b : a));
    const min = prices.reduce((a, b) => (b < a ? b : a));
    previous = inside[inside.length - 1]!.price;
    out.push({
      time: bucket,
      open: formatUnits(inside[0]!.price),
      high: formatUnits(max),
      low: formatUnits(min),
      close: formatUnits(previous),
    });
  }
  return out;
}

/** A day boundary (so a boundary of every interval): 2023-11-15T00:00:00Z. */
export const T0 = 1_700_006_400;

/**
 * `count` seeded random ticks from T0 on: gaps of 0 to ~2 h (some exactly 0: same instant, told apart by
 * id), quarter-second fractions, and ticks placed exactly on interval starts and one second before them.
 */
export function randomTicks(seed: number, count: number): RefTick[] {
  const random = seededRandom(seed);
  const ticks: RefTick[] = [];
  let at = T0 + 0.25;
  for (let seq = 0; seq < count; seq++) {
    const r = random();
    if (r < 0.1) {
      // the same instant again
    } else if (r < 0.2) {
      at = (Math.floor(at / 300) + 1) * 300; // exactly on the next 5m start
    } else if (r < 0.25) {
      at = (Math.floor(at / 3600) + 1) * 3600 - 1; // one second before the next hour
    } else if (r < 0.3) {
      at = (Math.floor(at / 14_400) + 1) * 14_400; // exactly on a 4h start
    } else if (r < 0.35) {
      at += 86_400 * (1 + Math.floor(random() * 2)); // a day or two without a tick
    } else {
      at += Math.floor(random() * 28_800) / 4; // up to 2 h, in quarter seconds
    }
    ticks.push({ at, price: 1n + BigInt(Math.floor(random() * 50_000_000)), seq });
  }
  return ticks;
}

export async function storeTicks(q: Queryable, ticks: readonly RefTick[]): Promise<void> {
  await q.query('DELETE FROM price_ticks');
  for (const tick of [...ticks].sort((a, b) => a.seq - b.seq)) await insertPriceTick(q, tick.price, tick.at);
}
