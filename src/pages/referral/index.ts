import { referralFarmingFormRoute } from './model/farming';
import { referralRoute, referralSellRoute } from './model/routes';
import { ReferralFarmingPage } from './ui/farming-page';
import { ReferralPage, ReferralSellPage } from './ui/pages';

export const referralPage = { route: referralRoute, view: ReferralPage };
export const referralFarmingPage = { route: referralFarmingFormRoute, view: ReferralFarmingPage };
export const referralSellPage = { route: referralSellRoute, view: ReferralSellPage };
export * as referralsModel from './model/referrals';
export * as referralTransferModel from './model/transfer';
export { tierProgress, TIER_COUNT } from './lib/tier-progress';
export { transferProblem } from './lib/transfer-problem';
