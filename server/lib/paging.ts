/** A history page as the contract asks for it (docs/product.md §7: page from 1, size, order by time). */
export interface HistoryPageQuery {
  page: number;
  size: number;
  sort_order: 'asc' | 'desc';
}

/** The rows a page covers, as the queries take them: skip, take, and the order by time. */
export const pageWindow = (query: HistoryPageQuery) => ({
  offset: (query.page - 1) * query.size,
  limit: query.size,
  order: query.sort_order,
});
