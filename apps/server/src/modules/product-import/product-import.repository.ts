import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { textList } from '../../db/text-list.js';
import { insertMany } from '../../db/insert-many.js';
import { lookUps } from '../../db/look-ups.js';
import {
  assets,
  attributeFamilies,
  attributeFamilyAttributes,
  attributeOptions,
  attributes,
  brands,
  catalogCategories,
  currencies,
  organizations,
  productCategories,
  productImportHashes,
  productImportProfiles,
  productImportRows,
  productImports,
  productMedia,
  productVariants,
  products,
  taxClasses,
  vendors,
} from '../../db/schema/index.js';

export type ImportRow = typeof productImports.$inferSelect;
export type ImportInsert = typeof productImports.$inferInsert;
export type ImportRowResult = typeof productImportRows.$inferInsert;
export type ProfileRow = typeof productImportProfiles.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

// ---- reference data, read once per batch of work ----

export async function referenceData(db: DbOrTx, orgId: string) {
  const [brandRows, vendorRows, familyRows, taxRows, categoryRows, attributeRows, optionRows, familyAttrRows, base] = await lookUps(db, [
    () =>
      db
        .select({ id: brands.id, code: brands.code, nameEn: brands.nameEn, nameAr: brands.nameAr })
        .from(brands)
        .where(eq(brands.orgId, orgId)),
    () =>
      db
        .select({ id: vendors.id, publicName: vendors.publicName, legalName: vendors.legalName })
        .from(vendors)
        .where(eq(vendors.orgId, orgId)),
    () =>
      db
        .select({
          id: attributeFamilies.id,
          code: attributeFamilies.code,
          nameEn: attributeFamilies.nameEn,
          nameAr: attributeFamilies.nameAr,
        })
        .from(attributeFamilies)
        .where(eq(attributeFamilies.orgId, orgId)),
    () =>
      db
        .select({
          id: taxClasses.id,
          code: taxClasses.code,
          nameEn: taxClasses.nameEn,
          nameAr: taxClasses.nameAr,
          isDefault: taxClasses.isDefault,
        })
        .from(taxClasses)
        .where(eq(taxClasses.orgId, orgId)),
    () =>
      db
        .select({
          id: catalogCategories.id,
          parentId: catalogCategories.parentId,
          code: catalogCategories.code,
          nameEn: catalogCategories.nameEn,
        })
        .from(catalogCategories)
        .where(eq(catalogCategories.orgId, orgId)),
    () =>
      db
        .select({
          id: attributes.id,
          code: attributes.code,
          type: attributes.type,
          localizable: attributes.localizable,
          nameEn: attributes.nameEn,
          nameAr: attributes.nameAr,
          validation: attributes.validation,
        })
        .from(attributes)
        .where(eq(attributes.orgId, orgId))
        .orderBy(asc(attributes.position), asc(attributes.code)),
    () =>
      db
        .select({
          attributeId: attributeOptions.attributeId,
          code: attributeOptions.code,
          labelEn: attributeOptions.labelEn,
          labelAr: attributeOptions.labelAr,
        })
        .from(attributeOptions)
        .where(eq(attributeOptions.orgId, orgId))
        .orderBy(asc(attributeOptions.position)),
    () =>
      db
        .select({
          familyId: attributeFamilyAttributes.familyId,
          attributeId: attributeFamilyAttributes.attributeId,
          required: attributeFamilyAttributes.required,
        })
        .from(attributeFamilyAttributes)
        .where(eq(attributeFamilyAttributes.orgId, orgId))
        .orderBy(asc(attributeFamilyAttributes.position)),
    () =>
      db
        .select({ digits: currencies.minorDigits })
        .from(currencies)
        .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
        .limit(1),
  ]);
  return {
    brandRows,
    vendorRows,
    familyRows,
    taxRows,
    categoryRows,
    attributeRows,
    optionRows,
    familyAttrRows,
    digits: base[0]?.digits ?? 2,
  };
}
export type ReferenceData = Awaited<ReturnType<typeof referenceData>>;

// ---- the products a batch names ----

export async function productsBySku(db: DbOrTx, orgId: string, skus: string[], lock = false): Promise<ProductRow[]> {
  if (!skus.length) return [];
  const q = db
    .select()
    .from(products)
    .where(and(eq(products.orgId, orgId), sql`lower(${products.sku}) in ${textList(skus)}`));
  return lock ? q.for('update') : q;
}

