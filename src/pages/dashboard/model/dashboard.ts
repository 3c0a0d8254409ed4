import type { RouteInstance, RouteParams } from 'atomic-router';
import { combine, sample } from 'effector';
import { mintsRequested } from '@/entities/mint';
import { stakesRequested } from '@/entities/stake';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import type { MessageKey } from '@/shared/i18n';
import { chainLoad, routes } from '@/shared/routing';
import { priceRequested } from './price';
import { chartClosed, chartOpened } from './price-chart';
import { statsRequested } from './stats';

/*
 * The dashboard and its children (docs/product.md §2) show the same frame: the total value at the current
 * price, balances, bonuses, the active mints and the active stakes. The lists and the
 * price load in the chain of whichever of these routes opens (one request each); the socket keeps
 * the lists live afterwards.
 */
const frameData = [mintsRequested, stakesRequested, priceRequested];
const openFrame = <Params extends RouteParams>(route: RouteInstance<Params>) =>
  chainLoad(chainCommunityMember(route), frameData);

export const dashboardRoute = openFrame(routes.dashboard);
export const historyRoute = openFrame(routes.history);
export const farmingRoute = openFrame(routes.dashboardFarming);
export const sellRoute = openFrame(routes.dashboardSell);

/** The sub-sections as a segmented control (docs/product.md §2 routes), in order; the open one is marked. */
export const sections = [
  { route: routes.dashboard, frame: dashboardRoute, label: 'dashboard.overview' },
  { route: routes.history, frame: historyRoute, label: 'dashboard.history' },
  { route: routes.dashboardFarming, frame: farmingRoute, label: 'dashboard.farming' },
  { route: routes.dashboardSell, frame: sellRoute, label: 'dashboard.sell' },
] as const satisfies ReadonlyArray<{ route: unknown; frame: unknown; label: MessageKey }>;

const $frameOpened = combine(
  sections.map(({ frame }) => frame.$isOpened),
  (opened) => opened.some(Boolean),
);

// docs/product.md §4: when the user data refetches, the lists on screen catch up on pushes missed meanwhile.
sample({ clock: userDataRefetched, filter: $frameOpened, target: frameData });

// The overview's price chart and statistics: the chart (and its candles socket) lives
// while the overview is open; the statistics are read as it opens and on a refetch.
sample({ clock: dashboardRoute.opened, target: [chartOpened, statsRequested] });
sample({ clock: dashboardRoute.closed, target: chartClosed });
sample({ clock: userDataRefetched, filter: dashboardRoute.$isOpened, target: statsRequested });
