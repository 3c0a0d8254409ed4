import { createHistoryRouter, createRoute } from 'atomic-router';
import { createEffect, sample } from 'effector';
import { createBrowserHistory } from 'history';

/**
 * The operator console's screens (console/app), declared once as the app's are (../index.ts), but a
 * router of their own under /operator: the Mini App's routing never imports this module.
 */
export const consoleRoutes = {
  overview: createRoute(),
  reviews: createRoute(),
  withdrawals: createRoute(),
  treasury: createRoute(),
  price: createRoute(),
  tasks: createRoute(),
  users: createRoute(),
  user: createRoute<{ id: string }>(),
  audit: createRoute(),
  settings: createRoute(),
  notFound: createRoute(),
};

/** Where the console is served (server/web/routes.ts CONSOLE_PATH); its paths are below it. */
export const CONSOLE_BASE = '/operator';

export const consoleRoutesMap = [
  { path: '/', route: consoleRoutes.overview },
  { path: '/reviews', route: consoleRoutes.reviews },
  { path: '/withdrawals', route: consoleRoutes.withdrawals },
  { path: '/treasury', route: consoleRoutes.treasury },
  { path: '/price', route: consoleRoutes.price },
  { path: '/tasks', route: consoleRoutes.tasks },
  { path: '/users', route: consoleRoutes.users },
  { path: '/users/:id', route: consoleRoutes.user },
  { path: '/audit', route: consoleRoutes.audit },
  { path: '/settings', route: consoleRoutes.settings },
];

export const consoleRouter = createHistoryRouter({
  base: CONSOLE_BASE,
  routes: consoleRoutesMap,
  notFoundRoute: consoleRoutes.notFound,
});

/** Attaches the console's router to the browser history (on consoleStarted). */
export const attachConsoleHistoryFx = createEffect(() => createBrowserHistory());
sample({ clock: attachConsoleHistoryFx.doneData, target: consoleRouter.setHistory });
