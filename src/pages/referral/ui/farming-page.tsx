import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { FarmingLinkMaker } from '@/widgets/farming-link-maker';

/** A farming link paid from the referral balance (docs/product.md §2). */
export function ReferralFarmingPage() {
  return (
    <Page title={useT()('referral.farmingTitle')}>
      <FarmingLinkMaker />
    </Page>
  );
}
