import { createStore, sample } from 'effector';
import { appSocket, type WithdrawCalculation } from '@/shared/api';
import { $isSelling } from './confirm';
import { $amount, $calculation, calculationAsked, quoted, sellClosed, sellOpened } from './sell';

/*
 * The open Sell sheet follows the live price (docs/decisions.md "Sale quotes"). Created with the
 * sheet's view (a lazy chunk), out of the entry: nothing is quoted before the view is there to type in.
 * - Each `price_update` (the main socket's tick) whose price is not the quote's prices the amount again
 *   at once, so the figures on screen are today's and Confirm sends them.
 * - A new quote for the same amount whose figures differ from the ones shown before it (a tick, or a
 *   refusal — sellQuoteExpired, sellQuoteMismatch — that the model quotes again after) is marked: which
 *   figures changed, until the amount changes or the sheet closes.
 */

const FIGURES = ['price', 'ton_amount', 'fee', 'receive_amount'] as const;
/** A figure of the sheet's quote. */
export type QuoteFigure = (typeof FIGURES)[number];

/** Every tick's price, pushed on the app's socket. */
const priceUpdated = appSocket.eventReceived('price_update');

sample({
  clock: priceUpdated,
  source: { quote: $calculation, amount: $amount, selling: $isSelling },
  // A quote on screen (so the sheet is open and the amount valid) at another price, and no sale on its way.
  filter: ({ quote, amount, selling }, { price }) =>
    quote !== null && amount !== null && !selling && quote.price !== price,
  fn: ({ amount }) => amount as string,
  target: calculationAsked,
});

/** The quote shown (the newest answer) and the figures it changed from the one before it, for the same amount. */
const $quotes = createStore<{ shown: WithdrawCalculation | null; changed: QuoteFigure[] | null }>({
  shown: null,
  changed: null,
})
  .on(quoted, ({ shown, changed }, next) => {
    if (shown?.token_amount !== next.token_amount) return { shown: next, changed: null };
    const moved = FIGURES.filter((figure) => shown[figure] !== next[figure]);
    // The same figures again (a refusal that was not about the price) keep the mark already there.
    return { shown: next, changed: moved.length > 0 ? moved : changed };
  })
  .on($amount.updates, ({ shown }) => ({ shown, changed: null }))
  .reset(sellOpened, sellClosed);

/** The figures the price moved since the amount was first quoted; null while none did. */
export const $quoteChange = $quotes.map(({ changed }) => changed);
