import type { RouteInstance, RouteParams } from 'atomic-router';
import { sample, type EventCallable } from 'effector';

/**
 * A page's data loads in its route's chain (docs/style.md §3): every time `route` opens (or its params
 * change), `load` fires once. The page does not wait for its data: its lists show their own loading
 * state and fill in as the answers arrive.
 *
 * So the route it returns is `route` itself: a chainRoute here (`beforeOpen` = `openOn`) would be a
 * second route that opens and closes exactly with the first, and each costs ~64 graph nodes created
 * at start — ~700 for the app's pages, an eighth of all it creates before the first screen.
 */
export function chainLoad<Params extends RouteParams>(
  route: RouteInstance<Params>,
  load: EventCallable<void> | Array<EventCallable<void>>,
): RouteInstance<Params> {
  sample({ clock: [route.opened, route.updated], fn: () => undefined, target: Array.isArray(load) ? load : [load] });
  return route;
}
