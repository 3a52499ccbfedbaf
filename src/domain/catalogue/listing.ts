/** Products a list page shows: 29 per page. */
export const PRODUCT_PAGE_SIZE = 29;
export const PRODUCT_SORTS = ["relevance", "price_asc", "price_desc", "newest", "popularity"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function totalPages(total: number, pageSize = PRODUCT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
