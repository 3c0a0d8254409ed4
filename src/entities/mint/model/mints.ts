import { createEffect, createEvent, createStore, sample } from 'effector';
import { debounce } from 'patronum';
import type { Mint, MintPlan } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createQuery } from '@/shared/lib/query';
import { activePlans, byNewest, pendingShownUntilMs, visiblePendingMint } from '../lib/mint-rules';

// ---- the user's mints -----------------------------------------------------------------------------

// A 5xx resolves to null: what is shown stays rather than blank the list.
/** GET /mint/ (docs/product.md §7: one page of up to 300, the server's default). */
export const readMintsFx = callFx('mintList');
const mints = createQuery({
  effect: readMintsFx,
  initial: [] as Mint[],
  reduce: (list) => [...list.data].sort(byNewest),
});
/** The user's mints, newest first (docs/product.md §3, §7: one page of up to 300). */
export const $mints = mints.$data;
export const mintsRequested = createEvent();
/** A mint as the server now has it (create/cancel answer, `user:mint` push): replaces the one with its id. */
export const mintUpdated = createEvent<Mint>();
/** docs/product.md §4: a signing failure clears pending mints. */
export const pendingMintsCleared = createEvent();
/** A stake was made from this mint (by id): the server has moved it to staking. */
export const mintMovedToStaking = createEvent<number>();

export const $mintsLoading = mints.$pending;
/** The first load has settled: an empty list now means "no mints", not "not loaded yet". */
export const $mintsLoaded = mints.$settled;

sample({ clock: mintsRequested, target: mints.start });

$mints
  .on(mintUpdated, (mints, mint) => [mint, ...mints.filter((known) => known.id !== mint.id)].sort(byNewest))
  .on(pendingMintsCleared, (mints) => mints.filter((mint) => mint.status !== 'pending'))
  .on(mintMovedToStaking, (mints, id) =>
    mints.map((mint) => (mint.id === id ? { ...mint, status: 'move_to_staking' as const } : mint)),
  );

export const $activeMints = $mints.map((mints) => mints.filter((mint) => mint.status === 'active'));

// ---- the visible pending mint (docs/product.md §4: the newest, for 3 minutes) ---------------------------------

interface PendingCheck {
  mint: Mint | null;
  /** How long the mint still shows as pending; 0 when none does. */
  msLeft: number;
}

const checkPendingFx = createEffect((mints: Mint[]): PendingCheck => {
  const nowMs = Date.now();
  const mint = visiblePendingMint(mints, Math.floor(nowMs / 1000));
  return { mint, msLeft: mint ? Math.max(pendingShownUntilMs(mint) - nowMs, 0) : 0 };
});

export const $pendingMint = createStore<Mint | null>(null).on(checkPendingFx.doneData, (_, { mint }) => mint);
const $pendingMsLeft = createStore(0).on(checkPendingFx.doneData, (_, { msLeft }) => msLeft);

sample({ clock: $mints, target: checkPendingFx });

// One timer to the moment the shown mint runs out of its 3 minutes (debounce restarts it, never
// stacks): the card then disappears without anything else happening.
const pendingWindowEnded = debounce({
  source: checkPendingFx.doneData.filter({ fn: ({ mint }) => mint !== null }),
  timeout: $pendingMsLeft,
});
sample({ clock: pendingWindowEnded, source: $mints, target: checkPendingFx });

// ---- plans ----------------------------------------------------------------------------------------

/** GET /mint/all-plans. */
export const readPlansFx = callFx('mintPlans', 'array');
const plans = createQuery({ effect: readPlansFx, initial: [] as MintPlan[], reduce: activePlans });
/** Only active plans, sorted by days ascending (docs/product.md §5). */
export const $plans = plans.$data;
export const plansRequested = createEvent();
export const $plansLoading = plans.$pending;

sample({ clock: plansRequested, target: plans.start });
