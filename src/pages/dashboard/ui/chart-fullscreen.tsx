import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { SegmentedControl } from '@/shared/ui/segmented-control';
import { $failure, closeClicked } from '../model/chart-fullscreen';
import { $interval, intervalChosen } from '../model/price-chart';
import { CandleChart, INTERVAL_LABELS, INTERVALS, Legend } from './chart-parts';
import styles from './chart-fullscreen.module.css';

/**
 * The price chart alone over the whole app (a chunk of its own): in Telegram's full screen from 8.0 on,
 * clear of the status bar and Telegram's controls (the `--inset-*` tokens), filling the app elsewhere.
 * Landscape gives the candles the width. Its state is ../model/chart-fullscreen.ts.
 */
export function ChartFullscreen() {
  const [interval, failure, choose, close] = useUnit([$interval, $failure, intervalChosen, closeClicked]);
  const t = useT();
  const segments = INTERVALS.map((value) => ({ value, label: t(INTERVAL_LABELS[value]) }));
  return (
    <div className={styles.view} role="dialog" aria-modal="true" aria-label={t('chart.title')}>
      <div className={styles.head}>
        <h2 className={styles.title}>{t('chart.title')}</h2>
        <button type="button" className={styles.close} onClick={() => close()}>
          {t('info.close')}
        </button>
      </div>
      {failure ? (
        <p className={styles.failure} role="status">
          {t('chart.fullscreenFailed', { error: failure })}
        </p>
      ) : null}
      <SegmentedControl segments={segments} value={interval} onChange={choose} label={t('chart.intervals')} />
      <Legend />
      <div className={styles.area}>
        <CandleChart label={t('chart.label', { interval: t(INTERVAL_LABELS[interval]) })} />
      </div>
    </div>
  );
}
