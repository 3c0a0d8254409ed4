import { attach, createEvent, createStore, sample } from 'effector';
import { getFarmingLinksFx, type FarmingLink, type FarmingLinkList } from '@/shared/api';

/** Links per page of GET /farming/ (the list shows more on request). */
export const LINKS_PAGE_SIZE = 20;

/** The loaded links, newest first, and how many the user has across pages (they change together). */
const $list = createStore<{ links: FarmingLink[]; total: number }>({ links: [], total: 0 });
/** The user's farming links, newest first (SPEC §2 /farming; GET /farming/ paged). */
export const $links = $list.map((list) => list.links);
/** How many links the user has across pages. */
export const $linksTotal = $list.map((list) => list.total);
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
/** Some links are on later pages. */
export const $hasMoreLinks = $list.map(({ links, total }) => links.length < total);

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

$list
  .on(pageLoaded, ({ links }, { page, list }: { page: number; list: FarmingLinkList }) => {
    const earlier = page === 1 ? [] : links.filter((link) => !list.data.some((fresh) => fresh.id === link.id));
    return { links: [...earlier, ...list.data].sort(byNewest), total: list.total };
  })
  // A link not on the list yet (just made) adds one to the total.
  .on(linkUpdated, ({ links, total }, link) => ({
    links: [link, ...links.filter((known) => known.id !== link.id)].sort(byNewest),
    total: links.some((known) => known.id === link.id) ? total : total + 1,
  }));
$lastPage.on(pageLoaded, (_, { page }) => page);

