import { sample } from 'effector';
import { closeClicked, sellClosed, sellOpened, sold } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { sellRoute } from './dashboard';

// /sell (SPEC §2 dashboard_sell): the Sell modal for the main balance, over the dashboard. Closing it,
// or a sale made, goes back to the dashboard (replacing /sell: Back does not reopen the modal).
sample({ clock: sellRoute.opened, fn: () => 'balance_token' as const, target: sellOpened });
sample({ clock: sellRoute.closed, fn: () => undefined, target: sellClosed });
sample({
  clock: [closeClicked, sold],
  filter: sellRoute.$isOpened,
  fn: () => ({ params: {}, query: {}, replace: true }),
  target: routes.dashboard.navigate,
});
