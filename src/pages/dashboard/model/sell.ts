import { bindSellRoute } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { sellRoute } from './dashboard';

/**
 * /sell (docs/product.md §2 dashboard_sell): the Sell modal for the main balance, over the dashboard. It is one
 * of the dashboard's sections, so it opens from any of them (the history's withdrawals have a Sell
 * button too), and closing it goes back to the section it was opened from, which stays under it.
 */
const { $cameFrom } = bindSellRoute({
  route: sellRoute,
  source: 'balance_token',
  back: routes.dashboard,
  from: [routes.history, routes.dashboardFarming],
});

/** The section under the Sell modal: the one it was opened from. */
export const $sectionUnderSell = $cameFrom.map((route) => {
  if (route === routes.history) return 'history';
  if (route === routes.dashboardFarming) return 'farming';
  return 'overview';
});
