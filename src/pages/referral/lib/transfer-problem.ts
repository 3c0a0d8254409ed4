import { parseUnits } from '@/shared/api';
import { readAmountInput } from '@/shared/lib/amount-input';

/** Why the typed amount cannot be moved; the modal says it in a sentence before anything is sent. */
export type TransferProblem =
  | { kind: 'not_a_number' }
  | { kind: 'not_positive' }
  | { kind: 'too_many_decimals' }
  /** More than the referral balance holds (tokens, as wire text). */
  | { kind: 'above_balance'; balance: string };

/** The amount to send as the wire's decimal text, or null while there is nothing valid to send. */
export function transferAmount(text: string): string | null {
  const input = readAmountInput(text);
  return input.kind === 'amount' ? input.amount : null;
}

/** Nothing to say about an empty field: the button stays off and the hint asks for an amount. */
export function transferProblem(text: string, referralBalance: string): TransferProblem | null {
  const input = readAmountInput(text);
  switch (input.kind) {
    case 'empty':
      return null;
    case 'not_a_number':
      return { kind: 'not_a_number' };
    case 'negative':
    case 'zero':
      return { kind: 'not_positive' };
    case 'too_many_decimals':
      return { kind: 'too_many_decimals' };
    case 'amount':
      return parseUnits(input.amount) > parseUnits(referralBalance)
        ? { kind: 'above_balance', balance: referralBalance }
        : null;
  }
}
