import { useT } from '@/shared/i18n';
import { Skeleton } from '@/shared/ui/skeleton';
import styles from './price-chart.module.css';

/** The chart's place while its code or its candles load: the same height, so nothing jumps. */
export function ChartSkeleton() {
  const t = useT();
  return (
    <div className={styles.skeleton} role="status" aria-label={t('chart.loading')}>
      <Skeleton height="100%" radius={12} />
    </div>
  );
}
