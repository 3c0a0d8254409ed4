import { lazyPage } from '@/shared/ui/lazy-page';
import { tasksFarmingFormRoute } from './model/farming';
import { tasksRoute, tasksSellRoute } from './model/routes';
import './model/sell';

const pages = () => import('./ui/pages');
export const tasksPage = { route: tasksRoute, view: lazyPage(() => pages().then((m) => m.TasksPage)) };
export const tasksFarmingPage = {
  route: tasksFarmingFormRoute,
  view: lazyPage(() => import('./ui/farming-page').then((m) => m.TasksFarmingPage)),
};
export const tasksSellPage = { route: tasksSellRoute, view: lazyPage(() => pages().then((m) => m.TasksSellPage)) };
export * as tasksModel from './model';
