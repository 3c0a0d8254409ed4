import { CandlestickSeries, ColorType, createChart, type CandlestickData, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Candle } from '@console/shared/api';
import { chartPriceLabel, readChartColors, seriesColors, toChartBar } from '@shared/ui/chart-bars';
import { useConsoleLocale } from '@console/shared/i18n';
import { DECIMALS } from '@shared/lib/format';
import styles from './price-page.module.css';

const bar = (candle: Candle): CandlestickData<UTCTimestamp> => {
  const { time, ...prices } = toChartBar(candle);
  return { time: time as UTCTimestamp, ...prices };
};

/**
 * The price's candles as the Mini App's chart draws them (lightweight-charts, its colours, its price
 * labels: this module is a chunk of its own, loaded only by the price screen), so the operator sees the
 * picture the users see. Redrawn whole when the candles change; the time axis shows hours for intraday
 * intervals only.
 */
export function PriceChart({ candles, intraday, label }: { candles: Candle[]; intraday: boolean; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const locale = useConsoleLocale();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = readChartColors(element);
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontFamily: colors.font,
        attributionLogo: false,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.grid },
      timeScale: { borderColor: colors.grid, timeVisible: intraday, secondsVisible: false, rightOffset: 2 },
      localization: { priceFormatter: (price: number) => chartPriceLabel(price, locale) },
    });
    const series = chart.addSeries(CandlestickSeries, {
      ...seriesColors(colors),
      priceFormat: { type: 'price', precision: DECIMALS.price, minMove: 10 ** -DECIMALS.price },
    });
    // The app's spacing, not fitted: one day's candle is a candle, not the whole width.
    series.setData(candles.map(bar));
    return () => chart.remove();
  }, [candles, intraday, locale]);
  return (
    <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid="console-price-chart" />
  );
}
