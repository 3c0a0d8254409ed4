import { attach, combine, createEvent, createStore, sample } from 'effector';
import { or } from 'patronum';
import { newReferralsSeen, referralStandingRead } from '@/entities/user';
import type { Referral, ReferralList, ReferralTier } from '@/shared/api';
import { callFx } from '@/shared/call';

/** Referrals per page: the screen shows this many, then "Show more" reads the next page. */
export const REFERRALS_PAGE_SIZE = 20;

/** Read page 1 again (the screen opens, the user data refetches, Try again). */
export const referralsRequested = createEvent();
/** "Show more": the next page, appended. */
export const moreRequested = createEvent();

/** GET /user/referrals: page 1 also marks every referral so far as seen (the navbar badge falls to 0). */
export const readReferralsFx = callFx('referrals');
const loadFirstPageFx = attach({
  effect: readReferralsFx,
  mapParams: () => ({ query: { page: 1, limit: REFERRALS_PAGE_SIZE } }),
});
const loadNextPageFx = attach({
  effect: readReferralsFx,
  mapParams: (page: number) => ({ query: { page, limit: REFERRALS_PAGE_SIZE } }),
});

/** The referrals read so far, newest first. */
export const $referrals = createStore<Referral[]>([]);
export const $tier = createStore<ReferralTier | null>(null);
/** Referrals across all pages. */
export const $total = createStore(0);
/** Tokens every referral has earned the user, all pages. */
export const $totalEarned = createStore<string | null>(null);
/** The last page appended (0 before the first read). */
const $lastPage = createStore(0);

export const $isLoading = loadFirstPageFx.pending;
export const $isLoadingMore = loadNextPageFx.pending;
/** A page-1 read has succeeded: an empty list now means "no referrals", not "not read yet". */
export const $loaded = createStore(false);
/** The last page-1 read failed (network, 5xx). With nothing shown yet, the screen offers Try again. */
export const $loadFailed = createStore(false);
/** The server has pages after the last one read (by pages, not by count: a shifted page repeats one). */
export const $hasMore = combine($lastPage, $total, (page, total) => page > 0 && page * REFERRALS_PAGE_SIZE < total);

sample({ clock: referralsRequested, target: loadFirstPageFx });

// A 5xx resolves to null: what is shown stays, and the screen knows the read failed.
const firstPageRead = loadFirstPageFx.doneData.filter({ fn: (list): list is ReferralList => list !== null });
const firstPageFailed = sample({
  clock: [loadFirstPageFx.fail, loadFirstPageFx.doneData.filter({ fn: (list) => list === null })],
  fn: () => true,
});

$referrals.on(firstPageRead, (_, list) => list.data);
$lastPage.on(firstPageRead, () => 1);
$loaded.on(firstPageRead, () => true);
$loadFailed.on(firstPageRead, () => false).on(firstPageFailed, () => true);

// Reading page 1 marks every referral so far as seen on the server: the navbar badge clears.
sample({ clock: firstPageRead, fn: () => undefined, target: newReferralsSeen });

sample({
  clock: moreRequested,
  source: { page: $lastPage, hasMore: $hasMore, busy: or($isLoading, $isLoadingMore) },
  filter: ({ page, hasMore, busy }) => page > 0 && hasMore && !busy,
  fn: ({ page }) => page + 1,
  target: loadNextPageFx,
});

// Only the page after the last one is appended (a page-1 reread meanwhile starts the list again).
// A referral who joined meanwhile shifts the pages by one: whoever is already listed is not repeated.
const nextPageRead = sample({
  clock: loadNextPageFx.done,
  source: $lastPage,
  filter: (last, { params, result }) => result !== null && params === last + 1,
  fn: (_, { params, result }) => ({ page: params, list: result as ReferralList }),
});
$referrals.on(nextPageRead, (referrals, { list }) => {
  const known = new Set(referrals.map((referral) => referral.id));
  return [...referrals, ...list.data.filter((referral) => !known.has(referral.id))];
});
$lastPage.on(nextPageRead, (_, { page }) => page);

// Every read carries the tier and the totals as they are now.
const anyRead = sample({ clock: [firstPageRead, nextPageRead.map(({ list }) => list)] });
$tier.on(anyRead, (_, list) => list.tier);
$total.on(anyRead, (_, list) => list.total);
$totalEarned.on(anyRead, (_, list) => list.total_earned);
// The dashboard's level follows what this screen read (a friend's mint may have moved the tier).
sample({ clock: anyRead, fn: ({ tier, total }) => ({ tier, total }), target: referralStandingRead });
