export { formatAmount } from './format-amount';
export { shortenAddress } from './shorten-address';
export { formatDays } from './format-days';
