/** Types of format-core.js (plain JavaScript so the sandbox pages load the same file; see its comment). */
export declare const DECIMALS: {
  readonly token: 2;
  readonly ton: 4;
  readonly price: 6;
  readonly reward: 6;
  readonly percent: 2;
};
export declare const NBSP: '\u00A0';
/** Truncated to `decimals`, all of them shown, thousands by a no-break space; '—' if not a number. */
export declare function formatAmount(value: number | string, decimals: 2 | 4 | 6): string;
export declare function formatTokens(value: number | string): string;
export declare function formatTon(value: number | string): string;
export declare function formatPrice(value: number | string): string;
export declare function formatPercent(value: number | string): string;
export declare function formatCount(value: number): string;
export declare function shortenAddress(address: string): string;
