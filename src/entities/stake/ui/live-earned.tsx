import { useStoreMap } from 'effector-react';
import { useT } from '@/shared/i18n';
import { DECIMALS, formatAmount, formatPercent } from '@/shared/lib/format';
import { ProgressBar } from '@/shared/ui/progress-bar';
import { $earnedByStake, $progressByStake } from '../model/stake';

/** Rewards are small per second: 6 decimals make them move (SPEC §5 allows 2, 4 or 6). */
export const REWARD_DECIMALS = DECIMALS.reward;

/**
 * A stake's earnings, live. It subscribes to its own entry only and selects the formatted text, so a
 * tick re-renders this component alone, and only when the shown digits change. Always 6 decimals,
 * so the number keeps its width from 0.000000 on.
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

/** Progress toward max_reward, live: re-renders only when the shown percent changes. */
export function LiveProgress({ id, className }: { id: number; className?: string }) {
  const percent = useStoreMap({
    store: $progressByStake,
    keys: [id],
    fn: (progress, [stakeId]) => progress[stakeId] ?? 0,
  });
  const t = useT();
  const text = formatPercent(percent);
  return (
    <div className={className}>
      <ProgressBar percent={percent} label={t('stake.progress', { percent: text })} testId="stake-progress" />
      <span data-testid="stake-progress-text">{text}</span>
    </div>
  );
}
