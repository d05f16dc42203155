import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { insertMany } from '../../db/insert-many.js';
import { textList } from '../../db/text-list.js';
import { productCategories, productMedia, productVersions, products } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { recordAudits } from '../audit/index.js';
import { refreshChannelCompleteness } from '../catalog-publishing/index.js';
import type { ProductSnapshot } from './product-snapshot.js';
import type { FamilyAttribute, ProductRow } from './products.repository.js';
import { productColumns, type ProductWriter, type VersionAction } from './products.service.js';

// Many new products in one go: what writeProduct does for a new product (SKU locks and check, completeness, categories,
// media, channel completeness, a first version, an audit entry), a statement per step for the whole list instead of
// per product. An import writes a batch's new products this way.

export async function createProducts(
  tx: DbOrTx,
  writer: ProductWriter,
  items: readonly { next: ProductSnapshot; family: FamilyAttribute[] }[],
  action: VersionAction,
): Promise<Pick<ProductRow, 'id' | 'sku' | 'version'>[]> {
  if (!items.length) return [];
  const orgId = writer.orgId;
  const skus = items.map((i) => i.next.sku.toLowerCase());
  if (new Set(skus).size !== skus.length)
    throw conflict('Two of the new products have the same SKU', [{ field: 'sku', message: 'is given twice' }]);
  // The same keys as lockSku, taken in one order so two writers never wait on each other crosswise.
  const keys = [...skus].sort().map((s) => `product-sku:${orgId}:${s}`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from ${textList(keys)} as t(k)`);
  const taken = (await tx.execute(sql`
    select 1 from products where org_id = ${orgId} and lower(sku) in ${textList(skus)}
    union all
    select 1 from product_variants where org_id = ${orgId} and lower(sku) in ${textList(skus)}
    limit 1`)) as unknown as { rows: unknown[] };
  if (taken.rows.length)
    throw conflict('Another product or variant already has this SKU', [{ field: 'sku', message: 'is already used by another product' }]);
  const now = new Date();
  const rows = await insertMany(
    tx,
    products,
    items.map(({ next, family }) => ({
      orgId,
      ...productColumns(next, family),
      // Set with the row, so the list projection has the names at once and the categories' trigger finds it current.
      categoryIds: [...next.categoryIds].sort(),
      version: 1,
      createdBy: writer.userId,
      updatedBy: writer.userId,
      createdAt: now,
      updatedAt: now,
    })),
    { returning: ['id', 'sku', 'version'] },
  );
  const bySku = new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
  const ordered = items.map((i) => bySku.get(i.next.sku.toLowerCase())!);
  const categories = items.flatMap((i, k) => i.next.categoryIds.map((categoryId) => ({ orgId, productId: ordered[k]!.id, categoryId })));
  await insertMany(tx, productCategories, categories);
  const media = items.flatMap((i, k) =>
    i.next.mediaAssetIds.map((assetId, position) => ({ orgId, productId: ordered[k]!.id, assetId, position })),
  );
  await insertMany(tx, productMedia, media);
  await refreshChannelCompleteness(tx, orgId, { productIds: ordered.map((r) => r.id) });
  await insertMany(
    tx,
    productVersions,
    items.map((i, k) => ({
      orgId,
      productId: ordered[k]!.id,
      version: 1,
      action,
      changedFields: [],
      snapshot: { ...i.next },
      actorId: writer.userId,
      restoredFrom: null,
    })),
  );
  await recordAudits(
    tx,
    writer,
    items.map((i, k) => ({ action: 'create', entityType: 'product', entityId: ordered[k]!.id, after: i.next })),
  );
  return ordered;
}
