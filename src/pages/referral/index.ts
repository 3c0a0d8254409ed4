import { lazyPage } from '@/shared/ui/lazy-page';
import { referralFarmingFormRoute } from './model/farming';
import { referralRoute, referralSellRoute } from './model/routes';
import './model/sell';

const pages = () => import('./ui/pages');
export const referralPage = { route: referralRoute, view: lazyPage(() => pages().then((m) => m.ReferralPage)) };
export const referralFarmingPage = {
  route: referralFarmingFormRoute,
  view: lazyPage(() => import('./ui/farming-page').then((m) => m.ReferralFarmingPage)),
};
export const referralSellPage = {
  route: referralSellRoute,
  view: lazyPage(() => pages().then((m) => m.ReferralSellPage)),
};
export * as referralsModel from './model/referrals';
export * as referralTransferModel from './model/transfer';
export { tierProgress, TIER_COUNT } from './lib/tier-progress';
export { transferProblem } from './lib/transfer-problem';
