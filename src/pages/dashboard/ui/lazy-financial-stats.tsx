import { useT } from '@/shared/i18n';
import { lazyPage } from '@/shared/ui/lazy-page';
import { SkeletonCard } from '@/shared/ui/skeleton';

function StatsLoading() {
  const t = useT();
  return <SkeletonCard lines={5} label={t('stats.loading')} />;
}

/** The statistics section is a chunk of its own: it sits at the bottom of the dashboard. */
export const FinancialStats = lazyPage(() => import('./financial-stats').then((m) => m.FinancialStatsSection), {
  fallback: <StatsLoading />,
});
