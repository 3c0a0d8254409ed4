import { attach, combine, createEvent, createStore, sample } from 'effector';
import { $boundWallet, $user } from '@/entities/user';
import { $wallet, balanceRequested } from '@/entities/wallet';
import { withdrawalUpdated } from '@/entities/withdrawal';
import type { Withdrawal } from '@/shared/api';
import { callFx } from '@/shared/call';
import { readAmountInput } from '@/shared/lib/amount-input';
import { createCalculation } from '@/shared/lib/calculation';
import { openWalletModalFx } from '@/shared/ton-connect';
import { sellAmountProblem } from '../lib/amount-problem';
import { shownSale } from '../lib/shown-sale';

/**
 * The Sell modal (docs/product.md §2 'sell'): tokens from one balance for TON, paid to the user's wallet.
 * The amount is priced by GET /withdraw/calculate as the user stops typing; the destination is the
 * wallet the user proved to hold with ton_proof (docs/foundations.md §7b), the only address the server pays,
 * shown read-only; without one the sheet says how to prove a wallet and Confirm stays off. Confirm
 * sends POST /withdraw/create with the quote on screen (price, TON, fee, what arrives): the server pays
 * exactly that while its price stands, or refuses and the sheet quotes again (docs/decisions.md "A
 * sale's quote"). Confirm itself (./confirm.ts) and the quote following the live price while the
 * sheet is open (./live-quote.ts) are created with the sheet's view, a lazy chunk.
 */

/** The balance the tokens come from: main (/sell), referral (/referral/sell) or task (/tasks/sell). */
export type SellSource = Withdrawal['source'];

/** The screen opened the modal for one balance. */
export const sellOpened = createEvent<SellSource>();
/** The screen that opened it closed: everything typed is forgotten. */
export const sellClosed = createEvent();
/** Cancel, the backdrop or Escape: the screen goes back to where the modal was opened from. */
export const closeClicked = createEvent();
export const amountChanged = createEvent<string>();
/** Fills in the whole balance being sold. */
export const maxClicked = createEvent();
/** No wallet proved: open the wallet list (connecting proves the wallet, which becomes the destination). */
export const connectWalletClicked = createEvent();
/** Confirm: the sale (./confirm.ts). */
export const confirmClicked = createEvent();
/** The server queued the sale (the modal has closed; the screen goes back). */
export const sold = createEvent<Withdrawal>();

export const $source = createStore<SellSource | null>(null)
  .on(sellOpened, (_, source) => source)
  .reset(sellClosed, closeClicked, sold);
export const $isOpen = $source.map((source) => source !== null);

/** The balance being sold, tokens (wire text), live from the user data. */
export const $balance = combine($source, $user, (source, user) => (source && user ? user[source] : '0'));

// ---- amount -------------------------------------------------------------------------------------

export const $amountText = createStore('')
  .on(amountChanged, (_, text) => text)
  .reset(sellOpened, sellClosed);
sample({ clock: maxClicked, source: $balance, target: $amountText });

const $amountInput = $amountText.map(readAmountInput);
/** The amount as the wire's decimal text; null while the field holds no valid positive amount. */
export const $amount = $amountInput.map((input) => (input.kind === 'amount' ? input.amount : null));

// ---- calculation ----------------------------------------------------------------------------------

/**
 * Only a valid amount of an open modal is priced (not an empty or malformed one), once typing stops;
 * only the newest calculation's answer counts, and only for the amount shown.
 */
/** GET /withdraw/calculate. */
export const calculateFx = callFx('withdrawCalculate');
const calculation = createCalculation({
  source: combine($source, $amount, (source, amount) => (source === null ? null : amount)),
  effect: attach({ effect: calculateFx, mapParams: (amount: string) => ({ query: { token_amount: amount } }) }),
  reset: [$amount, sellOpened, sellClosed],
});
/** Price the amount shown again now (a refusal, a price tick: ./live-quote.ts). */
export const calculationAsked = calculation.calculate;
/** A quote was taken: the newest answer, for the amount shown. */
export const quoted = calculation.done;
export const $isCalculating = calculation.$pending;

/** What selling exactly the amount shown pays now; null while it is being priced or cannot be. */
export const $calculation = calculation.$result;
/** The same figures as the sheet shows them: the TON out is the sum of what arrives and the fee, as shown. */
export const $shownCalculation = $calculation.map((quote) => (quote ? shownSale(quote) : null));
/** The smallest sale the server takes, from the newest calculation (it holds for other amounts too). */
export const $minTokenAmount = createStore<string | null>(null).reset(sellOpened, sellClosed);
sample({ clock: quoted, fn: (answer) => answer.min_token_amount, target: $minTokenAmount });

export const $amountProblem = combine($amountInput, $balance, $minTokenAmount, sellAmountProblem);

// ---- destination ----------------------------------------------------------------------------------

/**
 * Where the TON goes: the wallet the user proved to hold (ton_proof, docs/foundations.md §7b), the only address
 * the server pays, in its friendly form; null until a wallet is proved. It is shown, not typed: a field
 * whose every other value could only be refused would be no choice at all.
 */
export const $address = $boundWallet.map((bound) => bound?.friendly_address ?? null);

/**
 * What the sheet says about the destination: the verified wallet ('verified'; 'verifiedOther' while
 * another wallet is connected — the TON still goes to the verified one), or, with none, what the user
 * can do: connect a wallet ('connect', which proves it) or connect the connected one again
 * ('reconnect': it was connected without a proof the server took).
 */
export type SellDestination = 'verified' | 'verifiedOther' | 'connect' | 'reconnect';
export const $destination = combine($boundWallet, $wallet, (bound, wallet): SellDestination => {
  // Both raw (0:<64 hex>).
  if (bound)
    return wallet && wallet.address.toLowerCase() !== bound.address.toLowerCase() ? 'verifiedOther' : 'verified';
  return wallet === null ? 'connect' : 'reconnect';
});

/** No wallet at all: the sheet offers Connect wallet. */
export const $needsWallet = $destination.map((destination) => destination === 'connect');
sample({ clock: connectWalletClicked, target: openWalletModalFx });

// A payout arrived on chain: the connected wallet's TON balance is read again (the TON may be there).
sample({
  clock: withdrawalUpdated,
  filter: (withdrawal) => withdrawal.status === 'completed',
  fn: () => undefined,
  target: balanceRequested,
});
