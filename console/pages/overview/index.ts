import { OverviewPage } from './ui/overview-page';
import { currentRoute } from './model/overview';

export const consoleOverviewPage = { route: currentRoute, view: OverviewPage };
export * as consoleOverviewModel from './model/overview';
