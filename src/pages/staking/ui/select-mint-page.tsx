import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $activeMints, $mintsLoaded, MintCard } from '@/entities/mint';
import type { Mint } from '@/shared/api';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Page } from '@/shared/ui/page';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { $isStaking, $stakingMintId } from '../model/select-mint';
import { termsOpened } from '../model/stake-terms';
import styles from './select-mint-page.module.css';
import { StakeTermsSheet } from './stake-terms-sheet';

function StakeableMint({ mint }: { mint: Mint }) {
  // 'Stake' shows the terms first; the stake is asked for from the sheet.
  const [isStaking, stakingMintId, onStake] = useUnit([$isStaking, $stakingMintId, termsOpened]);
  const t = useT();
  return (
    <div data-testid="stakeable-mint">
      <MintCard mint={mint}>
        <div className={styles.action}>
          <Button loading={stakingMintId === mint.id} disabled={isStaking} onClick={() => onStake(mint.id)}>
            {t('staking.stake')}
          </Button>
        </div>
      </MintCard>
    </div>
  );
}

/**
 * Pick an active mint to stake (docs/foundations.md §4): its tokens move into a stake that earns per second, on
 * the terms the sheet shows before anything is sent.
 */
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
        <EmptyState
          icon={<Icon name="mint" />}
          title={t('staking.noMints')}
          text={t('staking.noMintsText')}
          action={
            <Link to={routes.mint} className={buttonClassName({ variant: 'secondary', size: 's' })}>
              {t('staking.goToMint')}
            </Link>
          }
        />
      ) : (
        <SkeletonCard label={t('staking.loadingMints')} />
      )}
      <StakeTermsSheet />
    </Page>
  );
}
