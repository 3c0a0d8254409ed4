import { referralRoute, referralFarmingRoute, referralSellRoute } from './model/routes';
import { ReferralPage, ReferralFarmingPage, ReferralSellPage } from './ui/pages';

export const referralPage = { route: referralRoute, view: ReferralPage };
export const referralFarmingPage = { route: referralFarmingRoute, view: ReferralFarmingPage };
export const referralSellPage = { route: referralSellRoute, view: ReferralSellPage };
