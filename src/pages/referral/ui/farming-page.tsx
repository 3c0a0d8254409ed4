import { Link } from 'atomic-router-react';
import { CreateFarmingLinkForm } from '@/features/create-farming-link/index.ui';
import { FarmLinkModal } from '@/features/share-farm-link';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';

/** Make a farming link paid from the referral balance (SPEC §2), then hand it out from the farm link modal. */
export function ReferralFarmingPage() {
  const t = useT();
  return (
    <Page title={t('referral.farmingTitle')}>
      <CreateFarmingLinkForm />
      <Link to={routes.dashboardFarming} className={buttonClassName({ variant: 'plain' })}>
        {t('farming.myLinks')}
      </Link>
      <FarmLinkModal />
    </Page>
  );
}
