import { parseUnits } from '@/shared/api';
import type { AmountInput } from '@/shared/lib/amount-input';

/** Why the typed amount cannot be sold; the modal says it in a sentence before anything is sent. */
export type SellAmountProblem =
  | { kind: 'not_a_number' }
  | { kind: 'not_positive' }
  | { kind: 'too_many_decimals' }
  /** Below the smallest sale the server takes (calculate's min_token_amount), tokens. */
  | { kind: 'below_min'; min: string }
  /** More than the balance being sold holds, tokens. */
  | { kind: 'above_balance'; balance: string };

/**
 * Nothing to say about an empty field (Confirm stays off). The minimum is known once the server has
 * priced one amount; a balance below it gets the minimum's sentence, which says what is needed.
 */
export function sellAmountProblem(input: AmountInput, balance: string, min: string | null): SellAmountProblem | null {
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
    case 'amount': {
      const amount = parseUnits(input.amount);
      if (min !== null && amount < parseUnits(min)) return { kind: 'below_min', min };
      if (amount > parseUnits(balance)) return { kind: 'above_balance', balance };
      return null;
    }
  }
}
