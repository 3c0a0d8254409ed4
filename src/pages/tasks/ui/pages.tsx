export { TasksPage } from './tasks-page';
// /tasks/sell: the tasks screen, with the Sell modal (mounted by the app) over it.
export { TasksPage as TasksSellPage } from './tasks-page';
