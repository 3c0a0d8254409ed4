import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

export { ReferralPage } from './referral-page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const ReferralSellPage = () => <Page title={useT()('referral.sellTitle')} />;
