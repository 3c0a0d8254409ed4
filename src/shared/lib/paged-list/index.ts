import {
  attach,
  combine,
  createEvent,
  createStore,
  type Effect,
  type EventCallable,
  type Store,
  type StoreWritable,
  sample,
} from 'effector';
import { or } from 'patronum';

type PageQuery = { page: number; size: number };

/** One page of a history call (docs/product.md §7: data and total). */
export interface PageAnswer<T> {
  data: T[];
  total: number;
}

/**
 * Page 1 again over the list read so far: its rows (as they are now) on top, then the listed rows it
 * does not hold, so the pages read stay. null when page 1 does not reach the list's newest row (more
 * than a page happened meanwhile): the list starts over from page 1.
 */
export function mergeFirstPage<T extends { id: number }>(list: T[], page: T[]): T[] | null {
  const newest = list[0]?.id;
  const oldestRead = page.at(-1)?.id;
  if (newest === undefined || oldestRead === undefined || oldestRead > newest) return null;
  const fresh = new Set(page.map((row) => row.id));
  return [...page, ...list.filter((row) => !fresh.has(row.id))];
}

/** The units of one paged list (what createPagedList makes; views take it whole). */
export interface PagedList<T> {
  /** Read page 1 (the list opens, a change was pushed, Try again). */
  requested: EventCallable<void>;
  /** 'Show more' pressed. */
  moreRequested: EventCallable<void>;
  /** The end of the list came into view: read on if there is more. */
  endOfListReached: EventCallable<void>;
  $items: StoreWritable<T[]>;
  $total: StoreWritable<number>;
  $isLoading: Store<boolean>;
  $isLoadingMore: Store<boolean>;
  $loaded: Store<boolean>;
  $loadFailed: Store<boolean>;
  $moreFailed: Store<boolean>;
  $hasMore: Store<boolean>;
}

/**
 * A history list read page by page, newest first (ids grow with time): page 1 when `requested` (the
 * screen opens, a change was pushed, Try again), the next page on `moreRequested` / `endOfListReached`.
 * - page-1 reads are numbered and only the newest one's answer counts (pushes in a burst overlap them);
 * - page 1 merges over what is listed (mergeFirstPage), so the pages read stay;
 * - only the page after the last one, of the list as it still is, is appended, without repeating a row
 *   a newer one pushed down a page;
 * - a 5xx answers null (docs/product.md §8): what is shown stays and the list knows the read failed.
 * `$items` and `$total` are writable so a slice can merge live pushes into them.
 */
export function createPagedList<T extends { id: number }, P>(config: {
  /** The history call's effect (callFx): it must take `{query: {page, size}}` (P may allow more, e.g. sort_order). */
  effect: Effect<P, PageAnswer<T> | null> & ({ query: PageQuery } extends P ? unknown : never);
  pageSize: number;
}): PagedList<T> {
  const { pageSize } = config;
  const readPageFx = config.effect as unknown as Effect<{ query: PageQuery }, PageAnswer<T> | null>;
  const requested = createEvent();
  const moreRequested = createEvent();
  const endOfListReached = createEvent();

  const $firstPageRead = createStore(0);
  const loadFirstPageFx = attach({
    effect: readPageFx,
    mapParams: (_: number) => ({ query: { page: 1, size: pageSize } }),
  });
  const loadNextPageFx = attach({
    effect: readPageFx,
    mapParams: ({ page }: { page: number; list: number }) => ({ query: { page, size: pageSize } }),
  });

  /** The rows read (or pushed) so far, newest first. */
  const $items = createStore<T[]>([]);
  /** The rows across all pages. */
  const $total = createStore(0);
  /** The last page read (0 before the first read). */
  const $lastPage = createStore(0);
  /** Bumped when the list starts again from page 1, so a next page asked for the old list is dropped. */
  const $list = createStore(0);

  const $isLoading = loadFirstPageFx.pending;
  const $isLoadingMore = loadNextPageFx.pending;
  /** A page-1 read has succeeded: an empty list now means "nothing yet", not "not read yet". */
  const $loaded = createStore(false);
  /** The last page-1 read failed (network, 5xx): with nothing shown, the view offers Try again. */
  const $loadFailed = createStore(false);
  /** The last next-page read failed: the end of the list in view again, or 'Show more', retries. */
  const $moreFailed = createStore(false);
  /**
   * The server has pages after the last one read. By pages, not by count: the list is the newest rows
   * without a gap, so page N+1 never skips one (new rows only push older ones to later pages).
   */
  const $hasMore = combine($lastPage, $total, (page, total) => page > 0 && page * pageSize < total);

  sample({ clock: requested, source: $firstPageRead, fn: (read) => read + 1, target: $firstPageRead });
  sample({ clock: requested, source: $firstPageRead, target: loadFirstPageFx });

  const newestFirstPage = sample({
    clock: loadFirstPageFx.done,
    source: $firstPageRead,
    filter: (newest, { params }) => params === newest,
    fn: (_, { result }) => result,
  });
  const firstPageRead = newestFirstPage.filter({ fn: (page): page is PageAnswer<T> => page !== null });
  const firstPageFailed = sample({
    clock: [
      newestFirstPage.filter({ fn: (page) => page === null }),
      sample({
        clock: loadFirstPageFx.fail,
        source: $firstPageRead,
        filter: (newest, { params }) => params === newest,
      }),
    ],
    fn: () => true,
  });

  const firstPageMerged = sample({
    clock: firstPageRead,
    source: { items: $items, lastPage: $lastPage, list: $list },
    fn: ({ items, lastPage, list }, page) => {
      const merged = mergeFirstPage(items, page.data);
      return merged === null
        ? { items: page.data, lastPage: 1, list: list + 1, total: page.total }
        : { items: merged, lastPage: Math.max(lastPage, 1), list, total: page.total };
    },
  });
  $items.on(firstPageMerged, (_, merged) => merged.items);
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

  const nextPageRead = sample({
    clock: loadNextPageFx.done,
    source: { lastPage: $lastPage, list: $list },
    filter: ({ lastPage, list }, { params, result }) =>
      result !== null && params.page === lastPage + 1 && params.list === list,
    fn: (_, { params, result }) => ({ page: params.page, answer: result as PageAnswer<T> }),
  });
  $items.on(nextPageRead, (items, { answer }) => {
    const known = new Set(items.map((row) => row.id));
    return [...items, ...answer.data.filter((row) => !known.has(row.id))];
  });
  $lastPage.on(nextPageRead, (_, { page }) => page);
  $total.on(nextPageRead, (_, { answer }) => answer.total);
  $moreFailed
    .on(nextPageRead, () => false)
    .on(loadNextPageFx.fail, () => true)
    .on(loadNextPageFx.doneData, (failed, result) => (result === null ? true : failed));

  return {
    requested,
    moreRequested,
    endOfListReached,
    $items,
    $total,
    $isLoading,
    $isLoadingMore,
    $loaded,
    $loadFailed,
    $moreFailed,
    $hasMore,
  };
}
