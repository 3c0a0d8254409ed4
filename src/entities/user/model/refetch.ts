import { createEvent, createStore, merge, sample } from 'effector';
import { delay } from 'patronum';
import { appSocket } from '@/shared/api';
import { timings } from '@/shared/config';
import { visibilityChanged } from '@/shared/lib/page-visibility';
import { $user, loadUserFx, userArrivedWithSignIn, userRequested } from './user';

/**
 * What the user sees may be stale, so the user data is refetched: the tab became visible again, the
 * socket was closed with 4401 (token expired) and missed pushes meanwhile, the socket opened again
 * after any other drop (a network change, a server restart), or the server said `resync`. Screens
 * refetch the lists they show alongside (docs/product.md §4); the initial load is not a refetch.
 */
export const userDataRefetched = createEvent();

/**
 * docs/product.md §4: all user data refetches when the tab becomes visible, at most every 10 s. Any fetch
 * (the initial load included) opens a 10 s window in which visibility does not refetch again.
 */
export const $refetchBlocked = createStore(false);
// The launch's user arrives with the sign-in (no loadUserFx): its arrival opens the window too.
const userFetched = merge([loadUserFx, userArrivedWithSignIn]);
const refetchWindowEnded = delay({ source: userFetched, timeout: timings.refetchOnVisibleMinMs });
$refetchBlocked.on(userFetched, () => true).on(refetchWindowEnded, () => false);

// Before the user is first loaded the launch is still running: nothing to refetch yet.
const becameVisible = sample({
  clock: visibilityChanged,
  source: { user: $user, blocked: $refetchBlocked },
  filter: ({ user, blocked }, state) => state === 'visible' && user !== null && !blocked,
});

// The socket opened again after a drop: pushes sent while it was down are lost (the server sends the
// balances and the price on every opening, not the lists). Not after a 4401, whose refetch is already
// under way (it is what refreshed the token this opening carries); not the first opening.
// null: never opened; true: opened since; false: closed with 4401 since. Read before this opening sets it.
const $refetchOnOpen = createStore<boolean | null>(null).on(appSocket.unauthorized, () => false);
const socketOpenedAfter = sample({
  clock: appSocket.$connected.updates,
  source: $refetchOnOpen,
  filter: (_, connected) => connected,
});
$refetchOnOpen.on(socketOpenedAfter, () => true);
const socketReopened = socketOpenedAfter.filter({ fn: Boolean });

// 4401: reloading the user meets a 401, which refreshes the token; the session then reconnects the
// socket with it. `resync`: the server may have lost events meant for this socket (its cross-process
// listener reconnected, or a wallet binding moved): what is on screen is fetched again.
sample({
  clock: [becameVisible, appSocket.unauthorized, socketReopened, appSocket.eventReceived('resync')],
  fn: () => undefined,
  target: userDataRefetched,
});
sample({ clock: userDataRefetched, target: userRequested });
