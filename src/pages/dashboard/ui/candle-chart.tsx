import { useUnit } from 'effector-react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type CandlestickData,
  type DeepPartial,
  type ChartOptions,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type Locale, useLocale } from '@/shared/i18n';
import { isLowEndDevice } from '@/shared/telegram';
import { DECIMALS } from '@/shared/lib/format';
import {
  chartPriceLabel,
  readChartColors,
  seriesColors,
  tickLabelsClearOfTag,
  toChartBar,
  type ChartColors,
} from '@/shared/ui/chart-bars';
import { $candles, $dataVersion, $interval, $lastCandle, $themeVersion } from '../model/price-chart';
import styles from './price-chart.module.css';

const PRICE_STEP = 10 ** -DECIMALS.price;
const LOW_END = isLowEndDevice();

const bar = (candle: Parameters<typeof toChartBar>[0]): CandlestickData<UTCTimestamp> => {
  const { time, ...prices } = toChartBar(candle);
  return { time: time as UTCTimestamp, ...prices };
};

function chartOptions(colors: ChartColors, intraday: boolean, locale: Locale): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      fontFamily: colors.font,
      attributionLogo: false,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    // A label at the top or bottom edge is drawn whole or not at all (a cut one reads as another price).
    rightPriceScale: { borderColor: colors.grid, entireTextOnly: true },
    // The live candle keeps a little room from the price scale instead of touching it.
    timeScale: { borderColor: colors.grid, timeVisible: intraday, secondsVisible: false, rightOffset: 2 },
    // docs/product.md §5: prices truncated to 6 decimals, as everywhere else (the library would round).
    localization: { priceFormatter: (price: number) => chartPriceLabel(price, locale) },
    // A phone Telegram rates LOW: no coasting after a swipe (the chart's only motion).
    kineticScroll: { touch: !LOW_END, mouse: false },
  };
}

/**
 * Draws the model's candles with lightweight-charts (this module is a chunk of its own): the chart is
 * created when mounted and removed when unmounted; all candles are set once per `$dataVersion`, and
 * each live candle afterwards goes through `update()` (same time replaces the last bar, later appends).
 * It sizes itself to its container (which has an explicit height) and re-reads the theme's colours.
 */
export function CandleChart({ label }: { label: string }) {
  const [candles, dataVersion, lastCandle, themeVersion, interval] = useUnit([
    $candles,
    $dataVersion,
    $lastCandle,
    $themeVersion,
    $interval,
  ]);
  const containerRef = useRef<HTMLDivElement>(null);
  const drawing = useRef<{ chart: IChartApi; series: ISeriesApi<'Candlestick'>; version: number } | null>(null);
  /** The last candle's close: where the price axis's tag sits. */
  const lastClose = useRef<number | null>(null);
  const intraday = interval !== '1d';
  // Chosen before the first screen and kept for the launch: the chart is made with it once per mount.
  const locale = useLocale();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const colors = readChartColors(container);
    const chart = createChart(container, { autoSize: true, ...chartOptions(colors, intraday, locale) });
    const series = chart.addSeries(CandlestickSeries, {
      ...seriesColors(colors),
      priceFormat: { type: 'price', precision: DECIMALS.price, minMove: PRICE_STEP },
    });
    // The tick labels the last price's tag would cover are left out (they are drawn under it).
    chart.applyOptions({
      localization: {
        priceFormatter: (price: number) => chartPriceLabel(price, locale),
        tickmarksPriceFormatter: (prices: readonly number[]) =>
          tickLabelsClearOfTag(
            prices,
            lastClose.current === null ? null : series.priceToCoordinate(lastClose.current),
            (price) => series.priceToCoordinate(price),
            locale,
          ),
      },
    });
    drawing.current = { chart, series, version: -1 };
    return () => {
      drawing.current = null;
      chart.remove();
    };
    // Made once per mount; later changes of the interval and theme are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = drawing.current;
    const container = containerRef.current;
    if (!current || !container || themeVersion === 0) return;
    const colors = readChartColors(container);
    current.chart.applyOptions(chartOptions(colors, intraday, locale));
    current.series.applyOptions(seriesColors(colors));
    // Only a theme change recolours; the interval's own change is drawn with the data below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [themeVersion]);

  useEffect(() => {
    const current = drawing.current;
    if (!current) return;
    current.chart.applyOptions({ timeScale: { timeVisible: intraday } });
    current.series.setData(candles.map(bar));
    lastClose.current = candles.length > 0 ? Number(candles[candles.length - 1]!.close) : null;
    current.version = dataVersion;
    // A new series (dataVersion) is drawn whole; a tick only moves the last candle (next effect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataVersion]);

  useEffect(() => {
    const current = drawing.current;
    if (!current || !lastCandle || current.version !== dataVersion) return;
    lastClose.current = Number(lastCandle.close);
    current.series.update(bar(lastCandle));
    // Each tick updates one bar, only on the series it belongs to (the version it was drawn for).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastCandle]);

  return <div ref={containerRef} className={styles.canvas} role="img" aria-label={label} data-testid="price-chart" />;
}
