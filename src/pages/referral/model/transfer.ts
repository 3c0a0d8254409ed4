import { combine, createEvent, createStore, sample } from 'effector';
import { $user, balanceUpdated } from '@/entities/user';
import type { Balances } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { showToast } from '@/shared/ui/toast';
import { transferAmount, transferProblem } from '../lib/transfer-problem';

/**
 * The Transfer modal (docs/product.md §2 'transfer'): tokens from the referral balance to the main balance
 * (POST /withdraw/transfer-from-referral-balance). The amount is checked before anything is sent:
 * a positive number, at most 9 decimals, no more than the referral balance.
 */
export const transferOpened = createEvent();
export const transferClosed = createEvent();
export const amountChanged = createEvent<string>();
/** Fills in the whole referral balance. */
export const maxClicked = createEvent();
export const transferSubmitted = createEvent();

/** POST /withdraw/transfer-from-referral-balance. */
export const transferFx = callFx('referralTransfer');
export const $isTransferring = transferFx.pending;

export const $isOpen = createStore(false)
  .on(transferOpened, () => true)
  .reset(transferClosed);

/** The referral balance as the server last said it (tokens, wire text). */
export const $referralBalance = $user.map((user) => user?.referral_balance ?? '0');

export const $amountText = createStore('')
  .on(amountChanged, (_, text) => text)
  .reset(transferOpened, transferClosed);
sample({ clock: maxClicked, source: $referralBalance, target: $amountText });

export const $problem = combine($amountText, $referralBalance, transferProblem);
export const $amount = $amountText.map(transferAmount);
export const $canSubmit = combine(
  { amount: $amount, problem: $problem, busy: $isTransferring },
  ({ amount, problem, busy }) => amount !== null && problem === null && !busy,
);

sample({
  clock: transferSubmitted,
  source: { amount: $amount, canSubmit: $canSubmit },
  filter: ({ canSubmit }) => canSubmit,
  fn: ({ amount }) => ({ body: { token_amount: amount as string } }),
  target: transferFx,
});

// A 5xx resolves to null (its toast is the error catalogue's): the modal stays open to try again.
const transferred = transferFx.doneData.filter({ fn: (balances): balances is Balances => balances !== null });
// The answer carries the new balances; the server's user:balance push says the same again.
sample({ clock: transferred, target: balanceUpdated });
sample({ clock: transferred, fn: () => undefined, target: transferClosed });
sample({
  clock: transferred,
  source: $t,
  fn: (t) => ({ text: t('referral.transferDone'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
