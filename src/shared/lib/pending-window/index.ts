import { timings } from '../../config';

/** What mints and stakes share for ordering and the pending rule: an id and a creation time. */
export interface CreatedItem {
  id: number;
  /** Unix seconds. */
  created_at: number;
}

/** docs/product.md §4, §9: a pending mint or stake shows as pending for 3 minutes after it was created. */
export const PENDING_WINDOW_SECONDS = timings.pendingWindowMs / 1000;

/** Unix seconds when a pending item stops showing as pending. */
export const pendingShownUntil = (item: Pick<CreatedItem, 'created_at'>): number =>
  item.created_at + PENDING_WINDOW_SECONDS;

/** Newest first: by creation time, then by id for items created in the same second. */
export const byNewest = (a: CreatedItem, b: CreatedItem): number => b.created_at - a.created_at || b.id - a.id;
