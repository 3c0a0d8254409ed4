import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $activeMints, $mintsLoaded, MintCard } from '@/entities/mint';
import type { Mint } from '@/shared/api';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { Page } from '@/shared/ui/page';
import { $isStaking, $stakingMintId, stakeClicked } from '../model/select-mint';
import styles from './select-mint-page.module.css';

function StakeableMint({ mint }: { mint: Mint }) {
  const [isStaking, stakingMintId, onStake] = useUnit([$isStaking, $stakingMintId, stakeClicked]);
  const t = useT();
  return (
    <div data-testid="stakeable-mint">
      <MintCard mint={mint}>
        <button
          type="button"
          className={styles.button}
          disabled={isStaking}
          aria-busy={stakingMintId === mint.id}
          onClick={() => onStake(mint.id)}
        >
          {t('staking.stake')}
        </button>
      </MintCard>
    </div>
  );
}

/** Pick an active mint to stake (DESIGN.md §4): its tokens move into a stake that earns per second. */
export function SelectMintPage() {
  const [mints, loaded] = useUnit([$activeMints, $mintsLoaded]);
  const t = useT();
  return (
    <Page title={t('staking.selectTitle')}>
      {mints.length > 0 ? (
        <div className={styles.list}>
          {mints.map((mint) => (
            <StakeableMint key={mint.id} mint={mint} />
          ))}
        </div>
      ) : loaded ? (
        <div className={styles.empty} role="status">
          <p className={styles.hint}>{t('staking.noMints')}</p>
          <Link to={routes.mint} className={styles.link}>
            {t('staking.goToMint')}
          </Link>
        </div>
      ) : (
        <p className={styles.hint} role="status">
          {t('staking.loadingMints')}
        </p>
      )}
    </Page>
  );
}
