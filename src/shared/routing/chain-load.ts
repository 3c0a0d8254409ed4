import {
  chainRoute,
  type RouteInstance,
  type RouteParams,
  type RouteParamsAndQuery,
} from 'atomic-router';
import { createEvent, sample, type EventCallable } from 'effector';

/**
 * A page's data loads in its route's chain (STYLE 3): every time `route` opens (or its params
 * change), `load` fires once, and the chained route opens at once. The page does not wait for its
 * data: its lists show their own loading state and fill in as the answers arrive.
 */
export function chainLoad<Params extends RouteParams>(
  route: RouteInstance<Params>,
  load: EventCallable<void> | Array<EventCallable<void>>,
): RouteInstance<Params> {
  const loadStarted = createEvent<RouteParamsAndQuery<Params>>();
  for (const unit of Array.isArray(load) ? load : [load]) {
    sample({ clock: loadStarted, fn: () => undefined, target: unit });
  }
  return chainRoute({ route, beforeOpen: loadStarted, openOn: loadStarted });
}
