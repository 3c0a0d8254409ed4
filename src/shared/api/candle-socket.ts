import type { CurrentCandle } from '@contract';
import { $accessToken } from './session';
import { createSocketModel, socketUrl } from './socket';

/** What the candles socket sends (docs/product.md §7): the live candle of the interval it was last sent. */
export interface CandleSocketEvents {
  current_candle: CurrentCandle;
}

/**
 * The connection to /api/ws/candles (docs/product.md §7): the token first (like the main socket), then the
 * interval text; the server answers `current_candle` at once and on every tick, and a new interval
 * text switches it. The price chart's model opens it while the chart is on screen and closes it after.
 */
export const candleSocket = createSocketModel<CandleSocketEvents>({
  url: () => socketUrl('candles'),
  tokenSource: $accessToken,
});
