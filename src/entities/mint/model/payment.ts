import { createEvent, createStore, sample } from 'effector';
import type { Mint } from '@/shared/api';
import { callFx } from '@/shared/call';
import { transactionFailed, transactionSent } from '@/shared/ton-connect';
import { mintUpdated, pendingMintsCleared } from './mints';

/** The wallet was asked to pay this mint. */
export const mintPaymentRequested = createEvent<Mint>();
/** The wallet answered (signed, or failed and the failure was handled). */
export const mintPaymentSettled = createEvent();

/** Lets a signing failure cancel exactly the mint that was being paid (nothing left dangling). */
export const $payingMint = createStore<Mint | null>(null)
  .on(mintPaymentRequested, (_, mint) => mint)
  .reset(mintPaymentSettled, pendingMintsCleared);

// The wallet signed: the mint stays pending until the chain confirms it (a user:mint push).
sample({ clock: transactionSent, fn: () => undefined, target: mintPaymentSettled });

// docs/product.md §4: a signing failure clears pending mints. The mint that was being paid is also canceled on
// the server, so it does not linger unpaid until it expires.
/** POST /mint/:id/cancel. */
export const cancelUnpaidFx = callFx('mintCancel');
const signingFailed = sample({ clock: transactionFailed, source: $payingMint, fn: (mint) => mint });
sample({
  clock: signingFailed.filterMap((mint) => (mint ? { params: { id: mint.id } } : undefined)),
  target: cancelUnpaidFx,
});
sample({ clock: signingFailed, fn: () => undefined, target: pendingMintsCleared });
sample({ clock: cancelUnpaidFx.doneData, filter: (mint): mint is Mint => mint !== null, target: mintUpdated });
