// Read-only SQL over other areas' tables for the global search. Every query is scoped to one organization
// and capped; user text only ever reaches SQL as a parameter, with LIKE's own wildcards escaped.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { assets, marketDays, marketLocations, products, vendorApplications, vendors } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-pattern.js';
import { normalizeSearch } from '../../lib/search-normalize.js';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

const contains = (q: string) => `%${escapeLike(q)}%`;
const startsWith = (q: string) => `${escapeLike(q)}%`;

export interface ProductHit {
  id: string;
  sku: string;
  name_en: string;
  name_ar: string;
  status: string;
}

/**
 * Products for the term, as the product list searches (decision 006): one or two characters match the start of
 * the SKU (the (org_id, lower(sku)) index; trigrams need three); three or more match the SKU or a name anywhere
 * (search_text: its trigram index for rare terms, the walk of products_org_updated_idx, which carries
 * search_text, for common ones), newest first, plus the product whose SKU is exactly the term (unique index).
 * Exact SKU first, then SKUs starting with the term, then the rest. The term is first put in search_text's
 * stored form (normalizeSearch: lower case, Arabic spellings folded), and the three-character rule counts that
 * form; the SKU comparisons use it too. A separate "SKU starts with" query is not
 * used for long terms: under a non-C collation LIKE 'x%' cannot range-scan the SKU index, and on search_text the
 * trigram index would recheck every row containing the word.
 */
export async function searchProducts(db: DbOrTx, orgId: string, q: string, limit: number): Promise<ProductHit[]> {
  const term = normalizeSearch(q).trim();
  if (!term) return [];
  if ([...term].length < 3)
    return rows<ProductHit>(
      db,
      sql`select p.id, p.sku, p.name_en, p.name_ar, p.status from ${products} p
        where p.org_id = ${orgId} and lower(p.sku) like lower(${startsWith(term)}) order by lower(p.sku) limit ${limit}`,
    );
  const found = await rows<ProductHit>(
    db,
    sql`(select p.id, p.sku, p.name_en, p.name_ar, p.status from ${products} p where p.org_id = ${orgId} and lower(p.sku) = lower(${term}))
      union all
      (select p.id, p.sku, p.name_en, p.name_ar, p.status from ${products} p
        where p.org_id = ${orgId} and p.search_text like ${contains(term)} order by p.updated_at desc, p.id desc limit ${limit})`,
  );
  const rank = (p: ProductHit) => {
    const sku = normalizeSearch(p.sku);
    return sku === term ? 0 : sku.startsWith(term) ? 1 : 2;
  };
  const seen = new Set<string>();
  return found
    .filter((p) => !seen.has(p.id) && !!seen.add(p.id))
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, limit);
}

export interface VendorHit {
  id: string;
  vendor_type: string;
  public_name: string;
  legal_name: string | null;
  email: string | null;
  status: string;
}

/** Vendors by public or legal name, contact or e-mail. */
export function searchVendors(db: DbOrTx, orgId: string, q: string, limit: number): Promise<VendorHit[]> {
  const p = contains(q);
  return rows<VendorHit>(
    db,
    sql`select v.id, v.vendor_type, v.public_name, v.legal_name, v.email, v.status from ${vendors} v
      where v.org_id = ${orgId} and (v.public_name ilike ${p} or v.legal_name ilike ${p} or v.contact_name ilike ${p} or v.email ilike ${p})
      order by lower(v.public_name), v.id limit ${limit}`,
  );
}

export interface ApplicationHit {
  id: string;
  stream: string;
  status: string;
  applicant_name: string;
  email: string;
}

/** Applications by applicant (business or host) name, contact or e-mail, newest first. */
export function searchApplications(db: DbOrTx, orgId: string, q: string, limit: number): Promise<ApplicationHit[]> {
  const p = contains(q);
  return rows<ApplicationHit>(
    db,
    sql`select a.id, a.stream, a.status, a.applicant_name, a.email from ${vendorApplications} a
      where a.org_id = ${orgId} and (a.applicant_name ilike ${p} or a.contact_name ilike ${p} or a.email ilike ${p})
      order by a.submitted_at desc, a.id desc limit ${limit}`,
  );
}

export interface MarketDayHit {
  id: string;
  date: string;
  status: string;
  name_en: string;
  name_ar: string;
}

/** Market days by their location's name (either language) or by date (YYYY-MM-DD prefix), nearest to today first. */
export function searchMarketDays(db: DbOrTx, orgId: string, q: string, limit: number, today: string): Promise<MarketDayHit[]> {
  const p = contains(q);
  return rows<MarketDayHit>(
    db,
    sql`select d.id, to_char(d.date, 'YYYY-MM-DD') as date, d.status, l.name_en, l.name_ar from ${marketDays} d
      join ${marketLocations} l on l.id = d.location_id
      where d.org_id = ${orgId} and (l.name_en ilike ${p} or l.name_ar ilike ${p} or to_char(d.date, 'YYYY-MM-DD') like ${startsWith(q)})
      order by abs(d.date - ${today}::date), d.date, d.id limit ${limit}`,
  );
}

export interface LocationHit {
  id: string;
  name_en: string;
  name_ar: string;
  address: string;
  status: string;
}

/** Locations by name (either language) or address. */
export function searchLocations(db: DbOrTx, orgId: string, q: string, limit: number): Promise<LocationHit[]> {
  const p = contains(q);
  return rows<LocationHit>(
    db,
    sql`select l.id, l.name_en, l.name_ar, l.address, l.status from ${marketLocations} l
      where l.org_id = ${orgId} and (l.name_en ilike ${p} or l.name_ar ilike ${p} or l.address ilike ${p})
      order by lower(l.name_en), l.id limit ${limit}`,
  );
}

export interface AssetHit {
  id: string;
  file_name: string;
  folder: string;
  alt_en: string;
  alt_ar: string;
}

/** Assets by file name, alt text (either language) or tag, newest first (the library's own search). */
export function searchAssets(db: DbOrTx, orgId: string, q: string, limit: number): Promise<AssetHit[]> {
  const p = contains(q);
  return rows<AssetHit>(
    db,
    sql`select a.id, a.file_name, a.folder, a.alt_en, a.alt_ar from ${assets} a
      where a.org_id = ${orgId} and (a.file_name ilike ${p} or a.alt_en ilike ${p} or a.alt_ar ilike ${p}
        or exists (select 1 from unnest(a.tags) t where t ilike ${p}))
      order by a.created_at desc, a.id desc limit ${limit}`,
  );
}
