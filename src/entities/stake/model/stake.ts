import { combine, createEvent, createStore, sample } from 'effector';
import { delay, interval } from 'patronum';
import type { Stake } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { createQuery } from '@/shared/lib/query';
import { $isLowEndDevice } from '@/shared/telegram';
import { byNewest, pendingShownUntil } from '@/shared/lib/pending-window';
import { stakeProgressPercent } from '../lib/progress';
import { isStakeEarning, stakeEarned, visibleStakes } from '../lib/reward';

export const stakesRequested = createEvent();
/** A stake from the server (created, rates moved, completed): replaces the one with its id or adds it. */
export const stakeUpdated = createEvent<Stake>();
/** docs/product.md §4: a signing failure clears pending mints and stakes. */
export const pendingStakesCleared = createEvent();

// A 5xx resolves null (the error toast is shown by the request layer): what we had stays.
/** GET /staking/ (one page: the server's default size). */
export const readStakesFx = callFx('stakeList');
const stakes = createQuery({
  effect: readStakesFx,
  initial: [] as Stake[],
  reduce: (page) => [...page.data].sort(byNewest),
});
export const $stakesLoading = stakes.$pending;
/** The first load has settled: an empty list now means "no stakes", not "not loaded yet". */
export const $stakesLoaded = stakes.$settled;

const isPending = (stake: Stake) => stake.status === 'pending';

/** Every stake the client knows, newest first. Lists show $visibleStakes. */
export const $stakes = stakes.$data
  .on(stakeUpdated, (stakes, stake) => [...stakes.filter((known) => known.id !== stake.id), stake].sort(byNewest))
  .on(pendingStakesCleared, (stakes) =>
    stakes.some(isPending) ? stakes.filter((stake) => !isPending(stake)) : stakes,
  );

sample({ clock: stakesRequested, target: stakes.start });

/*
 * The ticker: one 1 s interval for all stakes. It runs only while some stake's number still moves
 * (active, with a rate, below max_reward) and stops by itself when none does. Each tick moves $now;
 * the per-stake numbers derive from it, while $visibleStakes and $visibleStakeIds keep their
 * identity across ticks, so a tick re-renders the numbers and nothing else.
 */
const tickerStarted = createEvent();
const tickerStopped = createEvent();
// A phone Telegram rates LOW re-renders them every 5 s instead (docs/decisions.md "Telegram's platform").
const $tickMs = $isLowEndDevice.map((low) => (low ? timings.lowEndStakeTickMs : timings.stakeTickMs));
const ticker = interval({ timeout: $tickMs, start: tickerStarted, stop: tickerStopped });
export const $tickerRunning = ticker.isRunning;

const pendingWindowEnded = createEvent<unknown>();

/** The moments the numbers are computed for: the stakes changed, a tick, a pending window ended. */
const clockRead = sample({
  clock: [$stakes, ticker.tick, pendingWindowEnded],
  fn: (): number => Math.floor(Date.now() / 1000),
});

/** Unix seconds the numbers are for (the clock as of the last tick or change). */
export const $now = createStore(0, { serialize: 'ignore' }).on(clockRead, (_, now) => now);

/** Live earnings by stake id (docs/product.md §4). Number components read their own entry with useStoreMap. */
export const $earnedByStake = combine($stakes, $now, (stakes, now) => {
  const earned: Record<number, number> = {};
  for (const stake of stakes) earned[stake.id] = stakeEarned(stake, now);
  return earned;
});

/** Progress toward max_reward by stake id, in percent (docs/product.md §4 figures, exact). */
export const $progressByStake = combine($stakes, $now, (stakes, now) => {
  const progress: Record<number, number> = {};
  for (const stake of stakes) progress[stake.id] = stakeProgressPercent(stake, now);
  return progress;
});

const $earning = createStore(false, { serialize: 'ignore' });
sample({
  clock: clockRead,
  source: $stakes,
  fn: (stakes, now) => stakes.some((stake) => isStakeEarning(stake, now)),
  target: $earning,
});
sample({ clock: $earning, filter: (earning) => earning, fn: () => undefined, target: tickerStarted });
sample({ clock: $earning, filter: (earning) => !earning, fn: () => undefined, target: tickerStopped });

// ---- what lists show ----------------------------------------------------------------------------

const visibleComputed = sample({
  clock: clockRead,
  source: $stakes,
  fn: (stakes, now) => ({ stakes: visibleStakes(stakes, now), now }),
});

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The stakes a list shows (docs/product.md §4 pending rule), newest first; unchanged by ticks. */
export const $visibleStakes = createStore<Stake[]>([]).on(visibleComputed, (shown, { stakes }) =>
  sameItems(shown, stakes) ? shown : stakes,
);
/** Ids of $visibleStakes; changes only when a stake appears, disappears or moves. */
export const $visibleStakeIds = createStore<number[]>([]).on($visibleStakes, (ids, stakes) => {
  const next = stakes.map((stake) => stake.id);
  return sameItems(ids, next) ? ids : next;
});

/** Ids of the active stakes (the dashboard's list); changes only when one starts, ends or moves. */
export const $activeStakeIds = createStore<number[]>([]).on($stakes, (ids, stakes) => {
  const next = stakes.filter((stake) => stake.status === 'active').map((stake) => stake.id);
  return sameItems(ids, next) ? ids : next;
});

// A visible pending stake hides when its window ends, even when nothing ticks: one timer per window.
const $pendingDeadline = createStore<number | null>(null, { serialize: 'ignore' });
const pendingWindowOpened = sample({
  clock: visibleComputed,
  source: $pendingDeadline,
  filter: (scheduled, { stakes }) => {
    const pending = stakes.find(isPending);
    return pending !== undefined && pendingShownUntil(pending) !== scheduled;
  },
  fn: (_, { stakes, now }) => {
    const deadline = pendingShownUntil(stakes.find(isPending) as Stake);
    return { deadline, ms: Math.max(0, deadline - now) * 1000 };
  },
});
$pendingDeadline.on(pendingWindowOpened, (_, { deadline }) => deadline);
delay({ source: pendingWindowOpened, timeout: ({ ms }: { ms: number }) => ms, target: pendingWindowEnded });
