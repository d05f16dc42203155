import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { productCategories, products } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { refreshChannelCompleteness } from '../catalog-publishing/index.js';
import { familyAttributes } from './products.repository.js';
import { computeCompleteness } from './completeness.js';

export type ProductReference = 'brand' | 'family' | 'taxClass' | 'category' | 'attribute';

/** How many products of the organization refer to this row (an attribute: products holding a value of it). */
export async function productsUsing(db: DbOrTx, orgId: string, kind: ProductReference, id: string): Promise<number> {
  const count = sql<number>`count(*)::int`;
  if (kind === 'category') {
    const [r] = await db
      .select({ n: count })
      .from(productCategories)
      .where(and(eq(productCategories.orgId, orgId), eq(productCategories.categoryId, id)));
    return Number(r?.n ?? 0);
  }
  const cond =
    kind === 'brand'
      ? eq(products.brandId, id)
      : kind === 'family'
        ? eq(products.familyId, id)
        : kind === 'taxClass'
          ? eq(products.taxClassId, id)
          : sql`${products.values} ? ${id}`;
  const [r] = await db
    .select({ n: count })
    .from(products)
    .where(and(eq(products.orgId, orgId), cond));
  return Number(r?.n ?? 0);
}

/** 409 "This brand is used by 3 products; ..." when any product refers to the row. */
export async function assertNotUsedByProducts(db: DbOrTx, orgId: string, kind: ProductReference, id: string, what: string): Promise<void> {
  const n = await productsUsing(db, orgId, kind, id);
  if (n)
    throw conflict(
      `This ${what} is used by ${n} product${n === 1 ? '' : 's'}; change or remove ${n === 1 ? 'that product' : 'those products'} first`,
    );
}

const BATCH = 1000;

/**
 * Recomputes the completeness of every product of a family after its attributes or required flags
 * changed, in batches of 1,000 by id (one set-based UPDATE per batch), inside the caller's transaction.
 * Returns how many products were updated.
 */
export async function recomputeFamilyCompleteness(tx: DbOrTx, orgId: string, familyId: string): Promise<number> {
  const attrs = await familyAttributes(tx, orgId, familyId);
  let after = '00000000-0000-0000-0000-000000000000';
  let total = 0;
  for (;;) {
    const rows = await tx
      .select({
        id: products.id,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        descriptionEn: products.descriptionEn,
        descriptionAr: products.descriptionAr,
        values: products.values,
      })
      .from(products)
      .where(and(eq(products.orgId, orgId), eq(products.familyId, familyId), gt(products.id, after)))
      .orderBy(products.id)
      .limit(BATCH);
    if (!rows.length) {
      // The family's channel requirements count only its attributes: channel completeness follows in this transaction.
      await refreshChannelCompleteness(tx, orgId, { familyId });
      return total;
    }
    const computed = rows.map((r) => {
      const { completeness, score } = computeCompleteness({ ...r, values: r.values ?? {} }, attrs);
      return { id: r.id, c: completeness, s: score };
    });
    await tx.execute(sql`
      update ${products} p set completeness = x.c, completeness_score = x.s
      from jsonb_to_recordset(${JSON.stringify(computed)}::jsonb) as x(id uuid, c jsonb, s smallint)
      where p.id = x.id and p.org_id = ${orgId}`);
    total += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Recomputes one product's stored completeness inside the caller's transaction, for writes outside the
 * product form that change what it counts (variant axes, which also drop the axes' product-level values).
 */
export async function recomputeProductCompleteness(tx: DbOrTx, orgId: string, productId: string): Promise<void> {
  const [row] = await tx
    .select({
      familyId: products.familyId,
      nameEn: products.nameEn,
      nameAr: products.nameAr,
      descriptionEn: products.descriptionEn,
      descriptionAr: products.descriptionAr,
      values: products.values,
      variantAxes: products.variantAxes,
    })
    .from(products)
    .where(and(eq(products.orgId, orgId), eq(products.id, productId)));
  if (!row) return;
  const attrs = row.familyId ? await familyAttributes(tx, orgId, row.familyId) : [];
  const { completeness, score } = computeCompleteness({ ...row, values: row.values ?? {} }, attrs);
  await tx
    .update(products)
    .set({ completeness, completenessScore: score })
    .where(and(eq(products.orgId, orgId), eq(products.id, productId)));
  await refreshChannelCompleteness(tx, orgId, { productIds: [productId] });
}
