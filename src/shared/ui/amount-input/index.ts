export { AmountInput, type AmountInputProps } from './amount-input';
