import { attach, createEvent, createStore, sample } from 'effector';
import { getCurrentPriceFx, type CurrentPrice } from '@/shared/api';

/**
 * The token's current price in TON and its changes (GET /price/current-price, SPEC §3, §7). The
 * dashboard is its only reader for now; it moves to an entity when the chart screen needs it too.
 */
export const priceRequested = createEvent();

const loadPriceFx = attach({ effect: getCurrentPriceFx });

/** Null until the first answer (and after a 5xx, which the request layer resolves to null). */
export const $currentPrice = createStore<CurrentPrice | null>(null)
  // A 5xx resolves null (the error toast is shown by the request layer): keep what we had.
  .on(loadPriceFx.doneData, (known, price) => price ?? known);
export const $priceLoading = loadPriceFx.pending;
/** The first load has settled: a null price now means "unavailable", not "not loaded yet". */
export const $priceLoaded = createStore(false).on(loadPriceFx.finally, () => true);

sample({ clock: priceRequested, fn: () => undefined, target: loadPriceFx });
