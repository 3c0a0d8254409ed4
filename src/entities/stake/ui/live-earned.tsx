import { useStoreMap } from 'effector-react';
import { useLocale, useT } from '@/shared/i18n';
import { formatAmount, formatPercent } from '@/shared/lib/format';
import { ProgressBar } from '@/shared/ui/progress-bar';
import { $earnedByStake, $progressByStake } from '../model/stake';

/**
 * A stake's earnings, live. It subscribes to its own entry only and selects the formatted text, so a
 * tick re-renders this component alone, and only when the shown digits change. Always 6 decimals (the
 * reward kind: small per second, so they move), so the number keeps its width from 0.000000 on.
 */
export function LiveEarned({ id, className }: { id: number; className?: string }) {
  const locale = useLocale();
  const text = useStoreMap({
    store: $earnedByStake,
    keys: [id, locale],
    fn: (earned, [stakeId, shownIn]) => formatAmount(earned[stakeId] ?? 0, 'reward', shownIn),
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
  const text = formatPercent(percent, t.locale);
  return (
    <div className={className}>
      <ProgressBar percent={percent} label={t('stake.progress', { percent: text })} testId="stake-progress" />
      <span data-testid="stake-progress-text">{text}</span>
    </div>
  );
}
