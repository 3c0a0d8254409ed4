import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $stakesLoaded, StakeList } from '@/entities/stake';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { Page } from '@/shared/ui/page';
import styles from './staking-page.module.css';
import { InfoButton } from '@/features/program-info';

/** The user's stakes with live earnings (SPEC §4), and the way to stake another mint. */
export function StakingPage() {
  const loaded = useUnit($stakesLoaded);
  const t = useT();
  return (
    <Page title={t('staking.title')} action={<InfoButton />}>
      <Link to={routes.selectMint} className={styles.primary}>
        {t('staking.stakeMint')}
      </Link>
      <StakeList
        empty={
          <p className={styles.hint} role="status">
            {loaded ? t('staking.noStakes') : t('staking.loadingStakes')}
          </p>
        }
      />
    </Page>
  );
}
