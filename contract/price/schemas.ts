/**
 * The token price: the current one, candles, and their socket messages.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { MAX_DB_INTEGER, CANDLE_INTERVALS, normalizeCandleInterval } from '../constants';
import { moneyText } from '../common';
import type { CallSchemas } from '../route';
import type { priceRoutes } from './routes';

export const currentPriceSchema = z.object({
  /** TON per token. */
  price: moneyText,
  /** Percent change against the price 24 h / 30 days ago (the oldest known price when history is shorter). */
  price_change_24h: z.number(),
  price_change_30d: z.number(),
});

/** Unix seconds in a query string (0 … 2^31-1). */
const unixSecondsText = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^(0|[1-9][0-9]{0,9})$/, 'must be unix seconds')
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(MAX_DB_INTEGER));

/**
 * GET /price/candles (docs/product.md §7): interval (any text; not one of CANDLE_INTERVALS → 5m, docs/product.md §5),
 * from_timestamp / to_timestamp in unix seconds (defaults: the last CANDLES_MAX_PER_ANSWER intervals up
 * to now). from after to → 422.
 */
export const candlesQuerySchema = z
  .object({
    interval: z.string().max(16).optional().transform(normalizeCandleInterval),
    from_timestamp: unixSecondsText.optional(),
    to_timestamp: unixSecondsText.optional(),
  })
  .refine((q) => q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp, {
    message: 'from_timestamp must not be after to_timestamp',
    path: ['from_timestamp'],
  });

/** One OHLC bar (docs/product.md §3 "Candle: time plus bar data"): time = the interval's start, unix seconds. */
export const candleSchema = z.object({
  time: z.number().int(),
  open: moneyText,
  high: moneyText,
  low: moneyText,
  close: moneyText,
});

/**
 * The candles of the range, oldest first, one per interval with no gaps (an interval without a tick
 * carries the previous close forward: open = high = low = close), at most CANDLES_MAX_PER_ANSWER (the
 * newest). Nothing before the first tick.
 */
export const candleListSchema = z.object({
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema),
});

/** `price_update` on the main socket (docs/product.md §7): the current price after every tick, and its time. */
export const priceUpdateSchema = currentPriceSchema.extend({
  time: z.number().int(),
});

/** `current_candle` on the candles socket: the live (last) candle of the socket's interval. */
export const currentCandleSchema = z.object({
  interval: z.enum(CANDLE_INTERVALS),
  candle: candleSchema,
});

/** The schemas of each price call (./routes.ts), under the same names. */
export const priceCallSchemas = {
  currentPrice: { response: currentPriceSchema },
  priceCandles: { query: candlesQuerySchema, response: candleListSchema },
} as const satisfies Record<keyof typeof priceRoutes, CallSchemas>;

export type CurrentPrice = z.output<typeof currentPriceSchema>;
export type Candle = z.output<typeof candleSchema>;
export type CandleList = z.output<typeof candleListSchema>;
export type CandlesQuery = z.input<typeof candlesQuerySchema>;
export type PriceUpdate = z.output<typeof priceUpdateSchema>;
export type CurrentCandle = z.output<typeof currentCandleSchema>;
