import { tasksRoute, tasksFarmingRoute, tasksSellRoute } from './model/routes';
import { TasksPage, TasksFarmingPage, TasksSellPage } from './ui/pages';

export const tasksPage = { route: tasksRoute, view: TasksPage };
export const tasksFarmingPage = { route: tasksFarmingRoute, view: TasksFarmingPage };
export const tasksSellPage = { route: tasksSellRoute, view: TasksSellPage };
