import type { RouteInstance, RouteParams } from 'atomic-router';
import { combine, sample } from 'effector';
import { mintsRequested } from '@/entities/mint';
import { stakesRequested } from '@/entities/stake';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';

/*
 * The dashboard and its children (SPEC §2) show the same frame: balances, the active mints and the
 * active stakes (issue #4). The lists load in the chain of whichever of these routes opens (one
 * request each); the socket keeps them live afterwards.
 */
const openFrame = <Params extends RouteParams>(route: RouteInstance<Params>) =>
  chainLoad(chainCommunityMember(route), [mintsRequested, stakesRequested]);

export const dashboardRoute = openFrame(routes.dashboard);
export const historyRoute = openFrame(routes.history);
export const farmingRoute = openFrame(routes.dashboardFarming);
export const sellRoute = openFrame(routes.dashboardSell);

const $frameOpened = combine(
  [dashboardRoute, historyRoute, farmingRoute, sellRoute].map((route) => route.$isOpened),
  (opened) => opened.some(Boolean),
);

// SPEC §4: when the user data refetches, the lists on screen catch up on pushes missed meanwhile.
sample({ clock: userDataRefetched, filter: $frameOpened, target: [mintsRequested, stakesRequested] });
