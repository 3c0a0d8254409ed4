import { createEvent, sample } from 'effector';
import { HISTORY_PAGE_SIZE, type Withdrawal } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createPagedList } from '@/shared/lib/paged-list';
import { mergeWithdrawal } from '../lib/merge';

/*
 * The user's withdrawals (docs/product.md §2 /history, §7 GET /withdraw/history): newest first, 10 a page. Whoever
 * shows the list asks for page 1 (the History screen's Withdrawals tab); the next pages are read when
 * the end of the list comes into view or on 'Show more'. A `user:withdrawal` push or a sale just made
 * (withdrawalUpdated) replaces its row or puts a new one on top, so statuses change without a reload.
 */

/** GET /withdraw/history. */
export const readWithdrawalsFx = callFx('withdrawHistory');
/** The list whole, for views that take a paged list. */
export const withdrawalsList = createPagedList({ effect: readWithdrawalsFx, pageSize: HISTORY_PAGE_SIZE });
const list = withdrawalsList;

/** Read page 1 (the list opens, the user data refetched, Try again). */
export const withdrawalsRequested = list.requested;
/** 'Show more' pressed. */
export const moreRequested = list.moreRequested;
/** The end of the list came into view (the view's IntersectionObserver): read on if there is more. */
export const endOfListReached = list.endOfListReached;
/** A withdrawal was queued or changed status (the socket, or the sale's own answer). */
export const withdrawalUpdated = createEvent<Withdrawal>();

/** The withdrawals read (or pushed) so far, newest first. */
export const $withdrawals = list.$items;
/** The user's withdrawals across all pages. */
export const $total = list.$total;
export const { $isLoading, $isLoadingMore, $loaded, $loadFailed, $moreFailed, $hasMore } = list;

// Live: the row with the same id is replaced; a new withdrawal goes on top and counts.
const liveMerged = sample({
  clock: withdrawalUpdated,
  source: $withdrawals,
  fn: (withdrawals, withdrawal) => mergeWithdrawal(withdrawals, withdrawal),
});
$withdrawals.on(liveMerged, (_, { withdrawals }) => withdrawals);
$total.on(liveMerged, (total, { added }) => (added ? total + 1 : total));
