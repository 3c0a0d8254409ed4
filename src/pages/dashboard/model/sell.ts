import { bindSellRoute } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { sellRoute } from './dashboard';

/**
 * /sell (SPEC §2 dashboard_sell): the Sell modal for the main balance, over the dashboard. It is one
 * of the dashboard's sections, so it opens from any of them (the history's withdrawals have a Sell
 * button too), and closing it goes back to the section it was opened from, which stays under it.
 */
export const { $cameFrom: $sellOpenedFrom } = bindSellRoute({
  route: sellRoute,
  source: 'balance_token',
  back: routes.dashboard,
  from: [routes.history, routes.dashboardFarming],
});
