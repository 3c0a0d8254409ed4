import { type AmountProblem, amountProblem, readAmountInput } from '@/shared/lib/amount-input';

/** Why the typed amount cannot be moved; the modal says it in a sentence before anything is sent. */
export type TransferProblem = Exclude<AmountProblem, { kind: 'below_min' }>;

/** The amount to send as the wire's decimal text, or null while there is nothing valid to send. */
export function transferAmount(text: string): string | null {
  const input = readAmountInput(text);
  return input.kind === 'amount' ? input.amount : null;
}

/** Nothing to say about an empty field: the button stays off and the hint asks for an amount. */
export const transferProblem = (text: string, referralBalance: string): TransferProblem | null =>
  amountProblem(readAmountInput(text), { balance: referralBalance }) as TransferProblem | null;
