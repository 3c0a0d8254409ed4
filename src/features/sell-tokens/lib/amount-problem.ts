import { type AmountInput, type AmountProblem, amountProblem } from '@/shared/lib/amount-input';

/** Why the typed amount cannot be sold; the modal says it in a sentence before anything is sent. */
export type SellAmountProblem = AmountProblem;

/**
 * Nothing to say about an empty field (Confirm stays off). The minimum is known once the server has
 * priced one amount (calculate's min_token_amount); a balance below it gets the minimum's sentence.
 */
export const sellAmountProblem = (input: AmountInput, balance: string, min: string | null): SellAmountProblem | null =>
  amountProblem(input, { balance, min });
