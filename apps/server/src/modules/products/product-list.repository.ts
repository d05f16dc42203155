import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import { catalogCategories, productCategories, products } from '../../db/schema/index.js';
import { uuidArray } from '../../db/text-list.js';
import { SORT_KEYS, type SortValue } from './product-list.cursor.js';
import type { productsRoutes as c } from '@market/contracts';
import { escapeLike } from '../../lib/like-pattern.js';
import { normalizeSearch } from '../../lib/search-normalize.js';

export interface ProductFilters {
  q?: string;
  status?: c.ProductStatus[];
  brandId?: string;
  vendorId?: string;
  familyId?: string;
  /** The chosen category and its descendants (see categorySubtree). */
  categoryIds?: string[];
  /**
   * The subtree holds at most CATEGORY_DRIVEN_MAX products: they are read through product_categories'
   * category index and sorted (walking the sort's index would probe ~1M/n rows to fill a page).
   */
  categorySmall?: boolean;
  /**
   * The brand/vendor/family filters match at most FILTER_DRIVEN_MAX products and the sort has no index
   * with that filter: read the matches through the filter's index and sort them, instead of walking the
   * sort's index (which, when names correlate with the brand, can pass most of the catalogue first).
   */
  filterSmall?: boolean;
  completenessMin?: number;
  completenessMax?: number;
  ids?: string[];
}

/**
 * The sort column as SQL, and the same value as the text/number the cursor carries. A time is sent as its JSON
 * form, ISO 8601 to the microsecond with the session's offset whatever DateStyle is set, and cast back exactly:
 * every row of a page sends its key, and to_char() cost a page of 51 rows about 20 µs more (decision 016).
 */
function sortExpr(sort: c.ProductSort): { col: SQL; key: SQL; cast: (v: SortValue) => SQL } {
  switch (SORT_KEYS[sort].key) {
    case 'updatedAt':
      return { col: sql`p.updated_at`, key: sql`to_json(p.updated_at)`, cast: (v) => sql`${String(v)}::timestamptz` };
    case 'createdAt':
      return { col: sql`p.created_at`, key: sql`to_json(p.created_at)`, cast: (v) => sql`${String(v)}::timestamptz` };
    case 'nameEn':
      return { col: sql`p.name_en`, key: sql`p.name_en`, cast: (v) => sql`${String(v)}::text` };
    case 'sku':
      return { col: sql`lower(p.sku)`, key: sql`lower(p.sku)`, cast: (v) => sql`${String(v)}::text` };
    case 'priceMinor':
      return { col: sql`p.price_minor`, key: sql`p.price_minor`, cast: (v) => sql`${Number(v)}::bigint` };
    default:
      return { col: sql`p.completeness_score`, key: sql`p.completeness_score`, cast: (v) => sql`${Number(v)}::smallint` };
  }
}

function filterSql(orgId: string, f: ProductFilters): SQL[] {
  const where: SQL[] = [sql`p.org_id = ${orgId}`];
  // The term in search_text's stored form: lower case, Arabic spellings folded (decision 016).
  const q = normalizeSearch(f.q ?? '').trim();
  if (q) {
    // Three characters or more use the trigram index on search_text (trigrams need three); shorter is a SKU prefix.
    // Counted after normalising, since removed diacritics and tatweel shorten a term.
    // search_text is stored in the same form, so a case-sensitive LIKE of the normalised term finds every common
    // spelling, at a third of ILIKE's cost per row (ILIKE lower-cases every candidate row again).
    if ([...q].length >= 3) where.push(sql`p.search_text like ${`%${escapeLike(q)}%`}`);
    else where.push(sql`lower(p.sku) like ${`${escapeLike(q)}%`}`);
  }
  if (f.status?.length) where.push(f.status.length === 1 ? sql`p.status = ${f.status[0]}` : sql`p.status in ${f.status}`);
  if (f.brandId) where.push(sql`p.brand_id = ${f.brandId}`);
  if (f.vendorId) where.push(sql`p.vendor_id = ${f.vendorId}`);
  if (f.familyId) where.push(sql`p.family_id = ${f.familyId}`);
  if (f.completenessMin !== undefined) where.push(sql`p.completeness_score >= ${f.completenessMin}`);
  if (f.completenessMax !== undefined) where.push(sql`p.completeness_score <= ${f.completenessMax}`);
  if (f.ids?.length) where.push(sql`p.id in ${f.ids}`);
  // Not a category of the organization: nothing matches.
  if (f.categoryIds && !f.categoryIds.length) where.push(sql`false`);
  else if (f.categoryIds && !f.categorySmall) {
    // A large subtree: walk the sort's index and test the row's own copy of its categories (no probe per row).
    where.push(sql`p.category_ids && ${uuidArray(f.categoryIds)}`);
  }
  return where;
}

