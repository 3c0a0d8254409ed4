import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const ReferralPage = () => <Page title={useT()('referral.title')} />;
export const ReferralSellPage = () => <Page title={useT()('referral.sellTitle')} />;
