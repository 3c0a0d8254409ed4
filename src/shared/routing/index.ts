import { createHistoryRouter, createRoute, createRouterControls } from 'atomic-router';
import { createEffect, sample } from 'effector';
import { createBrowserHistory } from 'history';
import { DASHBOARD_PATH } from './paths';

export { chainLoad } from './chain-load';

/** Every screen of docs/product.md §2, declared once (docs/style.md §2). */
export const routes = {
  dashboard: createRoute(),
  history: createRoute(),
  dashboardFarming: createRoute(),
  dashboardSell: createRoute(),
  mint: createRoute(),
  referral: createRoute(),
  referralFarming: createRoute(),
  referralSell: createRoute(),
  tasks: createRoute(),
  tasksFarming: createRoute(),
  tasksSell: createRoute(),
  staking: createRoute(),
  selectMint: createRoute(),
  tonconnectManifest: createRoute(),
  notFound: createRoute(),
};

export type AppRoute = (typeof routes)[keyof typeof routes];

/**
 * The route table. History, farming and sell are children of the dashboard (`parent`): the
 * dashboard frame stays on screen under them ($dashboardOpened). Each route keeps exactly one path,
 * so `routes.dashboard.navigate` always goes to '/'.
 */
export const routesMap = [
  { path: DASHBOARD_PATH, route: routes.dashboard, name: 'dashboard' },
  { path: '/history', route: routes.history, name: 'history', parent: 'dashboard' },
  { path: '/farming', route: routes.dashboardFarming, name: 'dashboard_farming', parent: 'dashboard' },
  { path: '/sell', route: routes.dashboardSell, name: 'dashboard_sell', parent: 'dashboard' },
  { path: '/mint', route: routes.mint, name: 'mint' },
  { path: '/referral', route: routes.referral, name: 'referral' },
  { path: '/referral/farming', route: routes.referralFarming, name: 'referral_farming' },
  { path: '/referral/sell', route: routes.referralSell, name: 'referral_sell' },
  { path: '/tasks', route: routes.tasks, name: 'tasks' },
  { path: '/tasks/farming', route: routes.tasksFarming, name: 'tasks_farming' },
  { path: '/tasks/sell', route: routes.tasksSell, name: 'tasks_sell' },
  { path: '/staking', route: routes.staking, name: 'staking' },
  { path: '/staking/select', route: routes.selectMint, name: 'select-mint' },
  { path: '/tonconnect-manifest.json', route: routes.tonconnectManifest, name: 'tonconnect-manifest' },
] as const;

export const ROOT_PATH = DASHBOARD_PATH;
export const MANIFEST_FILE_PATH = '/tonconnect/manifest.json';

export const controls = createRouterControls();

export const router = createHistoryRouter({
  routes: routesMap.map(({ path, route }) => ({ path, route: route as AppRoute })),
  notFoundRoute: routes.notFound,
  controls,
});

/** Attaches the router to the browser history; the app calls it on appStarted. */
export const attachBrowserHistoryFx = createEffect(() => createBrowserHistory());
sample({ clock: attachBrowserHistoryFx.doneData, target: router.setHistory });

/** Leaves the SPA for a server-served file (docs/product.md §2: the manifest route redirects the browser). */
export const leaveToFx = createEffect((path: string) => {
  window.location.replace(path);
});
sample({ clock: routes.tonconnectManifest.opened, fn: () => MANIFEST_FILE_PATH, target: leaveToFx });
