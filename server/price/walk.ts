/**
 * The sandbox's random walk (docs/decisions.md "Price, candles and financial stats"): pure arithmetic, so tests check the
 * bounds without a database. The service applies each step through the one price writer.
 */
import { PRICE_MAX_NANOTONS, PRICE_WALK } from '../constants';

/** mulberry32: a small seeded PRNG, numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface WalkBand {
  maxStepBps: number;
  floorNanotons: bigint;
  ceilingNanotons: bigint;
}

/**
 * One step from `price`: ±(0…maxStepBps) basis points, `random` in [0, 1) choosing the step evenly. Below
 * the band's floor a step only goes up, above its ceiling only down; never below 1 nanoton nor above
 * PRICE_MAX_NANOTONS. A step too small to move a tiny price by a whole nanoton moves it by one.
 */
export function walkStep(price: bigint, random: number, band: WalkBand = PRICE_WALK): bigint {
  const span = band.maxStepBps * 2 + 1;
  let bps = Math.min(span - 1, Math.floor(random * span)) - band.maxStepBps;
  if (price < band.floorNanotons) bps = Math.abs(bps);
  if (price > band.ceilingNanotons) bps = -Math.abs(bps);
  let delta = (price * BigInt(bps)) / 10_000n;
  if (delta === 0n && bps !== 0) delta = bps > 0 ? 1n : -1n;
  const next = price + delta;
  if (next < 1n) return 1n;
  if (next > PRICE_MAX_NANOTONS) return PRICE_MAX_NANOTONS;
  return next;
}
