import { FARMING_MAX_ACTIVATIONS, parseUnits, type FarmingCalculation, type MintPlan } from '@/shared/api';

/** Why the link cannot be made as the form says; the form explains it before anything is sent. */
export type LinkProblem =
  | { kind: 'amount_invalid' }
  | { kind: 'below_min'; min: string }
  | { kind: 'above_max'; max: string }
  | { kind: 'count_invalid'; max: number }
  /** Tokens, as decimal text: what the whole link costs and what the chosen balance holds. */
  | { kind: 'insufficient'; cost: string; balance: string };

export interface LinkCheck {
  amountText: string;
  /** The amount read as exact decimal TON, or null when it is not an amount. */
  amount: string | null;
  plan: MintPlan | null;
  countText: string;
  /** The number of activations, or null when the text is not a whole number. */
  count: number | null;
  /** The calculation for exactly this amount, plan and count, once it has arrived. */
  calculation: FarmingCalculation | null;
  /** The chosen balance, tokens; null before it is known. */
  balance: string | null;
}

/** The count field's text as a whole number (digits only), or null. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  return Number(trimmed);
}

export const isCountInRange = (count: number | null): count is number =>
  count !== null && count >= 1 && count <= FARMING_MAX_ACTIVATIONS;

/**
 * The first thing wrong with the form, in the order a user fixes it: the amount (format, the plan's
 * range), the number of activations (1..1000), then the cost against the balance. Nothing to say about
 * an empty amount: the hint asks for one.
 */
export function linkProblem({
  amountText,
  amount,
  plan,
  countText,
  count,
  calculation,
  balance,
}: LinkCheck): LinkProblem | null {
  if (amountText.trim() !== '') {
    if (amount === null) return { kind: 'amount_invalid' };
    const units = parseUnits(amount);
    if (plan && units < parseUnits(plan.min_amount)) return { kind: 'below_min', min: plan.min_amount };
    if (plan && units > parseUnits(plan.max_amount)) return { kind: 'above_max', max: plan.max_amount };
  }
  if (countText.trim() !== '' && !isCountInRange(count)) return { kind: 'count_invalid', max: FARMING_MAX_ACTIVATIONS };
  if (calculation && balance !== null && parseUnits(calculation.cost_token) > parseUnits(balance)) {
    return { kind: 'insufficient', cost: calculation.cost_token, balance };
  }
  return null;
}
