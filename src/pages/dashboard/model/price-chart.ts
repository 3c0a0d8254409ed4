import { attach, combine, createEvent, createStore, sample } from 'effector';
import {
  CANDLE_INTERVAL_SECONDS,
  candleSocket,
  DEFAULT_CANDLE_INTERVAL,
  normalizeCandleInterval,
  tokensReceived,
  type Candle,
  type CandleInterval,
  type CallQuery,
} from '@/shared/api';
import { callFx } from '@/shared/call';
import { applyThemeFx } from '@/shared/telegram';
import { leavesGap, mergeCandle } from '../lib/merge-candle';

/*
 * The price chart: the candles of the chosen interval from GET /price/candles, and the
 * live candle from the candles socket merged into them. The screen that shows the chart opens and
 * closes it (`chartOpened` / `chartClosed`); while open the socket is connected (token, then the
 * interval) and follows the interval; closed, the socket is closed and late answers are dropped.
 * The view only draws what is here: all candles once per `$dataVersion`, then `$lastCandle` updates.
 */

export const chartOpened = createEvent();
export const chartClosed = createEvent();
/** The switcher: any text; one the chart does not offer is read as the default (docs/product.md §5). */
export const intervalChosen = createEvent<string>();
export const retryClicked = createEvent();

export const $interval = createStore<CandleInterval>(DEFAULT_CANDLE_INTERVAL).on(intervalChosen, (_, text) =>
  normalizeCandleInterval(text),
);
export const $chartOpen = createStore(false)
  .on(chartOpened, () => true)
  .on(chartClosed, () => false);

/** GET /price/candles (the newest 1 500 of the interval, oldest first). */
export const readCandlesFx = callFx('priceCandles');
const loadCandlesFx = attach({ effect: readCandlesFx, mapParams: (query: CallQuery<'priceCandles'>) => ({ query }) });

/** The candles on the chart, oldest first; they belong to `$candlesInterval`. */
export const $candles = createStore<Candle[]>([], { serialize: 'ignore' });
/** The interval `$candles` were read for (null: nothing read yet). */
export const $candlesInterval = createStore<CandleInterval | null>(null, { serialize: 'ignore' });
/** Bumped when `$candles` is replaced as a whole: the view calls setData then, update() otherwise. */
export const $dataVersion = createStore(0, { serialize: 'ignore' });
export const $loadFailed = createStore(false, { serialize: 'ignore' });
/** The newest live candle of the chosen interval, kept while the candles load to merge after them. */
const $liveCandle = createStore<Candle | null>(null, { serialize: 'ignore' });

export const $lastCandle = $candles.map((candles) => candles.at(-1) ?? null);

/** What the chart area shows: a skeleton, a retry, an empty note, or the chart. */
export const $chartStatus = combine(
  { interval: $interval, candlesInterval: $candlesInterval, failed: $loadFailed, candles: $candles },
  ({ interval, candlesInterval, failed, candles }) => {
    if (failed) return 'failed' as const;
    if (candlesInterval !== interval) return 'loading' as const;
    return candles.length === 0 ? ('empty' as const) : ('ready' as const);
  },
);

/** Bumped when the Telegram theme is applied again: the view reads its colours then. */
export const $themeVersion = createStore(0, { serialize: 'ignore' }).on(applyThemeFx.done, (version) => version + 1);

// ---- reading the candles ------------------------------------------------------------------------

const candlesWanted = createEvent();

sample({ clock: chartOpened, target: candlesWanted });
sample({ clock: retryClicked, filter: $chartOpen, target: candlesWanted });
sample({
  clock: $interval.updates,
  filter: $chartOpen,
  target: candlesWanted,
});
sample({
  clock: candlesWanted,
  source: $interval,
  fn: (interval) => ({ interval }),
  target: loadCandlesFx,
});

// Switching shows the new interval's loading state at once; the old interval's live candle is stale.
$loadFailed.on(candlesWanted, () => false);
$liveCandle.on($interval.updates, () => null);

/** Only the answer for the interval on screen, while the chart is open, is kept. */
const candlesLoaded = sample({
  clock: loadCandlesFx.done,
  source: { interval: $interval, open: $chartOpen, live: $liveCandle },
  filter: ({ interval, open }, { params }) => open && params.interval === interval,
  fn: ({ live }, { result }) => ({ list: result, live }),
});

sample({
  clock: candlesLoaded,
  filter: ({ list }) => list === null,
  fn: () => true,
  target: $loadFailed,
});
sample({
  clock: sample({
    clock: loadCandlesFx.fail,
    source: { interval: $interval, open: $chartOpen },
    filter: ({ interval, open }, { params }) => open && params.interval === interval,
  }),
  fn: () => true,
  target: $loadFailed,
});

const candlesReceived = sample({
  clock: candlesLoaded,
  filter: (answer): answer is { list: NonNullable<typeof answer.list>; live: Candle | null } => answer.list !== null,
});
sample({
  clock: candlesReceived,
  fn: ({ list, live }) => (live ? mergeCandle(list.candles, live) : list.candles),
  target: $candles,
});
sample({ clock: candlesReceived, fn: ({ list }) => list.interval, target: $candlesInterval });
$dataVersion.on(candlesReceived, (version) => version + 1);

// ---- the live candle ----------------------------------------------------------------------------

const liveCandleReceived = sample({
  clock: candleSocket.eventReceived('current_candle'),
  source: { interval: $interval, open: $chartOpen },
  filter: ({ interval, open }, message) => open && message.interval === interval,
  fn: (_, message) => message.candle,
});
$liveCandle.on(liveCandleReceived, (_, candle) => candle);

const loadedInterval = { interval: $interval, candlesInterval: $candlesInterval, candles: $candles };
const liveOnLoaded = sample({
  clock: liveCandleReceived,
  source: loadedInterval,
  filter: ({ interval, candlesInterval }) => candlesInterval === interval,
  fn: ({ interval, candles }, live) => ({
    candles,
    live,
    gap: leavesGap(candles, live, CANDLE_INTERVAL_SECONDS[interval]),
  }),
});
sample({
  clock: liveOnLoaded,
  filter: ({ gap }) => !gap,
  fn: ({ candles, live }) => mergeCandle(candles, live),
  target: $candles,
});
sample({ clock: liveOnLoaded, filter: ({ gap }) => gap, target: candlesWanted });

// ---- the candles socket's lifecycle -------------------------------------------------------------

sample({ clock: chartOpened, target: candleSocket.connectRequested });
// After a 4401 the socket waits for a fresh token (the user entity's reload refreshes it).
sample({ clock: tokensReceived, filter: $chartOpen, target: candleSocket.connectRequested });
// The token goes first on every (re)connection (the transport sends it); the interval right after.
sample({
  clock: candleSocket.$connected.updates,
  source: $interval,
  filter: (_, connected) => connected,
  target: candleSocket.sendRequested,
});
sample({
  clock: $interval.updates,
  filter: candleSocket.$connected,
  target: candleSocket.sendRequested,
});

sample({ clock: chartClosed, target: candleSocket.disconnectRequested });
// Closed: nothing kept, so the next opening reads fresh candles instead of showing stale ones.
$candles.reset(chartClosed);
$candlesInterval.reset(chartClosed);
$liveCandle.reset(chartClosed);
$loadFailed.reset(chartClosed);
