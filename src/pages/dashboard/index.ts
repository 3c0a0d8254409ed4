import { dashboardRoute, farmingRoute, historyRoute, sellRoute } from './model/dashboard';
import { DashboardPage } from './ui/dashboard-page';
import './model/sell';

/**
 * The dashboard and its children (docs/product.md §2): the same frame, with the child's section inside it.
 * React keeps the frame mounted when moving between them (same component at the same place).
 */
export const dashboardPage = { route: dashboardRoute, view: DashboardPage };
export const historyPage = { route: historyRoute, view: DashboardPage };
export const dashboardFarmingPage = { route: farmingRoute, view: DashboardPage };
export const dashboardSellPage = { route: sellRoute, view: DashboardPage };
export * as dashboardModel from './model/dashboard';
export * as farmingLinksModel from './model/farming-links';
export * as historyModel from './model/history';
export * as priceModel from './model/price';
export * as priceChartModel from './model/price-chart';
export * as statsModel from './model/stats';
export { changeDirection } from './lib/price-change';
export { mergeCandle } from './lib/merge-candle';
