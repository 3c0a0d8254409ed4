export { formatAmount } from './format-amount';
export { shortenAddress } from './shorten-address';
export { formatDays } from './format-days';
export { formatDate } from './format-date';
export { DECIMALS } from './decimals';
