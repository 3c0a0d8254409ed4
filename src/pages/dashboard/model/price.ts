import { createEvent, createStore, sample } from 'effector';
import { appSocket, type CurrentPrice } from '@/shared/api';
import { callFx } from '@/shared/call';
import { changeDirection } from '../lib/price-change';

/**
 * The token's current price in TON and its 24 h and 30 d changes (docs/product.md §3, §7): read with
 * GET /price/current-price when the dashboard opens, then kept live by `price_update` on the app's
 * socket (every tick). The dashboard is its only reader for now (steiger refuses a slice with one
 * reader): it moves to an entity when another screen shows the price.
 */
export const priceRequested = createEvent();

/** GET /price/current-price. */
export const loadPriceFx = callFx('currentPrice');

/** Every tick's price (docs/product.md §7 `price_update`), pushed by the server on the main socket. */
export const priceUpdated = appSocket.eventReceived('price_update');

/** A tick arrived while the read was on its way: its answer is older than what we hold. */
const $tickedDuringLoad = createStore(false, { serialize: 'ignore' })
  .on(loadPriceFx, () => false)
  .on(priceUpdated, () => true);

/** Null until the first answer (and after a 5xx, which the request layer resolves to null). */
export const $currentPrice = createStore<CurrentPrice | null>(null).on(
  priceUpdated,
  (_, { price, price_change_24h, price_change_30d }) => ({ price, price_change_24h, price_change_30d }),
);
export const $priceLoading = loadPriceFx.pending;
/** The first load has settled (or a tick came): a null price now means "unavailable", not "not loaded yet". */
export const $priceLoaded = createStore(false)
  .on(loadPriceFx.finally, () => true)
  .on(priceUpdated, () => true);

/** The changes as shown: each period's percent and whether it went up, down or stayed (docs/product.md §5, 2 decimals). */
export const $priceChanges = $currentPrice.map((price) =>
  price
    ? ([
        { period: '24h', change: price.price_change_24h, direction: changeDirection(price.price_change_24h) },
        { period: '30d', change: price.price_change_30d, direction: changeDirection(price.price_change_30d) },
      ] as const)
    : null,
);

sample({ clock: priceRequested, fn: () => undefined, target: loadPriceFx });

// A 5xx resolves null (the error toast is shown by the request layer): keep what we had. An answer
// overtaken by a tick is older than the tick: keep the tick's.
sample({
  clock: loadPriceFx.doneData,
  source: { known: $currentPrice, ticked: $tickedDuringLoad },
  fn: ({ known, ticked }, price) => (ticked ? known : (price ?? known)),
  target: $currentPrice,
});
