import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  assets,
  attributeFamilies,
  attributeFamilyAttributes,
  attributeOptions,
  attributes,
  brands,
  catalogCategories,
  productCategories,
  productMedia,
  productVariants,
  productVersions,
  products,
  profiles,
  taxClasses,
  users,
  vendors,
} from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'orgId' | 'searchText'>;
export type VersionRow = typeof productVersions.$inferSelect;

/** The public URL of a stored object (the storage service serves public buckets at this path). */
export { publicObjectUrl as publicUrl } from '../storage/index.js';

export async function findProduct(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ProductRow | null> {
  const q = db
    .select()
    .from(products)
    .where(and(eq(products.orgId, orgId), eq(products.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function categoryIdsOf(db: DbOrTx, productId: string): Promise<string[]> {
  const rows = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  return rows.map((r) => r.id).sort();
}

export async function mediaIdsOf(db: DbOrTx, productId: string): Promise<string[]> {
  const rows = await db
    .select({ id: productMedia.assetId })
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position));
  return rows.map((r) => r.id);
}

export async function mediaOf(db: DbOrTx, productId: string) {
  return db
    .select({
      assetId: assets.id,
      position: productMedia.position,
      fileName: assets.fileName,
      mimeType: assets.mimeType,
      width: assets.width,
      height: assets.height,
      altEn: assets.altEn,
      altAr: assets.altAr,
      bucketId: assets.bucketId,
      path: assets.path,
      thumbnailPath: assets.thumbnailPath,
    })
    .from(productMedia)
    .innerJoin(assets, eq(assets.id, productMedia.assetId))
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position));
}

export async function variantCountOf(db: DbOrTx, productId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return Number(r?.n ?? 0);
}

/** Display names of users: the profile's full name, else the e-mail. */
export async function userNames(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.email}, 'Unknown user')` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const REF_TABLES = {
  brand: brands,
  family: attributeFamilies,
  vendor: vendors,
  taxClass: taxClasses,
  category: catalogCategories,
  asset: assets,
  attribute: attributes,
} as const;
export type RefKind = keyof typeof REF_TABLES;

/** Which of these ids are rows of the organization in the table of `kind`. */
export async function existingIds(db: DbOrTx, kind: RefKind, orgId: string, ids: string[]): Promise<Set<string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Set();
  const t = REF_TABLES[kind];
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.orgId, orgId), inArray(t.id, list)));
  return new Set(rows.map((r) => r.id));
}

export async function defaultTaxClassId(db: DbOrTx, orgId: string): Promise<string | null> {
  const [r] = await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(and(eq(taxClasses.orgId, orgId), eq(taxClasses.isDefault, true)))
    .limit(1);
  return r?.id ?? null;
}

export interface FamilyAttribute {
  id: string;
  code: string;
  type: (typeof attributes.$inferSelect)['type'];
  localizable: boolean;
  required: boolean;
  validation: Record<string, unknown>;
  options: { code: string }[];
}

/** The attributes of a family with what validation and completeness need, in the family's order. */
export async function familyAttributes(db: DbOrTx, orgId: string, familyId: string): Promise<FamilyAttribute[]> {
  const rows = await db
    .select({
      id: attributes.id,
      code: attributes.code,
      type: attributes.type,
      localizable: attributes.localizable,
      validation: attributes.validation,
      required: attributeFamilyAttributes.required,
    })
    .from(attributeFamilyAttributes)
    .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
    .where(and(eq(attributeFamilyAttributes.orgId, orgId), eq(attributeFamilyAttributes.familyId, familyId)))
    .orderBy(asc(attributeFamilyAttributes.position));
  if (!rows.length) return [];
  const options = await db
    .select({ attributeId: attributeOptions.attributeId, code: attributeOptions.code })
    .from(attributeOptions)
    .where(
      inArray(
        attributeOptions.attributeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(attributeOptions.position));
  return rows.map((r) => ({ ...r, options: options.filter((o) => o.attributeId === r.id).map((o) => ({ code: o.code })) }));
}

/** Whether a product (other than `exceptId`) or a variant of the organization has this SKU, in any case. */
export async function skuTaken(db: DbOrTx, orgId: string, sku: string, exceptId?: string): Promise<boolean> {
  const lower = sku.toLowerCase();
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.orgId, orgId), eq(sql`lower(${products.sku})`, lower), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  if (p) return true;
  const [v] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), eq(sql`lower(${productVariants.sku})`, lower)))
    .limit(1);
  return Boolean(v);
}

export async function insertProduct(db: DbOrTx, orgId: string, values: ProductValues): Promise<ProductRow> {
  return (
    await db
      .insert(products)
      .values({ ...values, orgId })
      .returning()
  )[0]!;
}

export async function updateProduct(db: DbOrTx, orgId: string, id: string, values: Partial<ProductValues>): Promise<ProductRow> {
  return (
    await db
      .update(products)
      .set(values)
      .where(and(eq(products.orgId, orgId), eq(products.id, id)))
      .returning()
  )[0]!;
}

export async function replaceCategories(db: DbOrTx, orgId: string, productId: string, categoryIds: string[]): Promise<void> {
  await db.delete(productCategories).where(eq(productCategories.productId, productId));
  if (categoryIds.length) await db.insert(productCategories).values(categoryIds.map((categoryId) => ({ orgId, productId, categoryId })));
}

export async function replaceMedia(db: DbOrTx, orgId: string, productId: string, assetIds: string[]): Promise<void> {
  await db.delete(productMedia).where(eq(productMedia.productId, productId));
  if (assetIds.length) await db.insert(productMedia).values(assetIds.map((assetId, position) => ({ orgId, productId, assetId, position })));
}

export async function deleteProduct(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(products).where(and(eq(products.orgId, orgId), eq(products.id, id)));
}

export async function insertVersion(db: DbOrTx, values: Omit<typeof productVersions.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(productVersions).values(values);
}

export async function listVersions(db: DbOrTx, orgId: string, productId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.orgId, orgId), eq(productVersions.productId, productId)))
    .orderBy(desc(productVersions.version));
}

/** A version and the one before it (by number), for the diff. */
export async function versionAndPrevious(
  db: DbOrTx,
  orgId: string,
  productId: string,
  version: number,
): Promise<{ row: VersionRow | null; previous: VersionRow | null }> {
  const rows = await db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.orgId, orgId), eq(productVersions.productId, productId), sql`${productVersions.version} <= ${version}`))
    .orderBy(desc(productVersions.version))
    .limit(2);
  const row = rows[0]?.version === version ? rows[0] : null;
  return { row, previous: row ? (rows[1] ?? null) : null };
}
