import { sample } from 'effector';
import { closeClicked, sellClosed, sellOpened, sold } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { tasksSellRoute } from './routes';

// /tasks/sell (SPEC §2; DESIGN.md §7 from_task_balance): the Sell modal for the task balance, over
// the tasks screen. Closing it, or a sale made, goes back to /tasks.
sample({ clock: tasksSellRoute.opened, fn: () => 'task_balance' as const, target: sellOpened });
sample({ clock: tasksSellRoute.closed, fn: () => undefined, target: sellClosed });
sample({
  clock: [closeClicked, sold],
  filter: tasksSellRoute.$isOpened,
  fn: () => ({ params: {}, query: {}, replace: true }),
  target: routes.tasks.navigate,
});
