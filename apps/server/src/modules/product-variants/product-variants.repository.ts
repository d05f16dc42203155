import { normalizeSearch } from '../../lib/search-normalize.js';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attributeFamilyAttributes, attributes, productVariants, products } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-pattern.js';
import { listOptions } from '../attributes/index.js';

export type VariantRow = typeof productVariants.$inferSelect;
export type ProductRef = {
  id: string;
  sku: string;
  nameEn: string;
  nameAr: string;
  priceMinor: number;
  familyId: string | null;
  variantAxes: string[];
};
export type AxisAttribute = {
  id: string;
  code: string;
  nameEn: string;
  nameAr: string;
  type: string;
  options: { code: string; labelEn: string; labelAr: string }[];
};
type Editable = Partial<Pick<VariantRow, 'sku' | 'barcode' | 'priceOverrideMinor' | 'stockQuantity' | 'weightGrams'>>;

const productCols = {
  id: products.id,
  sku: products.sku,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  priceMinor: products.priceMinor,
  familyId: products.familyId,
  variantAxes: products.variantAxes,
};

/** The product (of this organization), locked FOR UPDATE when asked, so two generations of one product queue. */
export async function findProduct(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ProductRef | null> {
  const q = db
    .select(productCols)
    .from(products)
    .where(and(eq(products.orgId, orgId), eq(products.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function setProductAxes(db: DbOrTx, orgId: string, id: string, axes: string[]): Promise<void> {
  await db
    .update(products)
    // A product-level value of an axis would contradict the variants' own values: it goes.
    .set({
      variantAxes: axes,
      values: axes.length
        ? sql`${products.values} - array[${sql.join(
            axes.map((a) => sql`${a}`),
            sql`, `,
          )}]::text[]`
        : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(products.orgId, orgId), eq(products.id, id)));
}

/** Attributes of the family (any type), with their options: the candidates for axes. */
export async function familyAttributes(db: DbOrTx, orgId: string, familyId: string): Promise<AxisAttribute[]> {
  const rows = await db
    .select({ id: attributes.id, code: attributes.code, nameEn: attributes.nameEn, nameAr: attributes.nameAr, type: attributes.type })
    .from(attributeFamilyAttributes)
    .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
    .where(and(eq(attributeFamilyAttributes.orgId, orgId), eq(attributeFamilyAttributes.familyId, familyId)))
    .orderBy(asc(attributeFamilyAttributes.position));
  return withOptions(db, orgId, rows);
}

/** Attributes by id with their options (for axis labels). */
export async function attributesById(db: DbOrTx, orgId: string, ids: string[]): Promise<Map<string, AxisAttribute>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: attributes.id, code: attributes.code, nameEn: attributes.nameEn, nameAr: attributes.nameAr, type: attributes.type })
    .from(attributes)
    .where(and(eq(attributes.orgId, orgId), inArray(attributes.id, ids)));
  return new Map((await withOptions(db, orgId, rows)).map((a) => [a.id, a]));
}

async function withOptions(db: DbOrTx, orgId: string, rows: Omit<AxisAttribute, 'options'>[]): Promise<AxisAttribute[]> {
  const ids = rows.map((r) => r.id);
  const options = await listOptions(db, orgId, ids);
  return rows.map((r) => ({
    ...r,
    options: options.filter((o) => o.attributeId === r.id).map(({ code, labelEn, labelAr }) => ({ code, labelEn, labelAr })),
  }));
}

export async function listByProduct(db: DbOrTx, orgId: string, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export async function countByProduct(db: DbOrTx, orgId: string, productId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), eq(productVariants.productId, productId)));
  return Number(r?.n ?? 0);
}

export async function findVariant(db: DbOrTx, orgId: string, id: string, lock = false): Promise<VariantRow | null> {
  const q = db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), eq(productVariants.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findVariants(db: DbOrTx, orgId: string, ids: string[], lock = false): Promise<VariantRow[]> {
  if (!ids.length) return [];
  const q = db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), inArray(productVariants.id, ids)));
  return lock ? q.for('update') : q;
}

