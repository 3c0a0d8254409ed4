import { createEvent, createStore } from 'effector';

/**
 * The Info sheet (docs/product.md §2 "Info"): how minting, staking, the bonuses and the referral tiers work,
 * with the figures read from the server each time it opens (they can change; the text never
 * repeats them). Only whether it is open lives here, in the entry; the reading of the rules is the
 * sheet's own chunk (./rules.ts).
 */
export const infoOpened = createEvent();
export const infoClosed = createEvent();

export const $isOpen = createStore(false)
  .on(infoOpened, () => true)
  .reset(infoClosed);
