import { attach, combine, createEvent, createStore, sample } from 'effector';
import { or } from 'patronum';
import { getWithdrawalsFx, HISTORY_PAGE_SIZE, type Withdrawal, type WithdrawHistory } from '@/shared/api';
import { mergeFirstPage, mergeWithdrawal } from '../lib/merge';

/*
 * The user's withdrawals (SPEC §2 /history, §7 GET /withdraw/history): newest first, 10 a page. Whoever
 * shows the list asks for page 1 (the History screen's Withdrawals tab); the next pages are read when
 * the end of the list comes into view or on 'Show more'. A `user:withdrawal` push or a sale just made
 * (withdrawalUpdated) replaces its row or puts a new one on top, so statuses change without a reload.
 */

/** Read page 1 (the list opens, the user data refetched, Try again). */
export const withdrawalsRequested = createEvent();
/** 'Show more' pressed. */
export const moreRequested = createEvent();
/** The end of the list came into view (the view's IntersectionObserver): read on if there is more. */
export const endOfListReached = createEvent();
/** A withdrawal was queued or changed status (the socket, or the sale's own answer). */
export const withdrawalUpdated = createEvent<Withdrawal>();

/** Page-1 reads are numbered: only the newest one's answer counts. */
const $firstPageRead = createStore(0);
const loadFirstPageFx = attach({
  effect: getWithdrawalsFx,
  mapParams: (_: number) => ({ page: 1, size: HISTORY_PAGE_SIZE }),
});
const loadNextPageFx = attach({
  effect: getWithdrawalsFx,
  mapParams: ({ page }: { page: number; list: number }) => ({ page, size: HISTORY_PAGE_SIZE }),
});

/** The withdrawals read (or pushed) so far, newest first. */
export const $withdrawals = createStore<Withdrawal[]>([]);
/** The user's withdrawals across all pages. */
export const $total = createStore(0);
/** The last page read (0 before the first read). */
const $lastPage = createStore(0);
/** Bumped when the list starts again from page 1, so a next page asked for the old list is dropped. */
const $list = createStore(0);

export const $isLoading = loadFirstPageFx.pending;
export const $isLoadingMore = loadNextPageFx.pending;
/** A page-1 read has succeeded: an empty list now means "no withdrawals", not "not read yet". */
export const $loaded = createStore(false);
/** The last page-1 read failed (network, 5xx): with nothing shown yet, the list offers Try again. */
export const $loadFailed = createStore(false);
/** The last next-page read failed: the end of the list coming into view again, or 'Show more', retries. */
export const $moreFailed = createStore(false);
/** The server has pages after the last one read. */
export const $hasMore = combine($lastPage, $total, (page, total) => page > 0 && page * HISTORY_PAGE_SIZE < total);

sample({ clock: withdrawalsRequested, source: $firstPageRead, fn: (read) => read + 1, target: $firstPageRead });
sample({ clock: withdrawalsRequested, source: $firstPageRead, target: loadFirstPageFx });

const newestFirstPage = sample({
  clock: loadFirstPageFx.done,
  source: $firstPageRead,
  filter: (newest, { params }) => params === newest,
  fn: (_, { result }) => result,
});
// A 5xx resolves to null: what is shown stays, and the list knows the read failed.
const firstPageRead = newestFirstPage.filter({ fn: (page): page is WithdrawHistory => page !== null });
const firstPageFailed = sample({
  clock: [
    newestFirstPage.filter({ fn: (page) => page === null }),
    sample({ clock: loadFirstPageFx.fail, source: $firstPageRead, filter: (newest, { params }) => params === newest }),
  ],
  fn: () => true,
});

const firstPageMerged = sample({
  clock: firstPageRead,
  source: { withdrawals: $withdrawals, lastPage: $lastPage, list: $list },
  fn: ({ withdrawals, lastPage, list }, page) => {
    const merged = mergeFirstPage(withdrawals, page.data);
    return merged === null
      ? { withdrawals: page.data, lastPage: 1, list: list + 1, total: page.total }
      : { withdrawals: merged, lastPage: Math.max(lastPage, 1), list, total: page.total };
  },
});
$withdrawals.on(firstPageMerged, (_, merged) => merged.withdrawals);
$lastPage.on(firstPageMerged, (_, merged) => merged.lastPage);
$list.on(firstPageMerged, (_, merged) => merged.list);
$total.on(firstPageMerged, (_, merged) => merged.total);
$loaded.on(firstPageRead, () => true);
$loadFailed.on(firstPageRead, () => false).on(firstPageFailed, () => true);

sample({
  clock: [moreRequested, endOfListReached],
  source: { page: $lastPage, list: $list, hasMore: $hasMore, busy: or($isLoading, $isLoadingMore) },
  filter: ({ hasMore, busy }) => hasMore && !busy,
  fn: ({ page, list }) => ({ page: page + 1, list }),
  target: loadNextPageFx,
});

// Only the page after the last one, of the list as it still is, is appended; a withdrawal already
// listed (pushed down a page by a newer one) is not repeated.
const nextPageRead = sample({
  clock: loadNextPageFx.done,
  source: { lastPage: $lastPage, list: $list },
  filter: ({ lastPage, list }, { params, result }) => result !== null && params.page === lastPage + 1 && params.list === list,
  fn: (_, { params, result }) => ({ page: params.page, history: result as WithdrawHistory }),
});
$withdrawals.on(nextPageRead, (withdrawals, { history }) => {
  const known = new Set(withdrawals.map((withdrawal) => withdrawal.id));
  return [...withdrawals, ...history.data.filter((withdrawal) => !known.has(withdrawal.id))];
});
$lastPage.on(nextPageRead, (_, { page }) => page);
$total.on(nextPageRead, (_, { history }) => history.total);
$moreFailed
  .on(nextPageRead, () => false)
  .on(loadNextPageFx.fail, () => true)
  .on(loadNextPageFx.doneData, (failed, result) => (result === null ? true : failed));

// Live: the row with the same id is replaced; a new withdrawal goes on top and counts.
const liveMerged = sample({
  clock: withdrawalUpdated,
  source: $withdrawals,
  fn: (withdrawals, withdrawal) => mergeWithdrawal(withdrawals, withdrawal),
});
$withdrawals.on(liveMerged, (_, { withdrawals }) => withdrawals);
$total.on(liveMerged, (total, { added }) => (added ? total + 1 : total));
