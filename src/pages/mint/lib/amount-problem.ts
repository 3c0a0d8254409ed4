import { parseUnits, type MintPlan } from '@/shared/api';

/**
 * TON kept aside for the payment's network fee: a one-message wallet transfer costs about 0.005 TON
 * (the dev chain charges 0.005308); the wallet refuses a transfer that leaves nothing for it.
 */
export const PAYMENT_FEE_RESERVE_NANOTONS = 10_000_000n;

/** Why the amount cannot be minted as typed; the form says it before anything is sent. */
export type AmountProblem =
  | { kind: 'not_a_number' }
  | { kind: 'below_min'; min: string }
  | { kind: 'above_max'; max: string }
  /** Nanotons, as decimal strings: what the wallet holds and what the payment needs with the fee. */
  | { kind: 'insufficient'; balanceNano: string; neededNano: string };

export interface AmountCheck {
  /** What the user typed. */
  text: string;
  /** The text read as exact decimal TON, or null when it is not an amount. */
  amount: string | null;
  plan: MintPlan | null;
  /** The connected wallet's balance in nanotons; null without a wallet or before it is read. */
  balanceNano: string | null;
}

/** Nothing to say about an empty field: the hint asks for an amount instead. */
export function amountProblem({ text, amount, plan, balanceNano }: AmountCheck): AmountProblem | null {
  if (text.trim() === '') return null;
  if (amount === null) return { kind: 'not_a_number' };
  const units = parseUnits(amount);
  if (plan && units < parseUnits(plan.min_amount)) return { kind: 'below_min', min: plan.min_amount };
  if (plan && units > parseUnits(plan.max_amount)) return { kind: 'above_max', max: plan.max_amount };
  if (balanceNano !== null) {
    const needed = units + PAYMENT_FEE_RESERVE_NANOTONS;
    if (BigInt(balanceNano) < needed) return { kind: 'insufficient', balanceNano, neededNano: needed.toString() };
  }
  return null;
}
