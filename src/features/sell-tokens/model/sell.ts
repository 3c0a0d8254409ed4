import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $boundWallet, $user } from '@/entities/user';
import { $friendlyAddress, $wallet, balanceRequested } from '@/entities/wallet';
import { withdrawalUpdated } from '@/entities/withdrawal';
import { calculateWithdrawFx, type TonNetwork, type Withdrawal } from '@/shared/api';
import { appConfig } from '@/shared/config';
import { readAmountInput } from '@/shared/lib/amount-input';
import { createCalculation } from '@/shared/lib/calculation';
import { openWalletModalFx } from '@/shared/ton-connect';
import type { AddressProblem } from '../lib/address-problem';
import { sellAmountProblem } from '../lib/amount-problem';

/**
 * The Sell modal (SPEC §2 'sell'): tokens from one balance for TON, paid to an address.
 * The amount is priced by GET /withdraw/calculate as the user stops typing; the destination is the
 * wallet the user proved to hold with ton_proof (DESIGN.md §7b), the only address the server pays: any
 * other address is explained inline (connect that wallet to prove it) and Confirm stays off. Confirm
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
export const addressChanged = createEvent<string>();
/** No wallet connected: open the wallet list (the address then defaults to the wallet's). */
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
const calculation = createCalculation({
  source: combine($source, $amount, (source, amount) => (source === null ? null : amount)),
  effect: attach({ effect: calculateWithdrawFx, mapParams: (amount: string) => ({ token_amount: amount }) }),
  reset: [$amount, sellOpened, sellClosed],
});
/** Price the amount shown again now (a refusal, a price tick: ./live-quote.ts). */
export const calculationAsked = calculation.calculate;
/** A quote was taken: the newest answer, for the amount shown. */
export const quoted = calculation.done;
export const $isCalculating = calculation.$pending;

/** What selling exactly the amount shown pays now; null while it is being priced or cannot be. */
export const $calculation = calculation.$result;
/** The smallest sale the server takes, from the newest calculation (it holds for other amounts too). */
export const $minTokenAmount = createStore<string | null>(null).reset(sellOpened, sellClosed);
sample({ clock: quoted, fn: (answer) => answer.min_token_amount, target: $minTokenAmount });

export const $amountProblem = combine($amountInput, $balance, $minTokenAmount, sellAmountProblem);

// ---- destination ----------------------------------------------------------------------------------

/** The network a destination must be meant for: the server's (runtime config); a store so tests can choose. */
export const $network = createStore<TonNetwork>(appConfig.tonNetwork);

export const $addressText = createStore('').on(addressChanged, (_, text) => text);
/** The user typed an address: the connected wallet no longer fills it in. */
export const $addressEdited = createStore(false)
  .on(addressChanged, () => true)
  .reset(sellOpened, sellClosed);
/**
 * The default destination: the wallet the user proved to hold (sales pay out only to it), else the
 * connected wallet's address (user-friendly, non-bounceable, test-only on testnet), which the modal then
 * says is not proved yet.
 */
const $defaultAddress = combine(
  $boundWallet,
  $friendlyAddress,
  (bound, connected) => bound?.friendly_address ?? connected,
);
// As the modal opens, and when a wallet connects (or goes, or is verified) while the user has not typed one.
sample({ clock: sellOpened, source: $defaultAddress, fn: (address) => address ?? '', target: $addressText });
sample({
  clock: $defaultAddress.updates,
  source: { edited: $addressEdited, open: $isOpen, text: $addressText },
  // A field the user emptied takes the wallet connected afterwards.
  filter: ({ edited, open, text }, address) => open && (!edited || (text.trim() === '' && address !== null)),
  fn: (_, address) => address ?? '',
  target: $addressText,
});
$addressText.reset(sellClosed);

