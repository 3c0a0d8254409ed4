import type { RouteInstance } from 'atomic-router';
import { createStore, sample, type Store } from 'effector';
import { closeClicked, sellClosed, sellOpened, sold, type SellSource } from './sell';

type PlainRoute = RouteInstance<Record<string, never>>;

/**
 * A screen's sell route (docs/product.md §2 /sell, /referral/sell, /tasks/sell): the Sell modal for `source`
 * opens with the route and forgets what was typed when it closes. Closing the modal, or a sale made,
 * goes back to the screen the user opened it from, replacing the sell route (Back does not reopen the
 * modal): the one of `from` opened last before it, or `back` when none was (the app opened on the
 * sell route itself). Returns that screen, for what shows under the modal.
 */
export function bindSellRoute(config: {
  route: PlainRoute;
  source: SellSource;
  back: PlainRoute;
  /** The other screens with a way to this sell route (`back` is one too). */
  from?: readonly PlainRoute[];
}): { $cameFrom: Store<PlainRoute> } {
  const { route, source, back, from = [] } = config;
  const origins = [back, ...from];
  sample({ clock: route.opened, fn: () => source, target: sellOpened });
  sample({ clock: route.closed, fn: () => undefined, target: sellClosed });

  // An index, not the route itself: a store's value is serialized with the scope.
  const $cameFromIndex = createStore(0);
  origins.forEach((origin, index) => $cameFromIndex.on(origin.opened, () => index));
  const $cameFrom = $cameFromIndex.map((index) => origins[index] ?? back);

  const leave = sample({ clock: [closeClicked, sold], source: $cameFromIndex, filter: route.$isOpened });
  origins.forEach((origin, index) =>
    sample({
      clock: leave,
      filter: (cameFrom) => cameFrom === index,
      fn: () => ({ params: {}, query: {}, replace: true }),
      target: origin.navigate,
    }),
  );
  return { $cameFrom };
}
