export { formatAmount } from './format-amount';
export { shortenAddress } from './shorten-address';
export { DECIMALS } from './decimals';
export { formatCount } from './format-count';
