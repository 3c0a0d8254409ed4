import { createEvent, createStore, sample } from 'effector';
import { $pendingMint, mintUpdated } from '@/entities/mint';
import type { Mint } from '@/shared/api';
import { callFx } from '@/shared/call';
import { mintRoute } from './routes';

/** The Cancel modal (docs/product.md §2): the pending mint's Cancel asks first, then cancels it on the server. */
export const cancelClicked = createEvent();
export const cancelConfirmed = createEvent();
export const cancelDismissed = createEvent();

/** POST /mint/:id/cancel. */
export const cancelFx = callFx('mintCancel');
export const $isCancelling = cancelFx.pending;

/** The mint the modal is about; null while the modal is closed. */
export const $cancelTarget = createStore<Mint | null>(null).reset(cancelDismissed, cancelFx.finally, mintRoute.closed);
sample({ clock: cancelClicked, source: $pendingMint, target: $cancelTarget });

sample({
  clock: cancelConfirmed,
  source: { mint: $cancelTarget, busy: $isCancelling },
  filter: ({ mint, busy }) => mint !== null && !busy,
  fn: ({ mint }) => ({ params: { id: (mint as Mint).id } }),
  target: cancelFx,
});
// The list shows the canceled mint at once; the server's user:mint push repeats the same state.
sample({ clock: cancelFx.doneData, filter: (mint): mint is Mint => mint !== null, target: mintUpdated });
