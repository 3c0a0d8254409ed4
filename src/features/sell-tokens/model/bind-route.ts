import type { RouteInstance } from 'atomic-router';
import { sample } from 'effector';
import { closeClicked, sellClosed, sellOpened, sold, type SellSource } from './sell';

/**
 * A screen's sell route (SPEC §2 /sell, /referral/sell, /tasks/sell): the Sell modal for `source`
 * opens with the route and forgets what was typed when it closes. Closing the modal, or a sale made,
 * goes back to the screen under it, replacing the sell route (Back does not reopen the modal).
 */
export function bindSellRoute(config: {
  route: RouteInstance<Record<string, never>>;
  source: SellSource;
  back: RouteInstance<Record<string, never>>;
}): void {
  const { route, source, back } = config;
  sample({ clock: route.opened, fn: () => source, target: sellOpened });
  sample({ clock: route.closed, fn: () => undefined, target: sellClosed });
  sample({
    clock: [closeClicked, sold],
    filter: route.$isOpened,
    fn: () => ({ params: {}, query: {}, replace: true }),
    target: back.navigate,
  });
}
