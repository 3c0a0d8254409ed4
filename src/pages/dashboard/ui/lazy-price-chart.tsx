import { useT } from '@/shared/i18n';
import { lazyPage } from '@/shared/ui/lazy-page';
import { SkeletonCard } from '@/shared/ui/skeleton';

function ChartSectionLoading() {
  const t = useT();
  return <SkeletonCard lines={6} label={t('chart.loading')} />;
}

/** The chart section is a chunk of its own (and the chart library another): never on the first screen's path. */
export const PriceChart = lazyPage(() => import('./price-chart-section').then((m) => m.PriceChartSection), {
  fallback: <ChartSectionLoading />,
});
