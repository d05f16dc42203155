import { sql } from 'drizzle-orm';
import type { productsRoutes as c } from '@market/contracts';
import type { Db } from '../../apps/server/src/db/client.js';
import type { Caller } from '../../apps/server/src/lib/api-route.js';
import { escapeLike } from '../../apps/server/src/lib/like-pattern.js';
import { ReadCache } from '../../apps/server/src/lib/read-cache.js';
import { normalizeSearch } from '../../apps/server/src/lib/search-normalize.js';
import type { ProductFilters } from '../../apps/server/src/modules/products/product-list.repository.js';
import { filtersOf, listProductsJson } from '../../apps/server/src/modules/products/product-list.service.js';
import { inlineSql, recordingDb } from './pgbench.js';

const DEFAULT_LIMIT = 50;

/**
 * The statements GET /api/v1/products runs for a computed page of `query` (any filter; default sort unless the
 * query names one), taken from product-list.service.ts itself: a recording stand-in passes each statement on to
 * the database (a category filter's page needs the subtree and count answers first), parameters written in as
 * literals for pgbench. The page statement is the last one.
 */
export async function productPageSql(db: Db, orgId: string, query: c.ProductListQuery = {}): Promise<string[]> {
  const { db: recorder, seen } = recordingDb(db);
  const limit = query.limit ?? DEFAULT_LIMIT;
  // As the route runs between writes: a category's subtree and size come from the catalogue cache after the first page.
  const cache = new ReadCache<string>({ max: 10, ttlMs: 600_000 });
  await listProductsJson(db, { orgId } as Caller, { ...query, limit }, cache);
  const page = JSON.parse(await listProductsJson(recorder, { orgId } as Caller, { ...query, limit }, cache)) as c.ProductPage;
  if (page.items.length !== limit) throw new Error(`product page gave ${page.items.length} items, expected ${limit}`);
  return inlineSql(seen);
}

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * The one-table peer: the same page (limit + 1 rows, as the route asks for, default sort, the filter's WHERE)
 * read from `products` alone with the columns of its own that the list shows. A category is tested on the row's
 * own copy of its categories (`category_ids`), the simplest form over one table, whatever path the route takes.
 */
export function oneTablePageSql(orgId: string, filter: ProductFilters = {}, limit = DEFAULT_LIMIT): string {
  const where = [`p.org_id = ${literal(orgId)}`];
  // As the list's filterSql: the term in search_text's stored form; under three characters a SKU prefix.
  const q = normalizeSearch(filter.q ?? '').trim();
  if (q) {
    if ([...q].length >= 3) where.push(`p.search_text like ${literal(`%${escapeLike(q)}%`)}`);
    else where.push(`lower(p.sku) like ${literal(`${escapeLike(q)}%`)}`);
  }
  if (filter.status?.length) where.push(`p.status in (${filter.status.map(literal).join(', ')})`);
  if (filter.brandId) where.push(`p.brand_id = ${literal(filter.brandId)}`);
  if (filter.vendorId) where.push(`p.vendor_id = ${literal(filter.vendorId)}`);
  if (filter.familyId) where.push(`p.family_id = ${literal(filter.familyId)}`);
  if (filter.completenessMin !== undefined) where.push(`p.completeness_score >= ${filter.completenessMin}`);
  if (filter.completenessMax !== undefined) where.push(`p.completeness_score <= ${filter.completenessMax}`);
  if (filter.categoryIds) where.push(`p.category_ids && ${literal(`{${filter.categoryIds.join(',')}}`)}::uuid[]`);
  return (
    `select p.id, p.sku, p.name_en, p.name_ar, p.status, p.price_minor, p.completeness_score, p.created_at, p.updated_at, ` +
    `p.brand_id, p.vendor_id, p.family_id, p.category_ids from products p where ${where.join(' and ')} ` +
    `order by p.updated_at desc, p.id desc limit ${limit + 1}`
  );
}

/** What a statement's plan reads (EXPLAIN, no ANALYZE). */
export interface PlanReads {
  indexes: string[];
  tables: string[];
  /** A CTE is materialised (the route's small-filter paths read the matches first). */
  cte: boolean;
}

export async function planReads(db: Db, statement: string): Promise<PlanReads> {
  const res = await db.execute(sql.raw(`explain (format json) ${statement}`));
  const plan = JSON.stringify((res as unknown as { rows: unknown[] }).rows);
  const names = (key: string) => [...new Set([...plan.matchAll(new RegExp(`"${key}":"([^"]+)"`, 'g'))].map((m) => m[1]!))];
  return { indexes: names('Index Name'), tables: names('Relation Name'), cte: plan.includes('"CTE Scan"') };
}

/** The index names in a statement's plan, to check that both read through the same index. */
export async function planIndexes(db: Db, statement: string): Promise<string[]> {
  return (await planReads(db, statement)).indexes;
}

/** Both pgbench peers of one page of the list, checked against the route's page statement. */
export interface PagePeers {
  /** (a) Every statement the route runs for the page, in its order. */
  routeSql: string[];
  /** (b) The page from `products` alone. */
  oneTable: string;
  route: PlanReads;
  peer: PlanReads;
  /**
   * The route's page statement reads `products` through one of its own indexes, and (b) is checked to read
   * the same one; false when it reads product_categories first or materialises a CTE, and (b) is checked to
   * return the same rows instead.
   */
  sameIndex: boolean;
}

/**
 * The route's statements for `query` and the one-table peer of that page. Always checked: (b) returns the same
 * limit + 1 ids in the same order as the route's page statement. When the route's plan walks a `products` index
 * alone, (b)'s plan must read that index too.
 */
export async function pagePeers(db: Db, orgId: string, query: c.ProductListQuery = {}): Promise<PagePeers> {
  const routeSql = await productPageSql(db, orgId, query);
  const filter = await filtersOf(db, orgId, query);
  const oneTable = oneTablePageSql(orgId, filter, query.limit ?? DEFAULT_LIMIT);
  const pageStatement = routeSql[routeSql.length - 1]!;
  const ids = async (statement: string) =>
    ((await db.execute(sql.raw(statement))) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id).join(',');
  const [routeIds, peerIds] = [await ids(pageStatement), await ids(oneTable)];
  if (routeIds !== peerIds) throw new Error(`one-table peer returns other rows than the route for ${JSON.stringify(query)}`);
  const route = await planReads(db, pageStatement);
  const peer = await planReads(db, oneTable);
  const sameIndex = !route.cte && route.tables.every((t) => t === 'products');
  if (sameIndex && !route.indexes.some((i) => peer.indexes.includes(i)))
    throw new Error(
      `one-table peer reads ${peer.indexes.join(',')}, the route's page ${route.indexes.join(',')} (${JSON.stringify(query)})`,
    );
  return { routeSql, oneTable, route, peer, sameIndex };
}
