import { createEvent, createStore, sample } from 'effector';
import type { FarmingLink } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createQuery } from '@/shared/lib/query';

/** Links per page of GET /farming/ (the list shows more on request). */
export const LINKS_PAGE_SIZE = 20;

const byNewest = (a: FarmingLink, b: FarmingLink) => b.created_at - a.created_at || b.id - a.id;
const pageOf = (params: { query?: { page?: number | string } } | void) => Number(params?.query?.page ?? 1);

/** Page 1 replaces the list, a later page is appended (a link it repeats is the page's). */
/** GET /farming/ (a page). */
export const readLinksFx = callFx('farmingList');
const query = createQuery({
  effect: readLinksFx,
  initial: { links: [] as FarmingLink[], total: 0 },
  reduce: (list, { links }, params) => {
    const earlier =
      pageOf(params) === 1 ? [] : links.filter((link) => !list.data.some((fresh) => fresh.id === link.id));
    return { links: [...earlier, ...list.data].sort(byNewest), total: list.total };
  },
});
/** The loaded links, newest first, and how many the user has across pages (they change together). */
const $list = query.$data;
/** The user's farming links, newest first (docs/product.md §2 /farming; GET /farming/ paged). */
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
/** A `user:farming_link` push (an activation counted): replaces the listed link; one not loaded waits for its page. */
export const linkPushed = createEvent<FarmingLink>();

export const $linksLoading = query.$pending;
/** The first load has settled: an empty list now means "no links", not "not loaded yet". */
export const $linksLoaded = query.$loaded;
/** The last load failed (network, 5xx): the screen offers Try again. */
export const $linksFailed = query.$failed;
/** Some links are on later pages. */
export const $hasMoreLinks = $list.map(({ links, total }) => links.length < total);

sample({ clock: linksRequested, fn: () => ({ query: { page: 1, limit: LINKS_PAGE_SIZE } }), target: query.start });
sample({
  clock: moreLinksRequested,
  source: { page: $lastPage, loading: $linksLoading, more: $hasMoreLinks },
  filter: ({ loading, more }) => !loading && more,
  fn: ({ page }) => ({ query: { page: page + 1, limit: LINKS_PAGE_SIZE } }),
  target: query.start,
});

// A link not on the list yet (just made) adds one to the total.
$list.on(linkUpdated, ({ links, total }, link) => ({
  links: [link, ...links.filter((known) => known.id !== link.id)].sort(byNewest),
  total: links.some((known) => known.id === link.id) ? total : total + 1,
}));
$list.on(linkPushed, (list, link) =>
  list.links.some((known) => known.id === link.id)
    ? { ...list, links: list.links.map((known) => (known.id === link.id ? link : known)) }
    : list,
);
$lastPage.on(query.finished.success, (_, { params }) => pageOf(params));
