import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $activeStakeIds, $visibleStakeIds } from '../model/stake';
import { StakeCard } from './stake-card';
import styles from './stake-list.module.css';

/**
 * The stakes a list shows, newest first (docs/product.md §4): every visible one, or only the active ones.
 * Re-renders only when one appears or goes.
 */
export function StakeList({ empty = null, which = 'visible' }: { empty?: ReactNode; which?: 'visible' | 'active' }) {
  const ids = useUnit(which === 'active' ? $activeStakeIds : $visibleStakeIds);
  if (ids.length === 0) return <>{empty}</>;
  return (
    <div className={styles.list} data-testid="stake-list">
      {ids.map((id) => (
        <StakeCard key={id} id={id} />
      ))}
    </div>
  );
}
