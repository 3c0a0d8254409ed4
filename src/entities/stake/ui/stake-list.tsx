import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $visibleStakeIds } from '../model/stake';
import { StakeCard } from './stake-card';
import styles from './stake-list.module.css';

/** The stakes a list shows, newest first (SPEC §4). Re-renders only when one appears or goes. */
export function StakeList({ empty = null }: { empty?: ReactNode }) {
  const ids = useUnit($visibleStakeIds);
  if (ids.length === 0) return <>{empty}</>;
  return (
    <div className={styles.list} data-testid="stake-list">
      {ids.map((id) => (
        <StakeCard key={id} id={id} />
      ))}
    </div>
  );
}
