import { chainRoute, type RouteInstance, type RouteParams, type RouteParamsAndQuery } from 'atomic-router';
import { createEvent, sample } from 'effector';
import { $communityMember } from './user';

const $isMember = $communityMember.map((member) => member === true);

/**
 * A page that shows the user's data opens only for a community member (docs/product.md §6): at once when the
 * user is known to be one, else when the user data says so. A non-member's pages never open, so
 * nothing behind the join modal asks the server for what it would refuse (403).
 */
export function chainCommunityMember<Params extends RouteParams>(route: RouteInstance<Params>): RouteInstance<Params> {
  const checkStarted = createEvent<RouteParamsAndQuery<Params>>();
  const alreadyMember = sample({ clock: checkStarted, filter: $isMember });
  // Only the change to member opens a waiting page: a later refetch of the same user reopens nothing.
  const becameMember = sample({ clock: $isMember.updates, filter: Boolean });
  return chainRoute({ route, beforeOpen: checkStarted, openOn: [alreadyMember, becameMember] });
}
