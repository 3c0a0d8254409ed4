import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { delay } from 'patronum';
import { loadUserFx, userRequested } from '@/entities/user';
import { timings } from '@/shared/config';
import { $phase, appStarted } from './launch';

/**
 * SPEC §4: all user data refetches when the tab becomes visible, at most every 10 s. Any fetch
 * (the initial load included) opens a 10 s window in which visibility does not refetch again.
 */
export const visibilityChanged = createEvent<DocumentVisibilityState>();

export const subscribeVisibilityFx = createEffect(() => {
  const changed = scopeBind(visibilityChanged, { safe: true });
  document.addEventListener('visibilitychange', () => changed(document.visibilityState));
});

export const $refetchBlocked = createStore(false);
const refetchWindowEnded = delay({ source: loadUserFx, timeout: timings.refetchOnVisibleMinMs });
$refetchBlocked.on(loadUserFx, () => true).on(refetchWindowEnded, () => false);

sample({ clock: appStarted, target: subscribeVisibilityFx });
sample({
  clock: visibilityChanged,
  source: { phase: $phase, blocked: $refetchBlocked },
  filter: ({ phase, blocked }, state) => state === 'visible' && phase === 'ready' && !blocked,
  fn: () => undefined,
  target: userRequested,
});
