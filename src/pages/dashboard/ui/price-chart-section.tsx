import { useUnit } from 'effector-react';
import type { CandleInterval } from '@/shared/api';
import { useT, type MessageKey } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { lazyPage } from '@/shared/ui/lazy-page';
import { Section } from '@/shared/ui/section';
import { SegmentedControl } from '@/shared/ui/segmented-control';
import { $chartStatus, $interval, $lastCandle, intervalChosen, retryClicked } from '../model/price-chart';
import { ChartSkeleton } from './chart-skeleton';
import styles from './price-chart.module.css';

const INTERVAL_LABELS = {
  '5m': 'chart.interval5m',
  '30m': 'chart.interval30m',
  '1h': 'chart.interval1h',
  '4h': 'chart.interval4h',
  '1d': 'chart.interval1d',
} as const satisfies Record<CandleInterval, MessageKey>;
const INTERVALS = Object.keys(INTERVAL_LABELS) as CandleInterval[];

// lightweight-charts (≈ 52 kB gzip) is a chunk of its own, fetched while the candles load.
const CandleChart = lazyPage(() => import('./candle-chart').then((m) => m.CandleChart), {
  fallback: <ChartSkeleton />,
});

/** Open, high, low and close of the live (last) candle, from the model. */
function Legend() {
  const last = useUnit($lastCandle);
  const t = useT();
  if (!last) return null;
  const figures = [
    ['chart.open', last.open, 'chart-last-open'],
    ['chart.high', last.high, 'chart-last-high'],
    ['chart.low', last.low, 'chart-last-low'],
    ['chart.close', last.close, 'chart-last-close'],
  ] as const satisfies ReadonlyArray<readonly [MessageKey, string, string]>;
  return (
    <dl className={styles.legend}>
      {figures.map(([label, value, testId]) => (
        <div key={label} className={styles.figure}>
          <dt className={styles.figureLabel}>{t(label)}</dt>
          <dd className={styles.figureValue} data-testid={testId}>
            {formatAmount(value, 'price', t.locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The price chart section: the interval switcher, the live candle's figures and the
 * candles; loading, empty and failed states come from the model.
 */
export function PriceChartSection() {
  const [interval, status, choose, retry] = useUnit([$interval, $chartStatus, intervalChosen, retryClicked]);
  const t = useT();
  const segments = INTERVALS.map((value) => ({ value, label: t(INTERVAL_LABELS[value]) }));
  return (
    <Section title={t('chart.title')} id="dashboard-chart" testId="price-chart-section">
      <div className={styles.body}>
        <SegmentedControl segments={segments} value={interval} onChange={choose} label={t('chart.intervals')} />
        {status === 'ready' ? <Legend /> : null}
        <div className={styles.area} data-status={status}>
          {status === 'ready' ? (
            <CandleChart label={t('chart.label', { interval: t(INTERVAL_LABELS[interval]) })} />
          ) : status === 'loading' ? (
            <ChartSkeleton />
          ) : status === 'empty' ? (
            <EmptyState icon={<Icon name="clock" />} title={t('chart.empty')} text={t('chart.emptyText')} />
          ) : (
            <EmptyState
              title={t('chart.failed')}
              action={
                <Button variant="secondary" size="s" stretched={false} onClick={() => retry()}>
                  {t('chart.tryAgain')}
                </Button>
              }
            />
          )}
        </div>
      </div>
    </Section>
  );
}
