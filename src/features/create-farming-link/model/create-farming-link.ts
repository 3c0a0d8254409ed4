import { attach, combine, createEvent, createStore, sample } from 'effector';
import { linkUpdated, shownTimes, type FarmingSource } from '@/entities/farming-link';
import { $user } from '@/entities/user';
import type { CallQuery, FarmingCalculateQuery, FarmingLink, FarmingPlans, MintPlan } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { parseTonAmount } from '@/shared/lib/amount-input';
import { createCalculation } from '@/shared/lib/calculation';
import { formatAmount } from '@/shared/lib/format';
import { showToast } from '@/shared/ui/toast';
import { isCountInRange, linkProblem, parseCount } from '../lib/link-problem';

/**
 * The create-a-farming-link form (docs/product.md §2 /referral/farming, /tasks/farming): one model for both
 * screens, told which balance pays when the screen opens.
 */
export const formOpened = createEvent<FarmingSource>();
export const formClosed = createEvent();
export const plansRetryClicked = createEvent();
export const planSelected = createEvent<number>();
export const amountChanged = createEvent<string>();
export const countChanged = createEvent<string>();
export const multilinkToggled = createEvent<boolean>();
export const forMeToggled = createEvent<boolean>();
export const createClicked = createEvent();
/** The server made the link (the page shows it in the farm link modal). */
export const linkCreated = createEvent<FarmingLink>();

export const $source = createStore<FarmingSource | null>(null)
  .on(formOpened, (_, source) => source)
  .reset(formClosed);

// ---- plans --------------------------------------------------------------------------------------

/** GET /farming/plans. */
export const readPlansFx = callFx('farmingPlans');
const loadPlansFx = attach({ effect: readPlansFx, mapParams: (query: CallQuery<'farmingPlans'>) => ({ query }) });
export const $plansLoading = loadPlansFx.pending;
/** What GET /farming/plans said for the chosen balance; null before it answers or after a failure. */
export const $plansAnswer = createStore<FarmingPlans | null>(null).reset(formOpened, formClosed);
export const $plansFailed = createStore(false)
  .on(loadPlansFx.doneData, (_, answer) => answer === null)
  .on(loadPlansFx.fail, () => true)
  .reset(formOpened, formClosed);

/** Ask the plans again for the screen's balance (Try again; the balance moved). */
const plansStale = createEvent();
sample({
  clock: [formOpened, sample({ clock: plansStale, source: $source, filter: Boolean })],
  fn: (source) => ({ from_ref_balance: source === 'referral', from_task_balance: source === 'task' }),
  target: loadPlansFx,
});
sample({ clock: plansRetryClicked, target: plansStale });
// Only the answer for the balance chosen now (a slow answer for the other screen is dropped).
sample({
  clock: loadPlansFx.done,
  source: $source,
  filter: (source, { params, result }) => result !== null && params.from_ref_balance === (source === 'referral'),
  fn: (_, { result }) => result,
  target: $plansAnswer,
});

/** docs/product.md §5: only active plans, by days ascending; the server offers only those the balance can pay once. */
export const $plans = $plansAnswer.map((answer): MintPlan[] =>
  answer ? answer.plans.filter((plan) => plan.is_active).sort((a, b) => a.days - b.days) : [],
);
/** The balance covers no plan: the form says what to do instead of showing fields. */
export const $noPlans = combine($plansAnswer, $plans, (answer, plans) => answer !== null && plans.length === 0);

/** The chosen balance, tokens: live from the user data (socket pushes), else as the plans answer said. */
export const $balance = combine($source, $user, $plansAnswer, (source, user, answer) => {
  if (user && source) return source === 'referral' ? user.referral_balance : user.task_balance;
  return answer?.balance ?? null;
});
/** Tokens the cheapest link costs: what the balance needs before any plan is offered. */
export const $minCost = $plansAnswer.map((answer) => answer?.min_cost ?? null);

// The server offers the plans a balance covers: when the balance moves (a grant, a reward, a transfer,
// a link paid) away from what the plans were chosen for, they are asked again for the new balance.
sample({
  clock: $balance,
  source: $plansAnswer,
  filter: (answer, balance) => answer !== null && balance !== null && balance !== answer.balance,
  target: plansStale,
});

// ---- fields -------------------------------------------------------------------------------------

export const $selectedDays = createStore<number | null>(null)
  .on(planSelected, (_, days) => days)
  .reset(formOpened, formClosed);
// A plan is chosen for the user when there is only one.
sample({
  clock: $plans,
  source: $selectedDays,
  filter: (days, plans) => plans.length === 1 && days === null,
  fn: (_, plans) => plans[0]!.days,
  target: $selectedDays,
});
export const $selectedPlan = combine(
  $plans,
  $selectedDays,
  (plans, days) => plans.find((plan) => plan.days === days) ?? null,
);

