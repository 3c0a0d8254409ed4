import { referralFarmingFormRoute } from './model/farming';
import { referralRoute, referralSellRoute } from './model/routes';
import { ReferralPage, ReferralSellPage } from './ui/pages';
import { ReferralFarmingPage } from './ui/farming-page';

export const referralPage = { route: referralRoute, view: ReferralPage };
export const referralFarmingPage = { route: referralFarmingFormRoute, view: ReferralFarmingPage };
export const referralSellPage = { route: referralSellRoute, view: ReferralSellPage };
