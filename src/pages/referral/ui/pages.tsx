export { ReferralPage } from './referral-page';
// /referral/sell: the referral screen, with the Sell modal (mounted by the app) over it.
export { ReferralPage as ReferralSellPage } from './referral-page';
