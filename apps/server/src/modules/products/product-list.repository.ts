import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attributeFamilies, brands, catalogCategories, productCategories, products, vendors } from '../../db/schema/index.js';
import { publicUrl } from './products.repository.js';
import { SORT_KEYS, type SortValue } from './product-list.cursor.js';
import type { productsRoutes as c } from '@market/contracts';
import { escapeLike } from '../../lib/like-pattern.js';

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

/** Ids as one uuid[] parameter: the planner estimates `= any(array)` better than a long IN list. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The sort column as SQL, and the same value as the text/number the cursor carries. */
function sortExpr(sort: c.ProductSort): { col: SQL; key: SQL; cast: (v: SortValue) => SQL } {
  switch (SORT_KEYS[sort].key) {
    case 'updatedAt':
      return {
        col: sql`p.updated_at`,
        key: sql`to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        cast: (v) => sql`${String(v)}::timestamptz`,
      };
    case 'createdAt':
      return {
        col: sql`p.created_at`,
        key: sql`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        cast: (v) => sql`${String(v)}::timestamptz`,
      };
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
  const q = f.q?.trim().toLowerCase();
  if (q) {
    // Three characters or more use the trigram index on search_text (trigrams need three); shorter is a SKU prefix.
    // search_text is lower-cased when stored, so a case-sensitive LIKE of the lower-cased term matches what
    // ILIKE would, at a third of its cost per row (ILIKE lower-cases every candidate row again).
    if ([...q].length >= 3) where.push(sql`p.search_text like lower(${`%${escapeLike(q)}%`})`);
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

/**
 * The ids of one page in the order of `sort`, after the cursor: an index-friendly query (the sort's
 * (org_id, X, id) index, keyset condition (X, id) > / < (cursorX, cursorId), never OFFSET).
 */
export async function pageIds(
  db: DbOrTx,
  orgId: string,
  f: ProductFilters,
  sort: c.ProductSort,
  after: [SortValue, string] | null,
  limit: number,
): Promise<{ id: string; key: SortValue }[]> {
  const res = await db.execute(pageIdsSql(orgId, f, sort, after, limit));
  const rows = (res as unknown as { rows: { id: string; k: string | number }[] }).rows;
  const numeric = SORT_KEYS[sort].kind === 'int';
  return rows.map((r) => ({ id: r.id, key: numeric ? Number(r.k) : String(r.k) }));
}

/** The statement of pageIds (the benchmark and EXPLAIN checks run it as is). */
export function pageIdsSql(orgId: string, f: ProductFilters, sort: c.ProductSort, after: [SortValue, string] | null, limit: number): SQL {
  const s = sortExpr(sort);
  const dir = SORT_KEYS[sort].dir;
  // With a search the planner may rather start from the trigram index, so only plain category filters take this path.
  if (f.categoryIds?.length === 1 && SORT_KEYS[sort].key === 'updatedAt' && !f.q?.trim())
    return oneCategoryByUpdate(orgId, f, f.categoryIds[0]!, dir, s.key, after, limit);
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
      select p.id, ${s.key} as k from cp join ${products} p on p.id = cp.product_id where ${sql.join(where, sql` and `)} order by ${order} limit ${limit}`;
  }
  if (f.filterSmall) {
    const keyset = where.length > base ? where.slice(base) : [sql`true`];
    return sql`with p as materialized (select p.id, p.updated_at, p.created_at, p.name_en, p.sku, p.price_minor, p.completeness_score
        from ${products} p where ${sql.join(where.slice(0, base), sql` and `)})
      select p.id, ${s.key} as k from p where ${sql.join(keyset, sql` and `)} order by ${order} limit ${limit}`;
  }
  return sql`select p.id, ${s.key} as k from ${products} p where ${sql.join(where, sql` and `)} order by ${order} limit ${limit}`;
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
  return sql`select p.id, ${key} as k from ${productCategories} pc join ${products} p on p.id = pc.product_id
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
export async function categoryIsSmall(db: DbOrTx, orgId: string, categoryIds: string[]): Promise<boolean> {
  if (!categoryIds.length) return true;
  const res = await db.execute(sql`select count(*)::int as n from (select 1 from ${productCategories} pc
    where pc.org_id = ${orgId} and pc.category_id = any(${uuidArray(categoryIds)}) limit ${CATEGORY_DRIVEN_MAX + 1}) x`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) <= CATEGORY_DRIVEN_MAX;
}

/** A time as Date#toISOString writes it (milliseconds, UTC). */
const ISO_MS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The joins the list shows (brand, vendor, family, categories, variant count, first image), for these ids
 * only, in their order: one statement, with each row's categories as a JSON array built by the database.
 */
export async function loadRows(db: DbOrTx, orgId: string, ids: string[]): Promise<c.ProductListItem[]> {
  if (!ids.length) return [];
  const res = await db.execute(sql`
    select p.id, p.sku, p.name_en, p.name_ar, p.status, p.price_minor, p.completeness_score,
      to_char(p.created_at at time zone 'UTC', ${ISO_MS}) as created_at, to_char(p.updated_at at time zone 'UTC', ${ISO_MS}) as updated_at,
      b.id as brand_id, b.name_en as brand_en, b.name_ar as brand_ar, v.id as vendor_id, v.public_name as vendor_name,
      f.id as family_id, f.name_en as family_en, f.name_ar as family_ar,
      (select count(*)::int from product_variants pv where pv.product_id = p.id) as variant_count,
      (select json_build_array(a.bucket_id, a.thumbnail_path)::text from product_media pm join assets a on a.id = pm.asset_id
        where pm.product_id = p.id order by pm.position limit 1) as thumb,
      (select json_agg(json_build_array(cc.id, cc.name_en, cc.name_ar) order by cc.name_en)::text
        from ${productCategories} pc join ${catalogCategories} cc on cc.id = pc.category_id where pc.product_id = p.id) as cats
    from ${products} p
    left join ${brands} b on b.id = p.brand_id
    left join ${vendors} v on v.id = p.vendor_id
    left join ${attributeFamilies} f on f.id = p.family_id
    where p.org_id = ${orgId} and p.id = any(${uuidArray(ids)})`);
  type Row = {
    id: string;
    sku: string;
    name_en: string;
    name_ar: string;
    status: c.ProductStatus;
    price_minor: string | number;
    completeness_score: number;
    created_at: string;
    updated_at: string;
    brand_id: string | null;
    brand_en: string | null;
    brand_ar: string | null;
    vendor_id: string | null;
    vendor_name: string | null;
    family_id: string | null;
    family_en: string | null;
    family_ar: string | null;
    variant_count: number;
    thumb: string | null;
    cats: string | null;
  };
  const byId = new Map<string, c.ProductListItem>();
  for (const r of (res as unknown as { rows: Row[] }).rows) {
    let imageUrl: string | null = null;
    if (r.thumb) {
      const [bucket, path] = JSON.parse(r.thumb) as [string, string | null];
      imageUrl = path ? publicUrl(bucket, path) : null;
    }
    byId.set(r.id, {
      id: r.id,
      sku: r.sku,
      nameEn: r.name_en,
      nameAr: r.name_ar,
      status: r.status,
      priceMinor: Number(r.price_minor),
      brand: r.brand_id ? { id: r.brand_id, nameEn: r.brand_en!, nameAr: r.brand_ar! } : null,
      vendor: r.vendor_id ? { id: r.vendor_id, name: r.vendor_name! } : null,
      family: r.family_id ? { id: r.family_id, nameEn: r.family_en!, nameAr: r.family_ar! } : null,
      categories: r.cats ? (JSON.parse(r.cats) as [string, string, string][]).map(([id, nameEn, nameAr]) => ({ id, nameEn, nameAr })) : [],
      completenessScore: r.completeness_score,
      variantCount: Number(r.variant_count),
      imageUrl,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  }
  return ids.map((id) => byId.get(id)).filter((x): x is c.ProductListItem => Boolean(x));
}
