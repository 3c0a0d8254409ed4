import { parseUnits } from '@contract/money';
import type { AmountInput } from './read-amount';

/** Why a typed amount cannot be sent; a form says it in a sentence before anything is sent. */
export type AmountProblem =
  | { kind: 'not_a_number' }
  | { kind: 'not_positive' }
  | { kind: 'too_many_decimals' }
  /** Below the least the server takes (wire text). */
  | { kind: 'below_min'; min: string }
  /** More than the balance being spent holds (wire text). */
  | { kind: 'above_balance'; balance: string };

/**
 * The problem with a read amount against what may be spent: nothing to say about an empty field (the
 * button stays off); the minimum, when known, before the balance (a balance below the minimum gets the
 * minimum's sentence, which says what is needed).
 */
export function amountProblem(
  input: AmountInput,
  limits: { balance: string; min?: string | null },
): AmountProblem | null {
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
      if (limits.min != null && amount < parseUnits(limits.min)) return { kind: 'below_min', min: limits.min };
      if (amount > parseUnits(limits.balance)) return { kind: 'above_balance', balance: limits.balance };
      return null;
    }
  }
}
