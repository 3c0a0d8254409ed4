import { combine, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { type Candle, type CandleInterval, type PriceUpdate } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { readAmountInput } from '@shared/lib/amount-input';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';

export const priceGetFx = operatorCallFx('priceGet');
export const priceCandlesFx = operatorCallFx('priceCandles');
export const priceSetFx = operatorCallFx('priceSet');

/**
 * The chart shows the candles the Mini App's chart shows, read the same way (GET price candles with only
 * the interval: the server's own range, up to CANDLES_MAX_PER_ANSWER of them), so both draw the same
 * picture. Daily candles first, as the app's 1d: a day of 30-minute candles hid every move older than a day.
 */
export const CHART_INTERVALS: readonly CandleInterval[] = ['5m', '30m', '1h', '4h', '1d'];
export const DEFAULT_CHART_INTERVAL: CandleInterval = '1d';

export const price = createQuery({ effect: priceGetFx, initial: null as PriceUpdate | null });
export const candles = createQuery({
  effect: priceCandlesFx,
  initial: null as { interval: CandleInterval; candles: Candle[] } | null,
});

export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.price), pageOpened);
/** The chart's interval switcher. */
export const intervalChosen = createEvent<CandleInterval>();
export const $interval = createStore<CandleInterval>(DEFAULT_CHART_INTERVAL).on(intervalChosen, (_, interval) =>
  CHART_INTERVALS.includes(interval) ? interval : DEFAULT_CHART_INTERVAL,
);
/** The chart's candles are wanted again: the screen opened, the interval changed, the price was set. */
const chartWanted = createEvent();

sample({ clock: pageOpened, target: [price.start, chartWanted] });
sample({ clock: $interval.updates, target: chartWanted });
sample({ clock: chartWanted, source: $interval, fn: (interval) => ({ query: { interval } }), target: candles.start });
/** The candles of the interval on screen; null until they are read (a late answer for another is not shown). */
export const $chartCandles = combine(candles.$data, $interval, (read, interval) =>
  read?.interval === interval ? read.candles : null,
);

// ---- a new price -------------------------------------------------------------------------------------
export const priceTextChanged = createEvent<string>();
export const setClicked = createEvent();
export const $priceText = createStore('').on(priceTextChanged, (_, text) => text);

/** The field's text as the wire's price (TON per token, > 0, at most 9 decimals); null when it is not one. */
export const $newPrice = $priceText.map((text) => {
  const read = readAmountInput(text);
  return read.kind === 'amount' ? read.amount : null;
});
/** Set was pressed with a text that is not a price: the field says so (until it is edited). */
export const $priceInvalid = createStore(false).on(priceTextChanged, () => false);

/** Sets the price, behind a confirmation naming it. */
export const priceAction = createConfirmedAction({
  effect: priceSetFx,
  toParams: (newPrice: string) => ({ body: { price: newPrice } }),
});

sample({ clock: setClicked, source: $newPrice, filter: Boolean, target: priceAction.requested });
sample({
  clock: setClicked,
  source: $newPrice,
  filter: (newPrice) => newPrice === null,
  fn: () => true,
  target: $priceInvalid,
});

// The answer is the new current price; the chart is read again to show it.
price.$data.on(priceAction.done, (_, { result }) => result);
$priceText.reset(priceAction.done);
sample({ clock: priceAction.done, target: chartWanted });
