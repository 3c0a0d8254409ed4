import { sample } from 'effector';
import { mintsRequested } from '@/entities/mint';
import { chainAuthorized } from '@/entities/session';
import { stakesRequested } from '@/entities/stake';
import { routes } from '@/shared/routing';

export const currentRoute = routes.dashboard;
export const authorizedRoute = chainAuthorized(currentRoute);

// Children of the dashboard (SPEC §2): each opens inside the dashboard frame.
export const historyRoute = chainAuthorized(routes.history);
export const farmingRoute = chainAuthorized(routes.dashboardFarming);
export const sellRoute = chainAuthorized(routes.dashboardSell);

// The dashboard shows the active mints and stakes (issue #4); sockets keep them live afterwards.
sample({
  clock: [authorizedRoute.opened, historyRoute.opened, farmingRoute.opened, sellRoute.opened],
  fn: () => undefined,
  target: [mintsRequested, stakesRequested],
});
