import type { productsRoutes as c } from '@market/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productCategories, productMedia, products, productVersions } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, invalid } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './products.repository.js';
import { diffSnapshots, type ProductSnapshot } from './product-snapshot.js';
import { versionRow } from './products.service.js';

/**
 * Status, categories or archive for many products in one transaction: every id must be a product of
 * the organization (404 naming the others, nothing written); one version per product that changed.
 */
export async function bulkUpdate(db: Db, caller: Caller, input: c.ProductBulk): Promise<{ updated: number; unchanged: number }> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(products)
      .where(and(eq(products.orgId, caller.orgId), inArray(products.id, ids)))
      .orderBy(products.id)
      .for('update');
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw new AppError(
        404,
        'not_found',
        `${missing.length === 1 ? 'This product was' : `These ${missing.length} products were`} not found: ${missing.join(', ')}`,
        [{ field: 'ids', message: `not found: ${missing.join(', ')}` }],
      );
    }
    const categoryIds = [...new Set(input.categoryIds ?? [])];
    if (input.action === 'add_categories' || input.action === 'remove_categories') {
      const known = await repo.existingIds(tx, 'category', caller.orgId, categoryIds);
      (input.categoryIds ?? []).forEach((id, i) => {
        if (!known.has(id)) throw invalid(`categoryIds.${i}`, 'is not a category of this organization');
      });
    }
    const cats = await tx.select().from(productCategories).where(inArray(productCategories.productId, ids));
    const media = await tx.select().from(productMedia).where(inArray(productMedia.productId, ids)).orderBy(productMedia.position);
    const status: c.ProductStatus | undefined =
      input.action === 'archive' ? 'archived' : input.action === 'set_status' ? input.status : undefined;
    const now = new Date();
    const versions: (typeof productVersions.$inferInsert)[] = [];
    const changed: string[] = [];
    const categoryRows: { productId: string; categoryId: string }[] = [];
    for (const r of rows) {
      const before: ProductSnapshot = {
        sku: r.sku,
        nameEn: r.nameEn,
        nameAr: r.nameAr,
        descriptionEn: r.descriptionEn,
        descriptionAr: r.descriptionAr,
        status: r.status,
        priceMinor: Number(r.priceMinor),
        brandId: r.brandId,
        familyId: r.familyId,
        vendorId: r.vendorId,
        taxClassId: r.taxClassId,
        categoryIds: cats
          .filter((x) => x.productId === r.id)
          .map((x) => x.categoryId)
          .sort(),
        values: r.values ?? {},
        variantAxes: r.variantAxes ?? [],
        mediaAssetIds: media.filter((x) => x.productId === r.id).map((x) => x.assetId),
      };
      const after: ProductSnapshot = { ...before };
      if (status) after.status = status;
      if (input.action === 'add_categories') after.categoryIds = [...new Set([...before.categoryIds, ...categoryIds])].sort();
      if (input.action === 'remove_categories') after.categoryIds = before.categoryIds.filter((x) => !categoryIds.includes(x));
      const diff = diffSnapshots(before, after);
      if (!diff.length) continue;
      changed.push(r.id);
      if (input.action === 'add_categories')
        for (const x of categoryIds) if (!before.categoryIds.includes(x)) categoryRows.push({ productId: r.id, categoryId: x });
      versions.push(
        versionRow(
          caller,
          'bulk',
          r.id,
          r.version + 1,
          after,
          diff.map((d) => d.field),
        ),
      );
    }
    if (changed.length) {
      await tx
        .update(products)
        .set({ ...(status ? { status } : {}), version: sql`${products.version} + 1`, updatedAt: now, updatedBy: caller.userId })
        .where(and(eq(products.orgId, caller.orgId), inArray(products.id, changed)));
      if (categoryRows.length) {
        for (let i = 0; i < categoryRows.length; i += 1000) {
          await tx
            .insert(productCategories)
            .values(categoryRows.slice(i, i + 1000).map((x) => ({ ...x, orgId: caller.orgId })))
            .onConflictDoNothing();
        }
      }
      if (input.action === 'remove_categories') {
        await tx
          .delete(productCategories)
          .where(and(inArray(productCategories.productId, changed), inArray(productCategories.categoryId, categoryIds)));
      }
      for (let i = 0; i < versions.length; i += 500) await tx.insert(productVersions).values(versions.slice(i, i + 500));
      await recordAudit(tx, caller, {
        action: `bulk_${input.action}`,
        entityType: 'product',
        entityId: changed[0]!,
        after: { ids: changed, status, categoryIds: input.categoryIds },
      });
    }
    return { updated: changed.length, unchanged: rows.length - changed.length };
  });
}
