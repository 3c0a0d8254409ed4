import { attach, createEvent, createStore, sample } from 'effector';
import { disconnectWalletFx } from '@/shared/ton-connect';

/** The app's Disconnect-wallet modal (docs/product.md §2): ask first, then disconnect through the library. */
export const disconnectClicked = createEvent();
export const disconnectConfirmed = createEvent();
export const disconnectCancelled = createEvent();

const disconnectFx = attach({ effect: disconnectWalletFx });

export const $isOpen = createStore(false)
  .on(disconnectClicked, () => true)
  .reset(disconnectCancelled, disconnectFx.finally);
export const $isDisconnecting = disconnectFx.pending;

sample({ clock: disconnectConfirmed, target: disconnectFx });
