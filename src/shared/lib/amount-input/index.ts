export { amountProblem, type AmountProblem } from './amount-problem';
export { parseTonAmount } from './parse-ton-amount';
export { MAX_AMOUNT_DECIMALS, readAmountInput, type AmountInput } from './read-amount';
export { inLocaleMark } from './decimal-mark';