/** A category and every category below it (recursive CTE over the tree); empty when it is not the organization's. */
export async function categorySubtree(db: DbOrTx, orgId: string, categoryId: string): Promise<string[]> {
  const res = await db.execute(sql`
    with recursive tree(id) as (
      select id from ${catalogCategories} where org_id = ${orgId} and id = ${categoryId}
      union all
      select c.id from ${catalogCategories} c join tree on c.parent_id = tree.id where c.org_id = ${orgId}
    ) select id from tree`);
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** One row of a page: its id, its sort key (for the cursor) and the list item as JSON text (products.list_item). */
export interface PageRow {
  id: string;
  key: SortValue;
  item: string;
}

/**
 * One page in the order of `sort`, after the cursor: an index-friendly query (the sort's (org_id, X, id) index,
 * keyset condition (X, id) > / < (cursorX, cursorId), never OFFSET) that reads each row's list item from the
 * row itself (products.list_item, kept up to date by triggers in the writer's transaction; decision 016).
 */
export async function pageRows(
  db: DbOrTx,
  orgId: string,
  f: ProductFilters,
  sort: c.ProductSort,
  after: [SortValue, string] | null,
  limit: number,
): Promise<PageRow[]> {
  const numeric = SORT_KEYS[sort].kind === 'int';
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool && isUnfiltered(f)) {
    // The list as it opens and paging through it: a named statement, parsed and planned once per connection
    // (its plan does not depend on the organization, cursor or limit), rows as arrays. Its text is built once per
    // sort and cursor presence; the parameters are the organization, the cursor and the limit in that order,
    // checked against the built statement's own when it is built.
    const cursor = after ? (sort === 'sku_asc' ? [String(after[0])] : [numeric ? Number(after[0]) : String(after[0]), after[1]]) : [];
    const values = [orgId, ...cursor, limit];
    const shape = `${sort}:${after ? 'after' : 'first'}`;
    let named = unfilteredPages.get(shape);
    if (!named) {
      const { sql: text, params } = dialect.sqlToQuery(pageSql(orgId, f, sort, after, limit));
      if (JSON.stringify(params) !== JSON.stringify(values))
        throw new Error(`the page statement's parameters are not in the order expected (${shape})`);
      unfilteredPages.set(shape, (named = { text, name: `product_page_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` }));
    }
    const res = await pool.query<[string, string | number, string]>({ ...named, values, rowMode: 'array' });
    return res.rows.map(([id, k, item]) => ({ id, key: numeric ? Number(k) : String(k), item }));
  }
  const res = await db.execute(pageSql(orgId, f, sort, after, limit));
  const rows = (res as unknown as { rows: { id: string; k: string | number; item: string }[] }).rows;
  return rows.map((r) => ({ id: r.id, key: numeric ? Number(r.k) : String(r.k), item: r.item }));
}

const dialect = new PgDialect();
/** The unfiltered page's statement by sort and cursor presence: its text and name, built once per process. */
const unfilteredPages = new Map<string, { text: string; name: string }>();

/** No filter at all: only the organization, the sort and the cursor decide the page. */
function isUnfiltered(f: ProductFilters): boolean {
  return (
    !f.q?.trim() &&
    !f.status?.length &&
    !f.brandId &&
    !f.vendorId &&
    !f.familyId &&
    f.categoryIds === undefined &&
    f.completenessMin === undefined &&
    f.completenessMax === undefined &&
    f.ids === undefined
  );
}

/**
 * One category (no descendants) under an update-time sort is read through product_categories' own update-time
 * index (oneCategoryByUpdate), whatever its size. With a search the planner may rather start from the trigram
 * index, so only plain category filters take this path.
 */
export function walksOneCategory(f: Pick<ProductFilters, 'categoryIds' | 'q'>, sort: c.ProductSort): boolean {
  return f.categoryIds?.length === 1 && SORT_KEYS[sort].key === 'updatedAt' && !f.q?.trim();
}

