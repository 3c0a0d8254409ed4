import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $stakesLoaded, StakeList } from '@/entities/stake';
import { routes } from '@/shared/routing';
import { Page } from '@/shared/ui/page';
import styles from './staking-page.module.css';
import { InfoButton } from '@/features/program-info';

/** The user's stakes with live earnings (SPEC §4), and the way to stake another mint. */
export function StakingPage() {
  const loaded = useUnit($stakesLoaded);
  return (
    <Page title="Staking" action={<InfoButton />}>
      <Link to={routes.selectMint} className={styles.primary}>
        Stake a mint
      </Link>
      <StakeList
        empty={
          <p className={styles.hint} role="status">
            {loaded ? 'No stakes yet. Stake an active mint to start earning.' : 'Loading stakes…'}
          </p>
        }
      />
    </Page>
  );
}
