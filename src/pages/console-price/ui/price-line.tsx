import { ColorType, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Candle } from '@/shared/console-api';
import { DECIMALS, formatAmount } from '@/shared/lib/format';
import styles from './price-page.module.css';

/** A colour of the page's theme (the Telegram theme variables), read when the chart is drawn. */
const themeColor = (element: HTMLElement, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * The last day's closing prices as a line (lightweight-charts: this module is a chunk of its own, loaded
 * only by the price screen). Redrawn whole when the candles change; prices truncated as everywhere.
 */
export function PriceLine({ candles, label }: { candles: Candle[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const text = themeColor(element, '--color-text', '#111');
    const grid = themeColor(element, '--color-separator', 'rgba(0,0,0,0.1)');
    const chart = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: false },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: grid },
      rightPriceScale: { borderColor: grid },
      localization: { priceFormatter: (value: number) => formatAmount(String(value), DECIMALS.price) },
    });
    const series = chart.addSeries(LineSeries, {
      color: themeColor(element, '--color-accent', '#2481cc'),
      lineWidth: 2,
      priceFormat: { type: 'price', precision: DECIMALS.price, minMove: 10 ** -DECIMALS.price },
    });
    series.setData(candles.map((candle) => ({ time: candle.time as UTCTimestamp, value: Number(candle.close) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles]);
  return (
    <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid="console-price-chart" />
  );
}
