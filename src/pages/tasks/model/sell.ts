import { bindSellRoute } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { tasksSellRoute } from './routes';

// /tasks/sell (docs/product.md §2; docs/foundations.md §7 from_task_balance): the Sell modal for the task balance, over
// the tasks screen.
bindSellRoute({ route: tasksSellRoute, source: 'task_balance', back: routes.tasks });
