import { createEvent, createStore, sample } from 'effector';
import { mintUpdated } from '@/entities/mint';
import { stakeUpdated } from '@/entities/stake';
import { balanceUpdated, userDataRefetched } from '@/entities/user';
import { withdrawalsRequested } from '@/entities/withdrawal';
import { HISTORY_PAGE_SIZE } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createPagedList } from '@/shared/lib/paged-list';
import { historyRoute } from './dashboard';

/*
 * /history (docs/product.md §2, §7; docs/foundations.md §4 Histories): the user's operations (ledger entries and the money
 * events that move no balance), newest first, 10 a page. Page 1 is read as the screen opens, when the
 * user data refetches and whenever, while it is open, the balance changes (a change is an entry) or a
 * mint or a stake does (a mint paid or received, a stake started: operations without a balance change);
 * the next page is read when the end of the list comes into view or on 'Show more'.
 */

/** The screen's two lists (docs/product.md §2 /history: operations and withdrawals). */
export type HistoryTab = 'operations' | 'withdrawals';
export const HISTORY_TABS: readonly HistoryTab[] = ['operations', 'withdrawals'];
export const tabChosen = createEvent<HistoryTab>();
/** The list on screen; it stays as chosen while the app runs (back from elsewhere, the same list). */
export const $tab = createStore<HistoryTab>('operations').on(tabChosen, (_, tab) => tab);

/** GET /operations/history. */
export const readOperationsFx = callFx('operationsHistory');
/** The list whole, for the view. */
export const operationsList = createPagedList({ effect: readOperationsFx, pageSize: HISTORY_PAGE_SIZE });
const list = operationsList;

/** Read page 1 (the screen opens, a balance changed, Try again). */
export const historyRequested = list.requested;
/** 'Show more' pressed. */
export const moreRequested = list.moreRequested;
/** The end of the list came into view (the view's IntersectionObserver): read on if there is more. */
export const endOfListReached = list.endOfListReached;
/** The operations read so far, newest first (by id, the order they happened in). */
export const $operations = list.$items;
/** The user's operations across all pages. */
export const $total = list.$total;
export const { $isLoading, $isLoadingMore, $loaded, $loadFailed, $moreFailed, $hasMore } = list;

sample({ clock: [historyRoute.opened, historyRoute.updated], target: historyRequested });
// A balance change is a new entry, and so may a mint's or a stake's change be (paid, received, staked) with
// no balance push; a refetch of the user data catches up on pushes missed meanwhile.
sample({
  clock: [balanceUpdated, mintUpdated, stakeUpdated, userDataRefetched],
  filter: historyRoute.$isOpened,
  target: historyRequested,
});

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
