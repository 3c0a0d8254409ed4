import { useUnit } from 'effector-react';
import type { CandleInterval } from '@/shared/api';
import { useT, type MessageKey } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { lazyPage } from '@/shared/ui/lazy-page';
import { $lastCandle } from '../model/price-chart';
import { ChartSkeleton } from './chart-skeleton';
import styles from './price-chart.module.css';

/* The chart's pieces the section and its full-screen view both show. */

export const INTERVAL_LABELS = {
  '5m': 'chart.interval5m',
  '30m': 'chart.interval30m',
  '1h': 'chart.interval1h',
  '4h': 'chart.interval4h',
  '1d': 'chart.interval1d',
} as const satisfies Record<CandleInterval, MessageKey>;
export const INTERVALS = Object.keys(INTERVAL_LABELS) as CandleInterval[];

// lightweight-charts (≈ 52 kB gzip) is a chunk of its own, fetched while the candles load.
export const CandleChart = lazyPage(() => import('./candle-chart').then((m) => m.CandleChart), {
  fallback: <ChartSkeleton />,
});

/** Open, high, low and close of the live (last) candle, from the model. */
export function Legend() {
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
