import { referralRoute, referralFarmingRoute, referralSellRoute } from './model/routes';
import { ReferralFarmingPage, ReferralPage, ReferralSellPage } from './ui/pages';

export const referralPage = { route: referralRoute, view: ReferralPage };
export const referralFarmingPage = { route: referralFarmingRoute, view: ReferralFarmingPage };
export const referralSellPage = { route: referralSellRoute, view: ReferralSellPage };
export * as referralsModel from './model/referrals';
export * as referralTransferModel from './model/transfer';
export { tierProgress, TIER_COUNT } from './lib/tier-progress';
export { transferProblem } from './lib/transfer-problem';
