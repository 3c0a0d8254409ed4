import { sample } from 'effector';
import { closeClicked, sellClosed, sellOpened, sold } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { referralSellRoute } from './routes';

// /referral/sell (SPEC §2): the Sell modal for the referral balance (from_ref_balance), over the
// referral screen. Closing it, or a sale made, goes back to /referral.
sample({ clock: referralSellRoute.opened, fn: () => 'referral_balance' as const, target: sellOpened });
sample({ clock: referralSellRoute.closed, fn: () => undefined, target: sellClosed });
sample({
  clock: [closeClicked, sold],
  filter: referralSellRoute.$isOpened,
  fn: () => ({ params: {}, query: {}, replace: true }),
  target: routes.referral.navigate,
});