/** The address code is a chunk of its own (docs/performance.md "Bundle"): loaded on the first check. */
const checkAddressFx = createEffect(async ({ text, network }: { text: string; network: TonNetwork }) => {
  const { addressProblem, rawAddress } = await import('../lib/address-problem');
  const problem = addressProblem(text, network);
  return { problem, raw: problem === null ? rawAddress(text) : null };
});
/** The newest check and the text it was for: it counts only while the field still says that. */
const $addressCheck = createStore<{ text: string; problem: AddressProblem | null; raw: string | null } | null>(
  null,
).reset(sellClosed);
sample({
  clock: [$addressText, $network, sellOpened],
  source: { text: $addressText, network: $network, open: $isOpen },
  filter: ({ text, open }) => open && text.trim() !== '',
  fn: ({ text, network }) => ({ text, network }),
  target: checkAddressFx,
});
sample({
  clock: checkAddressFx.done,
  source: { text: $addressText, network: $network },
  filter: ({ text, network }, { params }) => params.text === text && params.network === network,
  fn: (_, { params, result }) => ({ text: params.text, ...result }),
  target: $addressCheck,
});
const $checkedAddress = combine($addressCheck, $addressText, (check, text) => (check?.text === text ? check : null));
/**
 * Why the TON cannot go to the destination: what the address module finds wrong with it, or that it is
 * not the wallet the user proved to hold — the server pays no other address (DESIGN.md §7b) — with
 * what the user can do about it, by the wallet connected now: none (connect this address's wallet),
 * this one (connected without a proof the server took: connect it again) or another one (switch to
 * this address's wallet). Proving a wallet makes it the verified one, and the problem goes.
 */
export type SellAddressProblem =
  | AddressProblem
  | { kind: 'unverified'; connected: 'none' | 'this' | 'other' }
  /** The user emptied the field: Confirm is off for want of an address, and the field says so. */
  | { kind: 'empty' };

/**
 * What is wrong with the destination, once checked. An empty field is a problem only once the user
 * emptied it (a field that opens empty has the connect hint instead of a complaint).
 */
export const $addressProblem = combine(
  { check: $checkedAddress, bound: $boundWallet, wallet: $wallet, text: $addressText, edited: $addressEdited },
  ({ check, bound, wallet, text, edited }): SellAddressProblem | null => {
    if (text.trim() === '') return edited ? { kind: 'empty' } : null;
    if (!check) return null;
    if (check.problem || check.raw === null) return check.problem;
    // Both raw (0:<64 hex>): every friendly form of the verified wallet is the verified wallet.
    if (bound && check.raw === bound.address.toLowerCase()) return null;
    const connected = wallet === null ? 'none' : wallet.address.toLowerCase() === check.raw ? 'this' : 'other';
    return { kind: 'unverified', connected };
  },
);
/** The destination as it is sent: checked, fine, and the verified wallet. */
export const $address = combine($checkedAddress, $addressProblem, (check, problem) =>
  check && problem === null ? check.text.trim() : null,
);

/**
 * The line under the field while nothing is wrong with it: 'verified' only while it holds the
 * verified wallet (in any form); 'connect' with no wallet connected; else the rule ('payout'): sales
 * pay out only to a verified wallet.
 */
export type SellAddressHint = 'verified' | 'connect' | 'payout';
export const $addressHint = combine(
  { check: $checkedAddress, bound: $boundWallet, wallet: $wallet },
  ({ check, bound, wallet }): SellAddressHint => {
    if (bound && check?.raw && check.raw === bound.address.toLowerCase()) return 'verified';
    return wallet === null ? 'connect' : 'payout';
  },
);

/** No wallet connected: the modal offers Connect wallet beside the address field. */
export const $needsWallet = $wallet.map((wallet) => wallet === null);
sample({ clock: connectWalletClicked, target: openWalletModalFx });

// A payout arrived on chain: the connected wallet's TON balance is read again (the TON may be there).
sample({
  clock: withdrawalUpdated,
  filter: (withdrawal) => withdrawal.status === 'completed',
  fn: () => undefined,
  target: balanceRequested,
});
