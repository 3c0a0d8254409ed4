import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const ReferralPage = () => <Page title="Referral" />;
export const ReferralFarmingPage = () => <Page title="Referral farming" />;
export const ReferralSellPage = () => <Page title="Referral sell" />;
