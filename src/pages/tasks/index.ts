import { tasksFarmingFormRoute } from './model/farming';
import { tasksRoute, tasksSellRoute } from './model/routes';
import { TasksPage, TasksSellPage } from './ui/pages';
import { TasksFarmingPage } from './ui/farming-page';

export const tasksPage = { route: tasksRoute, view: TasksPage };
export const tasksFarmingPage = { route: tasksFarmingFormRoute, view: TasksFarmingPage };
export const tasksSellPage = { route: tasksSellRoute, view: TasksSellPage };
