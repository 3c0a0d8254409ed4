import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $stakesLoaded, StakeList } from '@/entities/stake';
import { InfoButton } from '@/features/program-info';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Page } from '@/shared/ui/page';
import { SkeletonCard } from '@/shared/ui/skeleton';
import styles from './staking-page.module.css';

/** The user's stakes with live earnings (docs/product.md §4), and the way to stake another mint. */
export function StakingPage() {
  const loaded = useUnit($stakesLoaded);
  const t = useT();
  return (
    <Page title={t('staking.title')} action={<InfoButton />}>
      <Link to={routes.selectMint} className={`${buttonClassName()} ${styles.cta}`}>
        {t('staking.stakeMint')}
      </Link>
      {loaded ? (
        <StakeList
          empty={
            <EmptyState icon={<Icon name="staking" />} title={t('staking.noStakes')} text={t('staking.noStakesText')} />
          }
        />
      ) : (
        <SkeletonCard label={t('staking.loadingStakes')} />
      )}
    </Page>
  );
}
