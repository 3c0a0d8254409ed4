import { lazyPage } from '@/shared/ui/lazy-page';
import { referralRoute, referralFarmingRoute, referralSellRoute } from './model/routes';

const pages = () => import('./ui/pages');
export const referralPage = { route: referralRoute, view: lazyPage(() => pages().then((m) => m.ReferralPage)) };
export const referralFarmingPage = {
  route: referralFarmingRoute,
  view: lazyPage(() => pages().then((m) => m.ReferralFarmingPage)),
};
export const referralSellPage = { route: referralSellRoute, view: lazyPage(() => pages().then((m) => m.ReferralSellPage)) };