export async function productsByValue(
  db: DbOrTx,
  orgId: string,
  attributeId: string,
  values: string[],
  lock = false,
): Promise<ProductRow[]> {
  if (!values.length) return [];
  const q = db
    .select()
    .from(products)
    .where(and(eq(products.orgId, orgId), sql`${products.values} ->> ${attributeId} in ${textList(values)}`));
  return lock ? q.for('update') : q;
}

export async function categoryIdsOf(db: DbOrTx, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!productIds.length) return out;
  const rows = await db
    .select({ productId: productCategories.productId, id: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, productIds));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.id]);
  for (const v of out.values()) v.sort();
  return out;
}

/** Each product's media in order, with the file names a user reads in the diff. */
export async function mediaOf(db: DbOrTx, productIds: string[]): Promise<Map<string, { id: string; fileName: string }[]>> {
  const out = new Map<string, { id: string; fileName: string }[]>();
  if (!productIds.length) return out;
  const rows = await db
    .select({ productId: productMedia.productId, id: productMedia.assetId, fileName: assets.fileName })
    .from(productMedia)
    .innerJoin(assets, eq(assets.id, productMedia.assetId))
    .where(inArray(productMedia.productId, productIds))
    .orderBy(asc(productMedia.productId), asc(productMedia.position));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), { id: r.id, fileName: r.fileName }]);
  return out;
}

export async function orgSlug(db: DbOrTx, orgId: string): Promise<string> {
  const [r] = await db.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, orgId));
  return r!.slug;
}

/** SKUs (lower case) of these that a variant already has (product and variant SKUs share one namespace). */
export async function variantSkus(db: DbOrTx, orgId: string, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const rows = await db
    .select({ sku: sql<string>`lower(${productVariants.sku})` })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), sql`lower(${productVariants.sku}) in ${textList(skus)}`));
  return new Set(rows.map((r) => r.sku));
}

export type VariantWithParent = typeof productVariants.$inferSelect & { parentSku: string };

/** Variants by SKU (lower case) or by barcode, with their product's SKU. */
export async function variantsWithParent(
  db: DbOrTx,
  orgId: string,
  by: { skus?: string[]; barcodes?: string[] },
  lock = false,
): Promise<VariantWithParent[]> {
  const list = by.skus ?? by.barcodes ?? [];
  if (!list.length) return [];
  const q = db
    .select({ v: productVariants, parentSku: products.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.orgId, orgId),
        by.skus ? sql`lower(${productVariants.sku}) in ${textList(list)}` : sql`${productVariants.barcode} in ${textList(list)}`,
      ),
    );
  const rows = lock ? await q.for('update', { of: productVariants }) : await q;
  return rows.map((r) => ({ ...r.v, parentSku: r.parentSku }));
}

/** Which of these barcodes a variant holds, with that variant's id. */
export async function barcodeHolders(db: DbOrTx, orgId: string, barcodes: string[]): Promise<Map<string, string>> {
  if (!barcodes.length) return new Map();
  const rows = await db
    .select({ id: productVariants.id, barcode: productVariants.barcode })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), sql`${productVariants.barcode} in ${textList(barcodes)}`));
  return new Map(rows.map((r) => [r.barcode!, r.id]));
}

export async function hashesOf(db: DbOrTx, productIds: string[]): Promise<Map<string, { hash: string; version: number }>> {
  if (!productIds.length) return new Map();
  const rows = await db.select().from(productImportHashes).where(inArray(productImportHashes.productId, productIds));
  return new Map(rows.map((r) => [r.productId, { hash: r.hash, version: r.version }]));
}

export type HashRow = { productId: string; orgId: string; hash: string; version: number };

export async function saveHashes(db: DbOrTx, rows: HashRow[]): Promise<void> {
  if (!rows.length) return;
  await insertMany(db, productImportHashes, rows, {
    onConflict: sql`(product_id) do update set hash = excluded.hash, version = excluded.version`,
  });
}

// ---- imports ----

export async function insertImport(db: DbOrTx, values: ImportInsert): Promise<ImportRow> {
  const [row] = await db.insert(productImports).values(values).returning();
  return row!;
}

