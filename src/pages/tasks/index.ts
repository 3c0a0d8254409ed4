import { lazyPage } from '@/shared/ui/lazy-page';
import { tasksRoute, tasksFarmingRoute, tasksSellRoute } from './model/routes';

const pages = () => import('./ui/pages');
export const tasksPage = { route: tasksRoute, view: lazyPage(() => pages().then((m) => m.TasksPage)) };
export const tasksFarmingPage = { route: tasksFarmingRoute, view: lazyPage(() => pages().then((m) => m.TasksFarmingPage)) };
export const tasksSellPage = { route: tasksSellRoute, view: lazyPage(() => pages().then((m) => m.TasksSellPage)) };
