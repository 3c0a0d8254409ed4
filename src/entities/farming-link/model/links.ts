import { attach, createEvent, createStore, sample } from 'effector';
import { getFarmingLinksFx, type FarmingLink, type FarmingLinkList } from '@/shared/api';

/** Links per page of GET /farming/ (the list shows more on request). */
export const LINKS_PAGE_SIZE = 20;

/** The user's farming links, newest first (SPEC §2 /farming; GET /farming/ paged). */
export const $links = createStore<FarmingLink[]>([]);
/** How many links the user has across pages. */
export const $linksTotal = createStore(0);
const $lastPage = createStore(0);

/** Load the first page again (the screen opens, the user data refetches, Try again). */
export const linksRequested = createEvent();
/** The next page, appended. */
export const moreLinksRequested = createEvent();
/** A link as the server now has it (create, cancel answers): replaces the one with its id or comes first. */
export const linkUpdated = createEvent<FarmingLink>();

const loadPageFx = attach({ effect: getFarmingLinksFx });
export const $linksLoading = loadPageFx.pending;
/** The first load has settled: an empty list now means "no links", not "not loaded yet". */
export const $linksLoaded = createStore(false).on(loadPageFx.doneData, (loaded, list) => loaded || list !== null);
/** The last load failed (network, 5xx): the screen offers Try again. */
export const $linksFailed = createStore(false)
  .on(loadPageFx.doneData, (_, list) => list === null)
  .on(loadPageFx.fail, () => true);
export const $hasMoreLinks = createStore(false);

sample({ clock: linksRequested, fn: () => ({ page: 1, limit: LINKS_PAGE_SIZE }), target: loadPageFx });
sample({
  clock: moreLinksRequested,
  source: { page: $lastPage, loading: $linksLoading, more: $hasMoreLinks },
  filter: ({ loading, more }) => !loading && more,
  fn: ({ page }) => ({ page: page + 1, limit: LINKS_PAGE_SIZE }),
  target: loadPageFx,
});

const byNewest = (a: FarmingLink, b: FarmingLink) => b.created_at - a.created_at || b.id - a.id;

const pageLoaded = loadPageFx.done.filterMap(({ params, result }) =>
  result ? { page: Number(params?.page ?? 1), list: result } : undefined,
);

// A link not on the list yet (just created) adds one to the total.
sample({
  clock: linkUpdated,
  source: { links: $links, total: $linksTotal },
  filter: ({ links }, link) => !links.some((known) => known.id === link.id),
  fn: ({ total }) => total + 1,
  target: $linksTotal,
});

$links
  .on(pageLoaded, (links, { page, list }: { page: number; list: FarmingLinkList }) => {
    const earlier = page === 1 ? [] : links.filter((link) => !list.data.some((fresh) => fresh.id === link.id));
    return [...earlier, ...list.data].sort(byNewest);
  })
  .on(linkUpdated, (links, link) => [link, ...links.filter((known) => known.id !== link.id)].sort(byNewest));
$linksTotal.on(pageLoaded, (_, { list }) => list.total);
$lastPage.on(pageLoaded, (_, { page }) => page);
sample({
  clock: [$links, $linksTotal],
  source: { links: $links, total: $linksTotal },
  fn: ({ links, total }) => links.length < total,
  target: $hasMoreLinks,
});
