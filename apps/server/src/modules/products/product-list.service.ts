import type { productsRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import type { ReadCache } from '../../lib/read-cache.js';
import { decodeProductCursor } from './product-list.cursor.js';
import { encodeProductCursor, SORT_KEYS } from './product-list.cursor.js';
import * as list from './product-list.repository.js';

export const DEFAULT_SORT: c.ProductSort = 'updated_desc';
const DEFAULT_LIMIT = 50;

/**
 * Where a category filter's subtree and size are kept between pages: the catalogue cache, which every write to
 * categories or to products' categories moves on (decision 007), so a page never filters by an older tree. Both
 * are the same for every page of that category, and reading them cost two statements a page.
 */
export type CategoryCache = Pick<ReadCache<string>, 'getOrCompute'>;

const cachedOr = async <T>(
  cache: CategoryCache | undefined,
  key: string,
  compute: () => Promise<T>,
  keep: (json: string) => boolean = () => true,
): Promise<T> => {
  if (!cache) return compute();
  // An expiry in the past leaves the value out of the cache.
  const json = await cache.getOrCompute(
    key,
    async () => JSON.stringify(await compute()),
    (v) => (keep(v) ? Infinity : 0),
  );
  return JSON.parse(json) as T;
};

/** A filter shape from the list or export query; a category filter covers the category's descendants. */
export async function filtersOf(
  db: DbOrTx,
  orgId: string,
  q: Partial<c.ProductListQuery> & { ids?: string[] },
  cache?: CategoryCache,
): Promise<list.ProductFilters> {
  const categoryId = q.categoryId;
  const categoryIds = categoryId
    ? await cachedOr(
        cache,
        `product-category-subtree:${orgId}:${categoryId}`,
        () => list.categorySubtree(db, orgId, categoryId),
        // An unknown id (or another organization's) is not kept: made-up ids would only push real trees out.
        (ids) => ids !== '[]',
      )
    : undefined;
  // The (org, brand|vendor|family, updated_at, id) indexes serve the update-time sorts; other sorts read a small match set first.
  const sort = q.sort ?? DEFAULT_SORT;
  const indexedSort = sort === 'updated_desc' || sort === 'updated_asc';
  return {
    filterSmall: !indexedSort && !q.ids?.length ? await list.equalityFilterIsSmall(db, orgId, q) : undefined,
    q: q.q,
    status: q.status,
    brandId: q.brandId,
    vendorId: q.vendorId,
    familyId: q.familyId,
    categoryIds,
    // Not needed where one category is walked by its own update-time index.
    categorySmall:
      categoryIds?.length && !list.walksOneCategory({ categoryIds, q: q.q }, sort)
        ? await cachedOr(cache, `product-category-small:${orgId}:${categoryId}`, () => list.categoryIsSmall(db, categoryIds))
        : undefined,
    completenessMin: q.completenessMin,
    completenessMax: q.completenessMax,
    ids: q.ids,
  };
}

/** The cursor of a page's last row: its sort key exactly as stored (microseconds for times). */
export function cursorAfter(sort: c.ProductSort, last: { id: string; key: string | number }): string {
  return encodeProductCursor(sort, { id: last.id, [SORT_KEYS[sort].key]: last.key });
}

/**
 * A page as the JSON text the route sends: one statement reads the page's rows through the sort's index, each
 * with its list item already written as JSON (products.list_item, decision 016), and the page is those items
 * joined, in the key order of ProductPage ({ items, nextCursor }).
 */
export async function listProductsJson(db: DbOrTx, caller: Caller, query: c.ProductListQuery, cache?: CategoryCache): Promise<string> {
  const sort = query.sort ?? DEFAULT_SORT;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = query.cursor ? decodeProductCursor(sort, query.cursor) : null;
  const rows = await list.pageRows(db, caller.orgId, await filtersOf(db, caller.orgId, query, cache), sort, after, limit + 1);
  const page = rows.slice(0, limit);
  const next = rows.length > limit ? JSON.stringify(cursorAfter(sort, page[page.length - 1]!)) : 'null';
  return `{"items":[${page.map((r) => r.item).join(',')}],"nextCursor":${next}}`;
}

/** The same page as an object (tests, and callers that work on the items). */
export async function listProducts(db: DbOrTx, caller: Caller, query: c.ProductListQuery): Promise<c.ProductPage> {
  return JSON.parse(await listProductsJson(db, caller, query)) as c.ProductPage;
}
