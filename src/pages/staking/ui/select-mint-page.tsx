import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import type { Mint } from '@/shared/api';
import { formatAmount } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Page } from '@/shared/ui/page';
import { $isStaking, $mints, $mintsLoaded, $stakingMintId, stakeClicked } from '../model/select-mint';
import styles from './select-mint-page.module.css';

function MintCard({ mint }: { mint: Mint }) {
  const [isStaking, stakingMintId, onStake] = useUnit([$isStaking, $stakingMintId, stakeClicked]);
  const busy = stakingMintId === mint.id;
  return (
    <article className={styles.card} data-testid="stakeable-mint" aria-label={`Mint ${mint.mint_id}`}>
      <div className={styles.info}>
        <span className={styles.code}>{mint.mint_id}</span>
        <span className={styles.amount}>{formatAmount(mint.amount_token, 4)} TKN</span>
        <span className={styles.hint}>{mint.tariff_days} days plan</span>
      </div>
      <button
        type="button"
        className={styles.button}
        disabled={isStaking}
        aria-busy={busy}
        onClick={() => onStake(mint.id)}
      >
        Stake
      </button>
    </article>
  );
}

/** Pick an active mint to stake (DESIGN.md §4): its tokens move into a stake that earns per second. */
export function SelectMintPage() {
  const [mints, loaded] = useUnit([$mints, $mintsLoaded]);
  return (
    <Page title="Select a mint">
      {mints.length > 0 ? (
        <div className={styles.list}>
          {mints.map((mint) => (
            <MintCard key={mint.id} mint={mint} />
          ))}
        </div>
      ) : loaded ? (
        <div className={styles.empty} role="status">
          <p className={styles.hint}>No mints to stake</p>
          <Link to={routes.mint} className={styles.link}>
            Go to Mint
          </Link>
        </div>
      ) : (
        <p className={styles.hint} role="status">
          Loading mints…
        </p>
      )}
    </Page>
  );
}
