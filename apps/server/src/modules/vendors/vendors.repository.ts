import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCategories, vendorCategories, vendorDocuments, vendors } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';

export type VendorRow = typeof vendors.$inferSelect;
export type VendorInsert = typeof vendors.$inferInsert;

export interface VendorFilters {
  vendorType?: VendorRow['vendorType'];
  status?: VendorRow['status'];
  categoryId?: string;
  q?: string;
  /** Last day (inclusive) an expiring or expired document may expire on. */
  expiringBy?: string;
  sort: 'name' | 'newest';
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` typed by the user are matched literally (backslash is PostgreSQL's default LIKE escape). */

function filterConditions(orgId: string, f: VendorFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(vendors.orgId, orgId)];
  if (f.vendorType) conds.push(eq(vendors.vendorType, f.vendorType));
  if (f.status) conds.push(eq(vendors.status, f.status));
  if (f.categoryId) {
    conds.push(sql`exists (select 1 from ${vendorCategories} vc where vc.vendor_id = ${vendors.id} and vc.category_id = ${f.categoryId})`);
  }
  if (f.q) {
    const p = likePattern(f.q);
    conds.push(or(ilike(vendors.publicName, p), ilike(vendors.legalName, p), ilike(vendors.contactName, p), ilike(vendors.email, p)));
  }
  if (f.expiringBy) {
    conds.push(
      sql`exists (select 1 from ${vendorDocuments} d where d.vendor_id = ${vendors.id}
        and d.status <> 'declined' and d.expires_on <= ${f.expiringBy}::date)`,
    );
  }
  return and(...conds);
}

export async function listVendors(db: DbOrTx, orgId: string, f: VendorFilters): Promise<{ rows: VendorRow[]; total: number }> {
  const where = filterConditions(orgId, f);
  const order =
    f.sort === 'newest' ? [desc(vendors.createdAt), asc(vendors.id)] : [asc(sql`lower(${vendors.publicName})`), asc(vendors.id)];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(vendors)
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(vendors).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findVendor(db: DbOrTx, orgId: string, id: string): Promise<VendorRow | null> {
  return (
    (
      await db
        .select()
        .from(vendors)
        .where(and(eq(vendors.orgId, orgId), eq(vendors.id, id)))
        .limit(1)
    )[0] ?? null
  );
}

export async function insertVendor(db: DbOrTx, values: VendorInsert): Promise<VendorRow> {
  return (await db.insert(vendors).values(values).returning())[0]!;
}

export async function updateVendor(db: DbOrTx, orgId: string, id: string, values: Partial<VendorInsert>): Promise<VendorRow> {
  return (
    await db
      .update(vendors)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(vendors.orgId, orgId), eq(vendors.id, id)))
      .returning()
  )[0]!;
}

export async function touchVendor(db: DbOrTx, id: string): Promise<void> {
  await db.update(vendors).set({ updatedAt: new Date() }).where(eq(vendors.id, id));
}

export type VendorCategoryRow = { vendorId: string; id: string; nameEn: string; nameAr: string; colour: string; isActive: boolean };

export function categoriesOf(db: DbOrTx, orgId: string, vendorIds: string[]): Promise<VendorCategoryRow[]> {
  if (!vendorIds.length) return Promise.resolve([]);
  return db
    .select({
      vendorId: vendorCategories.vendorId,
      id: marketCategories.id,
      nameEn: marketCategories.nameEn,
      nameAr: marketCategories.nameAr,
      colour: marketCategories.colour,
      isActive: marketCategories.isActive,
    })
    .from(vendorCategories)
    .innerJoin(marketCategories, eq(marketCategories.id, vendorCategories.categoryId))
    .where(and(eq(vendorCategories.orgId, orgId), inArray(vendorCategories.vendorId, vendorIds)))
    .orderBy(asc(sql`lower(${marketCategories.nameEn})`));
}

export async function replaceCategories(db: DbOrTx, orgId: string, vendorId: string, categoryIds: string[]): Promise<void> {
  await db.delete(vendorCategories).where(and(eq(vendorCategories.orgId, orgId), eq(vendorCategories.vendorId, vendorId)));
  if (categoryIds.length) await db.insert(vendorCategories).values(categoryIds.map((categoryId) => ({ orgId, vendorId, categoryId })));
}

export type DocumentSummaryRow = { vendorId: string; total: number; expiringSoon: number; expired: number };

/** Per vendor: documents, those expiring by `soonBy` and those already expired on `today` (declined ones are neither). */
export async function documentSummaries(
  db: DbOrTx,
  orgId: string,
  vendorIds: string[],
  today: string,
  soonBy: string,
): Promise<DocumentSummaryRow[]> {
  if (!vendorIds.length) return [];
  const live = sql`${vendorDocuments.status} <> 'declined'`;
  const expired = sql`(${vendorDocuments.status} = 'expired' or ${vendorDocuments.expiresOn} < ${today}::date)`;
  return db
    .select({
      vendorId: vendorDocuments.vendorId,
      total: sql<number>`count(*)::int`,
      expired: sql<number>`(count(*) filter (where ${live} and ${expired}))::int`,
      expiringSoon: sql<number>`(count(*) filter (where ${live} and not ${expired} and ${vendorDocuments.expiresOn} <= ${soonBy}::date))::int`,
    })
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.orgId, orgId), inArray(vendorDocuments.vendorId, vendorIds)))
    .groupBy(vendorDocuments.vendorId);
}
