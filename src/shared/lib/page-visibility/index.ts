import { createEffect, createEvent, scopeBind } from 'effector';

/** The page became visible or hidden (the user switched back to the Mini App, or away from it). */
export const visibilityChanged = createEvent<DocumentVisibilityState>();

/** Reports the document's visibility changes as `visibilityChanged`; the app calls it once at start. */
export const subscribeVisibilityFx = createEffect(() => {
  const changed = scopeBind(visibilityChanged, { safe: true });
  document.addEventListener('visibilitychange', () => changed(document.visibilityState));
});
