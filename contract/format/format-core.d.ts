/** Types of format-core.js (plain JavaScript so the sandbox pages load the same file; see its comment). */
export declare const DECIMALS: {
  readonly token: 2;
  readonly ton: 4;
  readonly price: 6;
  readonly reward: 6;
  readonly percent: 2;
};
/** What a figure is, which decides its decimals (DECIMALS). */
export type FigureKind = keyof typeof DECIMALS;
/** The language a figure is written in: its decimal mark (and, for percentages, the space before '%'). */
export type FormatLocale = 'en' | 'ru';
export interface FormatOptions {
  /** Drop the zeros after the point: the programme's round figures (limits, thresholds, tiers). */
  trim?: boolean;
  /** '+' or '−' before a change that is not zero as shown. */
  sign?: boolean;
  /**
   * Rounded up, not truncated: a minimum ("sell at least …"), so the figure shown is never below the
   * real one and entering it is enough. Positive values only; ignored for others.
   */
  up?: boolean;
}
export declare const NBSP: '\u00A0';
export declare const MINUS: '\u2212';
export declare function decimalMark(locale: FormatLocale): ',' | '.';
/** Truncated to the kind's decimals, thousands by a no-break space, the locale's decimal mark; '—' if not a number. */
export declare function formatAmount(
  value: number | string,
  kind: FigureKind,
  locale: FormatLocale,
  options?: FormatOptions,
): string;
export declare function formatTokens(value: number | string, locale: FormatLocale, options?: FormatOptions): string;
export declare function formatTon(value: number | string, locale: FormatLocale, options?: FormatOptions): string;
export declare function formatPrice(value: number | string, locale: FormatLocale): string;
export declare function formatPercent(value: number | string, locale: FormatLocale, options?: FormatOptions): string;
export declare function formatChange(value: number | string, locale: FormatLocale): string;
export declare function formatCount(value: number): string;
/** The sum of the values as shown for `kind` (each truncated), as wire decimal text; null if one is not a number. */
export declare function sumShown(values: readonly (number | string)[], kind: FigureKind): string | null;
export declare function shortenAddress(address: string): string;
