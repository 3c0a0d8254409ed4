export {
  DECIMALS,
  NBSP,
  formatAmount,
  formatCount,
  formatPercent,
  formatPrice,
  formatTokens,
  formatTon,
  shortenAddress,
} from './format-core';
