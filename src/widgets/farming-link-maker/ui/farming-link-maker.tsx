import { Link } from 'atomic-router-react';
import { CreateFarmingLinkForm } from '@/features/create-farming-link/index.ui';
import { FarmLinkModal } from '@/features/share-farm-link';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { buttonClassName } from '@/shared/ui/button';

/**
 * Make a farming link paid from the screen's balance (docs/product.md §2: /referral/farming, /tasks/farming), hand
 * it out from the farm link modal, and reach the list of one's links.
 */
export function FarmingLinkMaker() {
  const t = useT();
  return (
    <>
      <CreateFarmingLinkForm />
      <Link to={routes.dashboardFarming} className={buttonClassName({ variant: 'plain' })}>
        {t('farming.myLinks')}
      </Link>
      <FarmLinkModal />
    </>
  );
}