/** Lower-cased SKUs among these that a variant (other than exceptId) or a product of the organization already has. */
export async function takenSkus(db: DbOrTx, orgId: string, skus: string[], exceptVariantId?: string): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  const v = await db
    .select({ s: sql<string>`lower(${productVariants.sku})` })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.orgId, orgId),
        inArray(sql`lower(${productVariants.sku})`, lower),
        exceptVariantId ? ne(productVariants.id, exceptVariantId) : undefined,
      ),
    );
  const p = await db
    .select({ s: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(and(eq(products.orgId, orgId), inArray(sql`lower(${products.sku})`, lower)));
  return new Set([...v, ...p].map((r) => r.s));
}

/** Lower-cased SKUs of the organization's variants and products starting with this prefix (for making generated SKUs unique). */
export async function skusWithPrefix(db: DbOrTx, orgId: string, prefix: string): Promise<Set<string>> {
  const pattern = `${escapeLike(prefix.toLowerCase())}%`;
  const v = await db
    .select({ s: sql<string>`lower(${productVariants.sku})` })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), sql`lower(${productVariants.sku}) like ${pattern}`));
  const p = await db
    .select({ s: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(and(eq(products.orgId, orgId), sql`lower(${products.sku}) like ${pattern}`));
  return new Set([...v, ...p].map((r) => r.s));
}

/** Barcodes among these that another variant of the organization has (other than the given variant ids). */
export async function takenBarcodes(db: DbOrTx, orgId: string, barcodes: string[], exceptIds: string[] = []): Promise<Set<string>> {
  if (!barcodes.length) return new Set();
  const rows = await db
    .select({ b: productVariants.barcode, id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), inArray(productVariants.barcode, [...new Set(barcodes)])));
  return new Set(rows.filter((r) => !exceptIds.includes(r.id)).map((r) => r.b!));
}

export async function maxPosition(db: DbOrTx, orgId: string, productId: string): Promise<number> {
  const [r] = await db
    .select({ m: sql<number | null>`max(${productVariants.position})` })
    .from(productVariants)
    .where(and(eq(productVariants.orgId, orgId), eq(productVariants.productId, productId)));
  return r?.m === null || r?.m === undefined ? -1 : Number(r.m);
}

export async function insertVariants(db: DbOrTx, rows: (typeof productVariants.$inferInsert)[]): Promise<VariantRow[]> {
  if (!rows.length) return [];
  const out: VariantRow[] = [];
  // Chunks keep the statement's parameter count bounded.
  for (let i = 0; i < rows.length; i += 100)
    out.push(
      ...(await db
        .insert(productVariants)
        .values(rows.slice(i, i + 100))
        .returning()),
    );
  return out;
}

export async function updateVariant(db: DbOrTx, orgId: string, id: string, values: Editable): Promise<VariantRow> {
  const [row] = await db
    .update(productVariants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(productVariants.orgId, orgId), eq(productVariants.id, id)))
    .returning();
  return row!;
}

export async function deleteVariant(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(productVariants).where(and(eq(productVariants.orgId, orgId), eq(productVariants.id, id)));
}

export type GridCursor = { sku: string; productId: string; position: number; id: string };
export type GridRow = VariantRow & {
  product: { id: string; sku: string; nameEn: string; nameAr: string; priceMinor: number; variantAxes: string[] };
};

/** A page of the cross-product grid: by lower(product SKU), position, variant id (keyset, never OFFSET). */
export async function gridPage(
  db: DbOrTx,
  orgId: string,
  f: { q?: string; productId?: string; after?: GridCursor; limit: number },
): Promise<GridRow[]> {
  // Only products with axes can have variants (generation and creation set them; the demo seed too): the
  // condition keeps the walk over products in SKU order from probing every product without variants.
  const where: (SQL | undefined)[] = [
    eq(productVariants.orgId, orgId),
    eq(products.orgId, orgId),
    sql`${products.variantAxes} <> '[]'::jsonb`,
  ];
  if (f.productId) where.push(eq(productVariants.productId, f.productId));
  if (f.q) {
    const pattern = `%${escapeLike(f.q.toLowerCase())}%`;
    // search_text is stored normalised (Arabic spellings folded, decision 016): the term is matched in the same form.
    const searchPattern = `%${escapeLike(normalizeSearch(f.q))}%`;
    where.push(
      sql`(lower(${productVariants.sku}) like ${pattern} or ${productVariants.barcode} like ${pattern} or ${products.searchText} like ${searchPattern})`,
    );
  }
  if (f.after) {
    const a = f.after;
    // The first condition lets the scan start at the cursor's product (products_org_sku_key); the row
    // comparison settles ties within it. SKUs are unique per organization in any case, so lower(sku) orders products.
    where.push(sql`lower(${products.sku}) >= ${a.sku}`);
    where.push(
      sql`(lower(${products.sku}), ${productVariants.position}, ${productVariants.id}) > (${a.sku}, ${a.position}::int, ${a.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      v: productVariants,
      p: {
        id: products.id,
        sku: products.sku,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        priceMinor: products.priceMinor,
        variantAxes: products.variantAxes,
      },
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(...where))
    // Products come in index order; an incremental sort orders each product's few variants.
    .orderBy(asc(sql`lower(${products.sku})`), asc(productVariants.position), asc(productVariants.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...r.v, product: r.p }));
}
