import { chainRoute, type RouteInstance, type RouteParams, type RouteParamsAndQuery } from 'atomic-router';
import { createEvent, sample } from 'effector';
import { $isAuthorized, signedIn } from './session';

/**
 * A page opens only for a signed-in user (docs/style.md §3): if the session is already there the page opens
 * at once, else it opens when sign-in completes.
 */
export function chainAuthorized<Params extends RouteParams>(route: RouteInstance<Params>): RouteInstance<Params> {
  const checkStarted = createEvent<RouteParamsAndQuery<Params>>();
  const alreadyAuthorized = sample({ clock: checkStarted, filter: $isAuthorized });
  return chainRoute({
    route,
    beforeOpen: checkStarted,
    openOn: [alreadyAuthorized, signedIn],
  });
}