export const $amountText = createStore('')
  .on(amountChanged, (_, text) => text)
  .reset(formOpened, formClosed);
export const $amount = $amountText.map(parseTonAmount);
export const $countText = createStore('1')
  .on(countChanged, (_, text) => text)
  // A for-me link has one activation (only its author may take it, once).
  .on(forMeToggled, (text, on) => (on ? '1' : text))
  .reset(formOpened, formClosed);
export const $count = $countText.map(parseCount);
export const $isMultilink = createStore(false)
  .on(multilinkToggled, (_, on) => on)
  .on(forMeToggled, (multilink, on) => (on ? false : multilink))
  .reset(formOpened, formClosed);
export const $isForMe = createStore(false)
  .on(forMeToggled, (_, on) => on)
  .reset(formOpened, formClosed);

type LinkQuery = FarmingCalculateQuery & { amount: string; freeze_days: number; count_activations: number };

const $query = combine($amount, $selectedDays, $count, (amount, days, count): LinkQuery | null =>
  amount !== null && days !== null && isCountInRange(count)
    ? { amount, freeze_days: days, count_activations: count }
    : null,
);

/** A plan, an amount and a count are chosen: the calculation is on its way (debounced) or shown. */
export const $formComplete = $query.map((query) => query !== null);

// ---- calculation ----------------------------------------------------------------------------------

/** What to price (told below: it is gated by $problem, which reads the calculation). */
const calculationQueryChanged = createEvent<LinkQuery | null>();
/** GET /farming/calculate. */
export const calculateFx = callFx('farmingCalculate');
// Only the answer for what the form says now: a slow answer for an older amount is dropped.
const calculation = createCalculation({
  source: calculationQueryChanged,
  effect: attach({ effect: calculateFx, mapParams: (query: LinkQuery) => ({ query }) }),
  reset: [$query, formOpened, formClosed],
});
export const $isCalculating = calculation.$pending;
/** What one activation gives and what the link costs, for exactly what the form says now. */
export const $calculation = calculation.$result;

export const $problem = combine(
  {
    amountText: $amountText,
    amount: $amount,
    plan: $selectedPlan,
    countText: $countText,
    count: $count,
    calculation: $calculation,
    balance: $balance,
  },
  linkProblem,
);

/** What to price: nothing while the amount or count is wrong (the form already says why). */
const $calculationQuery = combine($query, $problem, (query, problem) =>
  problem && problem.kind !== 'insufficient' ? null : query,
);

sample({ clock: $calculationQuery, target: calculationQueryChanged });

// ---- create -------------------------------------------------------------------------------------

/** POST /farming/create. */
export const createFx = callFx('farmingCreate');
export const $isCreating = createFx.pending;

/** Everything is checked and priced: the cost (from the calculation) fits the chosen balance. */
export const $canCreate = combine(
  { source: $source, query: $query, calculation: $calculation, problem: $problem, creating: $isCreating },
  ({ source, query, calculation, problem, creating }) =>
    source !== null && query !== null && calculation !== null && problem === null && !creating,
);

sample({
  clock: createClicked,
  source: {
    can: $canCreate,
    source: $source,
    query: $query,
    multilink: $isMultilink,
    forMe: $isForMe,
    calculation: $calculation,
  },
  filter: ({ can }) => can,
  fn: ({ source, query, multilink, forMe, calculation }) => {
    const { amount, freeze_days, count_activations } = query as LinkQuery;
    // Exactly one balance pays (docs/foundations.md §4): the screen's. The quote shown fixes the price, so the
    // cost on screen is what is charged (or the server refuses and the form quotes again).
    return {
      body: {
        amount,
        price: calculation?.price,
        days: freeze_days,
        count_activations,
        from_ref_balance: source === 'referral',
        from_task_balance: source === 'task',
        is_multilink: multilink,
        is_for_me: forMe,
      },
    };
  },
  target: createFx,
});

const created = createFx.doneData.filter({ fn: (link): link is FarmingLink => link !== null });
sample({ clock: created, target: [linkUpdated, linkCreated] });
sample({
  clock: created,
  source: $t,
  fn: (t, link) => ({
    // The cost as the form showed it: the activations' tokens as shown, times their count.
    text: t('farming.created', {
      amount: formatAmount(shownTimes(link.amount_token, link.count_activations), 'token', t.locale),
    }),
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});

// A refusal (the quote's price no longer stands, the balance, …) is the error catalogue's toast:
// the link is quoted again so the form shows what a new tap would charge.
sample({ clock: createFx.fail, source: $calculationQuery, filter: Boolean, target: calculation.calculate });
$amountText.reset(created);
