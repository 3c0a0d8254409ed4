export { parseTonAmount } from './parse-ton-amount';
