import { attach, combine, createEvent, createStore, sample } from 'effector';
import { or } from 'patronum';
import { balanceUpdated, userDataRefetched } from '@/entities/user';
import { withdrawalsRequested } from '@/entities/withdrawal';
import { getOperationsFx, HISTORY_PAGE_SIZE, type Operation, type OperationHistory } from '@/shared/api';
import { historyRoute } from './dashboard';

/*
 * /history (SPEC §2, §7; DESIGN.md §4 Histories): the user's operations (ledger entries), newest
 * first, 10 a page. Page 1 is read as the screen opens, when the user data refetches and whenever the
 * balance changes while it is open (a change is an entry); the next page is read when the end of the
 * list comes into view or on 'Show more'.
 */

/** The screen's two lists (SPEC §2 /history: operations and withdrawals). */
export type HistoryTab = 'operations' | 'withdrawals';
export const HISTORY_TABS: readonly HistoryTab[] = ['operations', 'withdrawals'];
export const tabChosen = createEvent<HistoryTab>();
/** The list on screen; it stays as chosen while the app runs (back from elsewhere, the same list). */
export const $tab = createStore<HistoryTab>('operations').on(tabChosen, (_, tab) => tab);

/** Read page 1 (the screen opens, a balance changed, Try again). */
export const historyRequested = createEvent();
/** 'Show more' pressed. */
export const moreRequested = createEvent();
/** The end of the list came into view (the view's IntersectionObserver): read on if there is more. */
export const endOfListReached = createEvent();

/** Page-1 reads are numbered: only the newest one's answer counts (a burst of balance pushes overlaps them). */
const $firstPageRead = createStore(0);
const loadFirstPageFx = attach({
  effect: getOperationsFx,
  mapParams: (_: number) => ({ page: 1, size: HISTORY_PAGE_SIZE }),
});
const loadNextPageFx = attach({
  effect: getOperationsFx,
  mapParams: ({ page }: { page: number; list: number }) => ({ page, size: HISTORY_PAGE_SIZE }),
});

/** The operations read so far, newest first (by id, the order they happened in). */
export const $operations = createStore<Operation[]>([]);
/** The user's operations across all pages. */
export const $total = createStore(0);
/** The last page read (0 before the first read). */
const $lastPage = createStore(0);
/** Bumped when the list starts again from page 1, so a next page asked for the old list is dropped. */
const $list = createStore(0);

export const $isLoading = loadFirstPageFx.pending;
export const $isLoadingMore = loadNextPageFx.pending;
/** A page-1 read has succeeded: an empty list now means "no operations", not "not read yet". */
export const $loaded = createStore(false);
/** The last page-1 read failed (network, 5xx): with nothing shown yet, the screen offers Try again. */
export const $loadFailed = createStore(false);
/** The last next-page read failed: the end of the list coming into view again, or 'Show more', retries. */
export const $moreFailed = createStore(false);
/**
 * The server has pages after the last one read. By pages, not by count: the list is the newest entries
 * without a gap, so page N+1 never skips one (new entries only push older ones to later pages).
 */
export const $hasMore = combine($lastPage, $total, (page, total) => page > 0 && page * HISTORY_PAGE_SIZE < total);

sample({ clock: [historyRoute.opened, historyRoute.updated], target: historyRequested });
// A balance change is a new entry; a refetch of the user data catches up on pushes missed meanwhile.
sample({ clock: [balanceUpdated, userDataRefetched], filter: historyRoute.$isOpened, target: historyRequested });

sample({ clock: historyRequested, source: $firstPageRead, fn: (read) => read + 1, target: $firstPageRead });
sample({ clock: historyRequested, source: $firstPageRead, target: loadFirstPageFx });

const newestFirstPage = sample({
  clock: loadFirstPageFx.done,
  source: $firstPageRead,
  filter: (newest, { params }) => params === newest,
  fn: (_, { result }) => result,
});
// A 5xx resolves to null: what is shown stays, and the screen knows the read failed.
const firstPageRead = newestFirstPage.filter({ fn: (list): list is OperationHistory => list !== null });
const firstPageFailed = sample({
  clock: [
    newestFirstPage.filter({ fn: (list) => list === null }),
    sample({ clock: loadFirstPageFx.fail, source: $firstPageRead, filter: (newest, { params }) => params === newest }),
  ],
  fn: () => true,
});

/**
 * Page 1 again: the entries newer than the list's newest go on top, and the pages read stay. If page 1
 * does not reach the list's newest entry (more than a page happened meanwhile), the list starts over.
 */
const firstPageMerged = sample({
  clock: firstPageRead,
  source: { operations: $operations, lastPage: $lastPage, list: $list },
  fn: ({ operations, lastPage, list }, page) => {
    const newest = operations[0]?.id;
    const oldestRead = page.data.at(-1)?.id;
    const joins = newest !== undefined && oldestRead !== undefined && oldestRead <= newest;
    if (!joins || page.data.length === 0) return { operations: page.data, lastPage: 1, list: list + 1, total: page.total };
    const known = new Set(operations.map((operation) => operation.id));
    return {
      operations: [...page.data.filter((operation) => !known.has(operation.id)), ...operations],
      lastPage,
      list,
      total: page.total,
    };
  },
});
$operations.on(firstPageMerged, (_, merged) => merged.operations);
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

// Only the page after the last one, of the list as it still is, is appended; an entry already listed
// (pushed down a page by a newer one) is not repeated.
const nextPageRead = sample({
  clock: loadNextPageFx.done,
  source: { lastPage: $lastPage, list: $list },
  filter: ({ lastPage, list }, { params, result }) => result !== null && params.page === lastPage + 1 && params.list === list,
  fn: (_, { params, result }) => ({ page: params.page, history: result as OperationHistory }),
});
$operations.on(nextPageRead, (operations, { history }) => {
  const known = new Set(operations.map((operation) => operation.id));
  return [...operations, ...history.data.filter((operation) => !known.has(operation.id))];
});
$lastPage.on(nextPageRead, (_, { page }) => page);
$total.on(nextPageRead, (_, { history }) => history.total);
$moreFailed
  .on(nextPageRead, () => false)
  .on(loadNextPageFx.fail, () => true)
  .on(loadNextPageFx.doneData, (failed, result) => (result === null ? true : failed));

// ---- withdrawals (entities/withdrawal keeps the list; this screen says when it is read) ------------------

// Page 1 as the Withdrawals tab shows (the screen opens on it, or it is chosen) and when the user data
// refetches while it shows; statuses change live through user:withdrawal meanwhile.
sample({
  clock: [historyRoute.opened, historyRoute.updated],
  source: $tab,
  filter: (tab) => tab === 'withdrawals',
  fn: () => undefined,
  target: withdrawalsRequested,
});
sample({
  clock: [userDataRefetched, tabChosen],
  source: { tab: $tab, opened: historyRoute.$isOpened },
  filter: ({ tab, opened }) => opened && tab === 'withdrawals',
  fn: () => undefined,
  target: withdrawalsRequested,
});
