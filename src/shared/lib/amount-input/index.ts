export { parseTonAmount } from './parse-ton-amount';
export { MAX_AMOUNT_DECIMALS, readAmountInput, type AmountInput } from './read-amount';
