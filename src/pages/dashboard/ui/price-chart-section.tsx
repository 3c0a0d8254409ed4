import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { lazyModal } from '@/shared/ui/lazy-page';
import { Section } from '@/shared/ui/section';
import { SegmentedControl } from '@/shared/ui/segmented-control';
import { $open as $fullscreenOpen, expandClicked } from '../model/chart-fullscreen';
import { $chartStatus, $interval, intervalChosen, retryClicked } from '../model/price-chart';
import { CandleChart, INTERVAL_LABELS, INTERVALS, Legend } from './chart-parts';
import { ChartSkeleton } from './chart-skeleton';
import styles from './price-chart.module.css';

/** The chart alone, full screen (in Telegram's full screen from 8.0 on): a chunk of its own, loaded when opened. */
const FullscreenChart = lazyModal($fullscreenOpen, () => import('./chart-fullscreen').then((m) => m.ChartFullscreen));

/** Opens the chart full screen. */
function ExpandButton() {
  const expand = useUnit(expandClicked);
  const t = useT();
  return (
    <button type="button" className={styles.expand} aria-label={t('chart.fullscreen')} onClick={() => expand()}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden>
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
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
        <div className={styles.controls}>
          <SegmentedControl segments={segments} value={interval} onChange={choose} label={t('chart.intervals')} />
          {status === 'ready' ? <ExpandButton /> : null}
        </div>
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
      <FullscreenChart />
    </Section>
  );
}
