import { attach, combine, createEvent, createStore, sample } from 'effector';
import { $pendingMint, $plans, mintPaymentRequested, mintUpdated } from '@/entities/mint';
import { $balanceNano, $wallet } from '@/entities/wallet';
import { $isSending, transactionRequested } from '@/features/send-transaction';
import type { Mint, MintCalculateQuery } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { hapticErrorFx } from '@/shared/telegram';
import { openWalletModalFx } from '@/shared/ton-connect';
import { showToast } from '@/shared/ui/toast';
import { amountProblem } from '../lib/amount-problem';
import { parseTonAmount } from '@/shared/lib/amount-input';
import { createCalculation } from '@/shared/lib/calculation';
import { formatTokens } from '@/shared/lib/format';
import { mintRoute } from './routes';

export const planSelected = createEvent<number>();
export const amountChanged = createEvent<string>();
export const createClicked = createEvent();
/** The form's call to action without a wallet: open the wallet list. */
export const connectWalletClicked = createEvent();
/** Ask the wallet again to pay the pending mint (e.g. after the app was reopened mid-payment). */
export const payClicked = createEvent();

export const $selectedDays = createStore<number | null>(null)
  .on(planSelected, (_, days) => days)
  .reset(mintRoute.closed);
export const $amountText = createStore('')
  .on(amountChanged, (_, text) => text)
  .reset(mintRoute.closed);
export const $amount = $amountText.map(parseTonAmount);
export const $selectedPlan = combine(
  $plans,
  $selectedDays,
  (plans, days) => plans.find((plan) => plan.days === days) ?? null,
);
/** Why the typed amount cannot be minted (format, the plan's range, the wallet's balance with the fee). */
export const $amountProblem = combine(
  { text: $amountText, amount: $amount, plan: $selectedPlan, balanceNano: $balanceNano },
  amountProblem,
);
/** Text was typed but it is not an amount. */
export const $amountInvalid = $amountProblem.map((problem) => problem?.kind === 'not_a_number');
/** Create needs a wallet to pay from: without one the form offers to connect it instead. */
export const $needsWallet = $wallet.map((wallet) => wallet === null);

/** What the form asks for: the amount as exact decimal TON text and a plan's days. */
type MintQuery = MintCalculateQuery & { amount: string; freeze_days: number };

const $query = combine($amount, $selectedDays, (amount, days): MintQuery | null =>
  amount !== null && days !== null ? { amount, freeze_days: days } : null,
);

/** A plan and an amount are chosen: the calculation is on its way (debounced) or shown. */
export const $formComplete = $query.map((query) => query !== null);

// ---- calculation ------------------------------------------------------------------------------------

/** What to price: nothing while the amount is outside the plan's range (the form already says why). */
const $calculationQuery = combine($query, $amountProblem, (query, problem) =>
  problem && problem.kind !== 'insufficient' ? null : query,
);

/** GET /mint/calculate. */
export const calculateFx = callFx('mintCalculate');
// Only the answer for what the form says now: a slow answer for an older amount is dropped.
const calculation = createCalculation({
  source: $calculationQuery,
  effect: attach({ effect: calculateFx, mapParams: (query: MintCalculateQuery) => ({ query }) }),
  reset: [$query, mintRoute.closed],
});
export const $calculation = calculation.$result;
export const $isCalculating = calculation.$pending;

// ---- create ------------------------------------------------------------------------------------------

/** POST /mint/create. */
export const createFx = callFx('mintCreate');
export const $isCreating = createFx.pending;
export const $canCreate = combine(
  { query: $query, problem: $amountProblem, needsWallet: $needsWallet, creating: $isCreating },
  ({ query, problem, needsWallet, creating }) => query !== null && problem === null && !needsWallet && !creating,
);

// A problem with the amount is shown on the form; nothing is sent until it is fixed.
const createAsked = sample({
  clock: createClicked,
  source: { query: $query, problem: $amountProblem, creating: $isCreating },
  filter: ({ query, problem, creating }) => query !== null && problem === null && !creating,
  fn: ({ query }) => query as MintQuery,
});
sample({ clock: connectWalletClicked, target: openWalletModalFx });
const payAsked = sample({
  clock: payClicked,
  source: { mint: $pendingMint, sending: $isSending },
  filter: ({ mint, sending }) => mint?.payment !== undefined && !sending,
  fn: ({ mint }) => mint as Mint,
});

// docs/product.md §5: sending needs a connected wallet. Refused the way the send-transaction feature refuses,
// and before anything is created: a mint nobody can pay would only wait for its expiry.
const walletMissing = sample({ clock: [createAsked, payAsked], source: $wallet, filter: (wallet) => wallet === null });
sample({
  clock: walletMissing,
  source: $t,
  fn: (t) => ({ text: t('wallet.required'), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: walletMissing, fn: () => undefined, target: hapticErrorFx });

// The quote on screen (it is for exactly this query: it resets when the query changes) fixes the
// price; with none yet, the server prices at today's.
sample({
  clock: createAsked,
  source: { wallet: $wallet, quote: $calculation },
  filter: ({ wallet }) => wallet !== null,
  fn: ({ quote }, { amount, freeze_days }) => ({ body: { amount, days: freeze_days, price: quote?.price } }),
  target: createFx,
});

// A refusal (the quote's price no longer stands, …) is the error catalogue's toast: the amount is
// quoted again so the form shows what a new tap would create.
sample({ clock: createFx.fail, source: $calculationQuery, filter: Boolean, target: calculation.calculate });

const created = createFx.doneData.filter({ fn: (mint): mint is Mint => mint !== null });
sample({ clock: created, target: mintUpdated });
sample({
  clock: created,
  source: $t,
  // docs/product.md §9's text, with the tokens the mint was created for (what its payment credits).
  fn: (t, mint) => ({
    text: `${t('mint.created', { code: mint.mint_id })}: ${formatTokens(mint.amount_token, t.locale)}`,
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
$amountText.reset(created);

// The wallet is asked to pay: the new mint, or the pending one again.
const paymentDue = sample({
  clock: [created, sample({ clock: payAsked, source: $wallet, filter: Boolean, fn: (_, mint) => mint })],
}).filterMap((mint) => (mint.payment ? { mint, payment: mint.payment } : undefined));
sample({ clock: paymentDue, fn: ({ mint }) => mint, target: mintPaymentRequested });
sample({
  clock: paymentDue,
  fn: ({ payment: { address, amount, payload } }) => ({ messages: [{ address, amount, payload }] }),
  target: transactionRequested,
});
