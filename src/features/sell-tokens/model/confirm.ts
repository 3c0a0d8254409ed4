import { combine, sample } from 'effector';
import { balanceUpdated } from '@/entities/user';
import { withdrawalUpdated } from '@/entities/withdrawal';
import type { SaleQuote, WithdrawalCreated, WithdrawCalculation } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { showToast } from '@/shared/ui/toast';
import {
  $address,
  $amount,
  $amountProblem,
  $calculation,
  $source,
  calculationAsked,
  confirmClicked,
  sold,
} from './sell';

/*
 * Confirm of the Sell sheet: the sale itself. Created with the sheet's view (a lazy chunk, out of the
 * entry): only a tap on that view's Confirm starts a sale. What the entry keeps of the sheet (./sell.ts)
 * is what opens it, prices the amount and checks the destination.
 */

/** POST /withdraw/create: the sale. */
export const createFx = callFx('withdrawCreate');
export const $isSelling = createFx.pending;

export const $canConfirm = combine(
  {
    source: $source,
    amount: $amount,
    problem: $amountProblem,
    calculation: $calculation,
    address: $address,
    busy: $isSelling,
  },
  ({ source, amount, problem, calculation, address, busy }) =>
    source !== null && amount !== null && problem === null && calculation !== null && address !== null && !busy,
);

const quoteOf = ({ price, ton_amount, fee, receive_amount }: WithdrawCalculation): SaleQuote => ({
  price,
  ton_amount,
  fee,
  receive_amount,
});

sample({
  clock: confirmClicked,
  source: {
    can: $canConfirm,
    source: $source,
    amount: $amount,
    calculation: $calculation,
    address: $address,
  },
  filter: ({ can }) => can,
  fn: ({ source, amount, calculation, address }) => ({
    body: {
      // Exactly one balance (docs/foundations.md §7): neither flag means the main balance.
      from_ref_balance: source === 'referral_balance',
      from_task_balance: source === 'task_balance',
      token_amount: amount as string,
      address: address as string,
      // The quote on screen, as shown: the server makes the sale at it while its price stands and pays
      // exactly its receive_amount, or refuses (400 sellQuoteExpired / sellQuoteMismatch) and it is quoted again.
      quote: quoteOf(calculation as WithdrawCalculation),
    },
  }),
  target: createFx,
});

// A refusal (400 quote expired or changed, insufficient funds; 422 address — not the verified wallet if
// another account proved it meanwhile) is the error catalogue's toast; the modal stays open with what was
// typed, and the amount is priced again so the figures are current (a quote that moved is marked).
sample({ clock: createFx.fail, source: $amount, filter: Boolean, target: calculationAsked });

// A 5xx resolves to null (its toast is the error catalogue's): the modal stays open to try again.
const created = createFx.doneData.filter({ fn: (answer): answer is WithdrawalCreated => answer !== null });
// The answer carries the new balances (the user:balance push repeats them) and the queued withdrawal
// (user:withdrawal repeats it): both show at once.
sample({ clock: created, fn: ({ balances }) => balances, target: balanceUpdated });
sample({ clock: created, fn: ({ withdrawal }) => withdrawal, target: [withdrawalUpdated, sold] });
sample({
  clock: created,
  source: $t,
  // The TON that arrives, as the server fixed it: the receive_amount the user confirmed.
  fn: (t, { withdrawal }) => ({
    text: t('sell.done', { amount: formatAmount(withdrawal.ton_amount, 'ton', t.locale) }),
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
