import { chainAuthorized } from '@/entities/session';
import { routes } from '@/shared/routing';

export const currentRoute = routes.dashboard;
export const authorizedRoute = chainAuthorized(currentRoute);

// Children of the dashboard (SPEC §2): each opens inside the dashboard frame.
export const historyRoute = chainAuthorized(routes.history);
export const farmingRoute = chainAuthorized(routes.dashboardFarming);
export const sellRoute = chainAuthorized(routes.dashboardSell);
