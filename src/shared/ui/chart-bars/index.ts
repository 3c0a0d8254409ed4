/** A price chart's bars, labels and colours: the Mini App's chart and the console's draw candles alike. */
import type { Candle } from '../../api';
import { type FormatLocale, formatAmount } from '../../lib/format';

/** A candle as the chart draws it: numbers (a float is fine for pixels) and the time in unix seconds. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const toChartBar = (candle: Candle): ChartBar => ({
  time: candle.time,
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});

/** Prices are nanotons per token at most: 9 decimals, beyond which a float's digits are noise. */
const PRICE_PRECISION = 9;

/**
 * A price on the chart's scale or crosshair, truncated to 6 decimals like every price (docs/product.md §5), with the
 * user's decimal mark (docs/decisions.md "Formats"). The
 * library hands over floats (a scale step of 0.0102 arrives as 0.010199999…): they are read at nanoton
 * precision first, so truncation cuts real digits, not float noise.
 */
export const chartPriceLabel = (price: number, locale: FormatLocale): string =>
  formatAmount(Number.isFinite(price) ? price.toFixed(PRICE_PRECISION) : price, 'price', locale);

/**
 * How near a price tick's label may come to the last price's tag on the price axis, px: half the tag's
 * height (12 px text with its padding) and half a label's. Nearer, the tag would cover part of the label.
 */
export const TAG_CLEARANCE_PX = 16;

/**
 * The price axis's tick labels, each blank where it would sit under the last price's tag (`tagY`, the
 * tag's centre, px; null with no data): the tag is drawn over the labels, and a label half covered by it
 * reads as a wrong price. `yOf` places a price on the axis (null when off it).
 */
export function tickLabelsClearOfTag(
  prices: readonly number[],
  tagY: number | null,
  yOf: (price: number) => number | null,
  locale: FormatLocale,
): string[] {
  return prices.map((price) => {
    const y = tagY === null ? null : yOf(price);
    return y !== null && tagY !== null && Math.abs(y - tagY) < TAG_CLEARANCE_PX ? '' : chartPriceLabel(price, locale);
  });
}

/** The chart's colours from the app's theme tokens (Telegram's theme parameters, light or dark). */
export interface ChartColors {
  text: string;
  background: string;
  grid: string;
  up: string;
  down: string;
  font: string;
}

export function readChartColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-hint', '#5c5c60'),
    background: token('--color-section', '#ffffff'),
    grid: token('--color-separator', 'rgba(120, 120, 128, 0.24)'),
    up: token('--color-success', '#31b545'),
    down: token('--color-destructive', '#b32922'),
    font: token('--font-family', 'sans-serif'),
  };
}

/** A candlestick series' colours from the theme's (body, border and wick alike), for every chart of the price. */
export const seriesColors = (colors: ChartColors) => ({
  upColor: colors.up,
  downColor: colors.down,
  borderUpColor: colors.up,
  borderDownColor: colors.down,
  wickUpColor: colors.up,
  wickDownColor: colors.down,
});
