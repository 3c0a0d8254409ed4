import { createEvent, createStore, sample } from 'effector';
import { ROOT_PATH, router, routes } from '@/shared/routing';
import { $backClaimed, backButtonPressed, setBackButtonVisibleFx } from '@/shared/telegram';

/**
 * docs/product.md §2: Telegram's back button shows on every route except the root. Pressing it goes back when
 * the user navigated inside the app, otherwise to the dashboard (e.g. the app was opened on a deep link).
 */
export const navigationStarted = createEvent();

/** How many in-app pushes can be undone with history.back(). */
export const $depth = createStore(0).on(router.push.done, (depth, { params }) =>
  params.method === 'push' ? depth + 1 : depth,
);

const $isRoot = router.$path.map((path) => path === ROOT_PATH || path === '');

// A view that claimed the back button (the full-screen chart) shows it on the root too.
sample({
  clock: [navigationStarted, $isRoot.updates, $backClaimed.updates],
  source: { isRoot: $isRoot, claimed: $backClaimed },
  fn: ({ isRoot, claimed }) => !isRoot || claimed,
  target: setBackButtonVisibleFx,
});

// Decide once from the depth before this press, then act on the decision only. A view that claimed the
// back button (the full-screen chart) handles the press itself.
const decided = sample({
  clock: backButtonPressed,
  source: { depth: $depth, claimed: $backClaimed },
  filter: ({ claimed }) => !claimed,
  fn: ({ depth }): 'back' | 'dashboard' => (depth > 0 ? 'back' : 'dashboard'),
});
const goBack = decided.filter({ fn: (decision) => decision === 'back' });
const goToDashboard = decided.filter({ fn: (decision) => decision === 'dashboard' });

$depth.on(goBack, (depth) => depth - 1);
sample({ clock: goBack, fn: () => undefined, target: router.back });
sample({
  clock: goToDashboard,
  fn: () => ({ params: {}, query: {}, replace: true }),
  target: routes.dashboard.navigate,
});
