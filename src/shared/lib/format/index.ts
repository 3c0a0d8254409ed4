export { formatAmount } from './format-amount';
export { shortenAddress } from './shorten-address';
