import { createEffect, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@/entities/console-session';
import { operatorCallFx, type Candle, type PriceUpdate } from '@/shared/console-api';
import { readAmountInput } from '@/shared/lib/amount-input';
import { createConfirmedAction } from '@/shared/lib/confirmed-action';
import { createQuery } from '@/shared/lib/query';
import { chainLoad } from '@/shared/routing';
import { consoleRoutes } from '@/shared/console-routing';

export const priceGetFx = operatorCallFx('priceGet');
export const priceCandlesFx = operatorCallFx('priceCandles');
export const priceSetFx = operatorCallFx('priceSet');

/** The chart's day: 30-minute candles over the last 24 hours. */
export const CHART_INTERVAL = '30m';
export const CHART_SPAN_SECONDS = 24 * 60 * 60;

export const price = createQuery({ effect: priceGetFx, initial: null as PriceUpdate | null });
export const candles = createQuery({
  effect: priceCandlesFx,
  initial: [] as Candle[],
  reduce: (answer) => answer.candles,
});

export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.price), pageOpened);
/** Now, in Unix seconds: an effect, so a test sets its own clock. */
export const readNowFx = createEffect(() => Math.floor(Date.now() / 1000));

sample({ clock: pageOpened, target: [price.start, readNowFx] });
sample({
  clock: readNowFx.doneData,
  fn: (now) => ({ query: { interval: CHART_INTERVAL, from_timestamp: String(now - CHART_SPAN_SECONDS) } }),
  target: candles.start,
});

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
sample({ clock: priceAction.done, target: readNowFx });