export async function findImport(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ImportRow | null> {
  const q = db
    .select()
    .from(productImports)
    .where(and(eq(productImports.orgId, orgId), eq(productImports.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function setImport(db: DbOrTx, id: string, values: Partial<ImportInsert>): Promise<ImportRow> {
  const [row] = await db
    .update(productImports)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(productImports.id, id))
    .returning();
  return row!;
}

export async function listImports(db: DbOrTx, orgId: string, after: { createdAt: Date; id: string } | null, limit: number) {
  return db
    .select({ row: productImports, profileName: productImportProfiles.name })
    .from(productImports)
    .leftJoin(productImportProfiles, eq(productImportProfiles.id, productImports.profileId))
    .where(
      and(
        eq(productImports.orgId, orgId),
        after
          ? or(
              lt(productImports.createdAt, after.createdAt),
              and(eq(productImports.createdAt, after.createdAt), lt(productImports.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(productImports.createdAt), desc(productImports.id))
    .limit(limit + 1);
}

export async function profileName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [r] = await db.select({ name: productImportProfiles.name }).from(productImportProfiles).where(eq(productImportProfiles.id, id));
  return r?.name ?? null;
}

export async function clearRows(db: DbOrTx, importId: string, phase: 'dry_run' | 'run', fromRowNo = 0): Promise<void> {
  await db
    .delete(productImportRows)
    .where(and(eq(productImportRows.importId, importId), eq(productImportRows.phase, phase), gt(productImportRows.rowNo, fromRowNo)));
}

export async function insertRows(db: DbOrTx, rows: ImportRowResult[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await insertMany(db, productImportRows, rows.slice(i, i + 1000));
}

export async function rowsPage(
  db: DbOrTx,
  importId: string,
  phase: 'dry_run' | 'run',
  outcome: string | undefined,
  afterRowNo: number,
  limit: number,
) {
  return db
    .select()
    .from(productImportRows)
    .where(
      and(
        eq(productImportRows.importId, importId),
        eq(productImportRows.phase, phase),
        outcome ? eq(productImportRows.outcome, outcome as never) : undefined,
        gt(productImportRows.rowNo, afterRowNo),
      ),
    )
    .orderBy(asc(productImportRows.rowNo))
    .limit(limit);
}

/** Products of the organization not named by any row of the run and not archived yet. */
export async function productsMissingFromRun(db: DbOrTx, orgId: string, importId: string, limit: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.orgId, orgId),
        sql`${products.status} <> 'archived'`,
        sql`not exists (select 1 from ${productImportRows} r where r.import_id = ${importId} and r.phase = 'run'
              and (r.product_id = ${products.id} or lower(r.sku) = lower(${products.sku})))`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Rows of the run without a SKU (unreadable or unmapped): they may name a product, so nothing is archived. */
export async function unnamedRunRows(db: DbOrTx, importId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productImportRows)
    .where(and(eq(productImportRows.importId, importId), eq(productImportRows.phase, 'run'), sql`${productImportRows.sku} is null`));
  return Number(r?.n ?? 0);
}

// ---- profiles ----

export async function listProfiles(db: DbOrTx, orgId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(productImportProfiles)
    .where(eq(productImportProfiles.orgId, orgId))
    .orderBy(asc(sql`lower(${productImportProfiles.name})`));
}

export async function findProfile(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ProfileRow | null> {
  const q = db
    .select()
    .from(productImportProfiles)
    .where(and(eq(productImportProfiles.orgId, orgId), eq(productImportProfiles.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertProfile(db: DbOrTx, values: typeof productImportProfiles.$inferInsert): Promise<ProfileRow> {
  const [row] = await db.insert(productImportProfiles).values(values).returning();
  return row!;
}

export async function updateProfile(
  db: DbOrTx,
  id: string,
  values: Partial<typeof productImportProfiles.$inferInsert>,
): Promise<ProfileRow> {
  const [row] = await db
    .update(productImportProfiles)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(productImportProfiles.id, id))
    .returning();
  return row!;
}

export async function deleteProfile(db: DbOrTx, id: string): Promise<void> {
  await db.delete(productImportProfiles).where(eq(productImportProfiles.id, id));
}