/** The statement of pageRows (the benchmark and EXPLAIN checks run it as is). */
export function pageSql(orgId: string, f: ProductFilters, sort: c.ProductSort, after: [SortValue, string] | null, limit: number): SQL {
  const s = sortExpr(sort);
  const dir = SORT_KEYS[sort].dir;
  if (walksOneCategory(f, sort)) return oneCategoryByUpdate(orgId, f, f.categoryIds![0]!, dir, s.key, after, limit);
  const where = filterSql(orgId, f);
  const base = where.length;
  if (after) {
    const [v, id] = after;
    const op = dir === 'desc' ? sql`<` : sql`>`;
    // lower(sku) is unique per organization, so the SKU sort needs no tie-breaker (and uses that unique index).
    if (sort === 'sku_asc') where.push(sql`${s.col} > ${s.cast(v)}`);
    else where.push(sql`(${s.col}, p.id) ${op} (${s.cast(v)}, ${id}::uuid)`);
  }
  const order = sort === 'sku_asc' ? sql`${s.col} asc` : dir === 'desc' ? sql`${s.col} desc, p.id desc` : sql`${s.col} asc, p.id asc`;
  if (f.categorySmall && f.categoryIds?.length) {
    return sql`with cp as materialized (select distinct pc.product_id from ${productCategories} pc where pc.org_id = ${orgId} and pc.category_id = any(${uuidArray(f.categoryIds)}))
      select p.id, ${s.key} as k, p.list_item as item from cp join ${products} p on p.id = cp.product_id where ${sql.join(where, sql` and `)} order by ${order} limit ${limit}`;
  }
  if (f.filterSmall) {
    // The matches' sort columns only (up to FILTER_DRIVEN_MAX rows), then the list items of the page's rows.
    const keyset = where.length > base ? where.slice(base) : [sql`true`];
    return sql`with p as materialized (select p.id, p.updated_at, p.created_at, p.name_en, p.sku, p.price_minor, p.completeness_score
        from ${products} p where ${sql.join(where.slice(0, base), sql` and `)})
      select page.id, page.k, (select x.list_item from ${products} x where x.id = page.id) as item
      from (select p.id, ${s.key} as k from p where ${sql.join(keyset, sql` and `)} order by ${order} limit ${limit}) page`;
  }
  const rest = sql`from ${products} p where ${sql.join(where, sql` and `)} order by ${order} limit ${limit}`;
  // A search or a large category subtree is tested on products_org_updated_idx's trailing keys while walking it,
  // index-only; reading list_item in the same scan would visit the table for every candidate row. So the page's
  // ids come first and then the page's items. Other filters are index conditions or need the row anyway.
  if (f.q?.trim() || f.categoryIds?.length)
    return sql`select page.id, page.k, (select x.list_item from ${products} x where x.id = page.id) as item
      from (select p.id, ${s.key} as k ${rest}) page`;
  return sql`select p.id, ${s.key} as k, p.list_item as item ${rest}`;
}

/**
 * One category under an update-time sort: walk product_categories' (category_id, updated_at, product_id)
 * index, whose updated_at triggers keep equal to the product's, and apply the other filters to the products.
 */
function oneCategoryByUpdate(
  orgId: string,
  f: ProductFilters,
  categoryId: string,
  dir: 'asc' | 'desc',
  key: SQL,
  after: [SortValue, string] | null,
  limit: number,
): SQL {
  const where = [...filterSql(orgId, { ...f, categoryIds: undefined }), sql`pc.org_id = ${orgId}`, sql`pc.category_id = ${categoryId}`];
  if (after)
    where.push(
      sql`(pc.updated_at, pc.product_id) ${dir === 'desc' ? sql`<` : sql`>`} (${String(after[0])}::timestamptz, ${after[1]}::uuid)`,
    );
  const order = dir === 'desc' ? sql`pc.updated_at desc, pc.product_id desc` : sql`pc.updated_at asc, pc.product_id asc`;
  return sql`select p.id, ${key} as k, p.list_item as item from ${productCategories} pc join ${products} p on p.id = pc.product_id
    where ${sql.join(where, sql` and `)} order by ${order} limit ${limit}`;
}

export const FILTER_DRIVEN_MAX = 50_000;

/** Whether the brand/vendor/family filters together match at most FILTER_DRIVEN_MAX products (an index-only count, capped). */
export async function equalityFilterIsSmall(
  db: DbOrTx,
  orgId: string,
  f: Pick<ProductFilters, 'brandId' | 'vendorId' | 'familyId'>,
): Promise<boolean> {
  const where: SQL[] = [sql`p.org_id = ${orgId}`];
  if (f.brandId) where.push(sql`p.brand_id = ${f.brandId}`);
  if (f.vendorId) where.push(sql`p.vendor_id = ${f.vendorId}`);
  if (f.familyId) where.push(sql`p.family_id = ${f.familyId}`);
  if (where.length === 1) return false;
  const res = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${products} p where ${sql.join(where, sql` and `)} limit ${FILTER_DRIVEN_MAX + 1}) x`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) <= FILTER_DRIVEN_MAX;
}

export const CATEGORY_DRIVEN_MAX = 3000;

/** Whether the categories hold at most CATEGORY_DRIVEN_MAX products (counts at most that many + 1 index entries). */
export async function categoryIsSmall(db: DbOrTx, categoryIds: string[]): Promise<boolean> {
  if (!categoryIds.length) return true;
  // The ids are the organization's own (categorySubtree). Ordered by category_id, the count reads the category
  // index alone (at most CATEGORY_DRIVEN_MAX + 1 entries); unordered, the planner scans the table and tests every
  // row against the whole subtree (10x slower for a department of 31 categories on the 1M fixture).
  const res = await db.execute(sql`select count(*)::int as n from (select 1 from ${productCategories} pc
    where pc.category_id = any(${uuidArray(categoryIds)}) order by pc.category_id limit ${CATEGORY_DRIVEN_MAX + 1}) x`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) <= CATEGORY_DRIVEN_MAX;
}
