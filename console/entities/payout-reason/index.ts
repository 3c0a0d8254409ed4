/** The payout worker's reasons as the operator reads them, in the operator's language. */
export { payoutReasonWords } from './lib/words';
