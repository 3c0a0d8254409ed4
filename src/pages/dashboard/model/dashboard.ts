import { sample } from 'effector';
import { mintsRequested } from '@/entities/mint';
import { chainAuthorized } from '@/entities/session';
import { stakesRequested } from '@/entities/stake';
import { userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';

export const currentRoute = routes.dashboard;

/*
 * The dashboard shows the active mints and stakes (issue #4): they load once as its route opens
 * (the frame stays open under its children, so moving between them loads nothing again); the
 * socket keeps them live afterwards.
 */
export const authorizedRoute = chainAuthorized(currentRoute);
export const loadedRoute = chainLoad(authorizedRoute, [mintsRequested, stakesRequested]);

// Children of the dashboard (SPEC §2): each opens inside the dashboard frame.
export const historyRoute = chainAuthorized(routes.history);
export const farmingRoute = chainAuthorized(routes.dashboardFarming);
export const sellRoute = chainAuthorized(routes.dashboardSell);

// SPEC §4: when the user data refetches, the lists on screen catch up on pushes missed meanwhile.
sample({
  clock: userDataRefetched,
  filter: loadedRoute.$isOpened,
  target: [mintsRequested, stakesRequested],
});
