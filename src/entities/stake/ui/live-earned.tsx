import { useStoreMap } from 'effector-react';
import { formatAmount } from '@/shared/lib/format';
import { $earnedByStake } from '../model/stake';

/** Rewards are small per second: 6 decimals make them move (SPEC §5 allows 2, 4 or 6). */
export const REWARD_DECIMALS = 6;

/**
 * A stake's earnings, live. It subscribes to its own entry only and selects the formatted text, so a
 * tick re-renders this component alone, and only when the shown digits change.
 */
export function LiveEarned({ id, className }: { id: number; className?: string }) {
  const text = useStoreMap({
    store: $earnedByStake,
    keys: [id],
    fn: (earned, [stakeId]) => formatAmount(earned[stakeId] ?? 0, REWARD_DECIMALS),
  });
  return (
    <span className={className} data-testid="stake-earned">
      {text}
    </span>
  );
}
