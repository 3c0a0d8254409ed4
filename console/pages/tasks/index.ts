import { TasksPage } from './ui/tasks-page';
import { currentRoute } from './model/tasks';

export const consoleTasksPage = { route: currentRoute, view: TasksPage };
export * as consoleTasksModel from './model/tasks';
