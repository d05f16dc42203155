import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { insertMany, updateMany } from '../../db/insert-many.js';
import { textList, uuidList } from '../../db/text-list.js';
import { productCategories, productMedia, productVersions, products } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { recordAudits } from '../audit/index.js';
import { refreshChannelCompleteness } from '../catalog-publishing/index.js';
import { diffSnapshots, type ProductSnapshot } from './product-snapshot.js';
import type { FamilyAttribute, ProductRow } from './products.repository.js';
import { productColumns, skuLockKey, skuTakenError, versionRow, type ProductWriter, type VersionAction } from './products.service.js';

// Many products in one go: what writeProduct does for a new product (SKU locks and check, completeness, categories,
// media, channel completeness, a first version, an audit entry) or a changed one (the same, and the next version with
// its changed fields), a statement per step for the whole list instead of per product. An import writes a batch's
// products this way.

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
  await lockFreeSkus(tx, orgId, skus, []);
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
    items.map((i, k) => versionRow(writer, action, ordered[k]!.id, 1, i.next, [])),
  );
  await recordAudits(
    tx,
    writer,
    items.map((i, k) => ({ action: 'create', entityType: 'product', entityId: ordered[k]!.id, after: i.next })),
  );
  return ordered;
}

/**
 * Many changed products in one go, as writeProduct changes one: an item whose snapshot equals the stored one is left
 * as it is (answered with its stored version). What writeProduct refuses is refused here for the whole list (a taken
 * SKU, new variant axes on a product with variants), so a caller that needs to know which item failed writes them
 * again one by one. Answers each item's product id and version, in the order given.
 */
export async function updateProducts(
  tx: DbOrTx,
  writer: ProductWriter,
  items: readonly { current: { row: ProductRow; snap: ProductSnapshot }; next: ProductSnapshot; family: FamilyAttribute[] }[],
  action: VersionAction,
): Promise<Pick<ProductRow, 'id' | 'version'>[]> {
  const orgId = writer.orgId;
  const ids = items.map((i) => i.current.row.id);
  if (new Set(ids).size !== ids.length)
    throw conflict('The same product is changed twice in one go', [{ field: 'sku', message: 'is given twice' }]);
  const changed = items.map((i) => ({ ...i, diff: diffSnapshots(i.current.snap, i.next) })).filter((i) => i.diff.length);
  if (changed.length) {
    const newAxes = changed.filter((i) => i.current.snap.variantAxes.join(',') !== i.next.variantAxes.join(','));
    if (newAxes.length) {
      const withVariants = (await tx.execute(
        sql`select 1 from product_variants where product_id in ${uuidList(newAxes.map((i) => i.current.row.id))} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (withVariants.rows.length)
        throw conflict('The variant axes cannot change while the product has variants; remove its variants first', [
          { field: 'variantAxes', message: 'cannot change while the product has variants' },
        ]);
    }
    const renamed = changed
      .filter((i) => i.current.snap.sku.toLowerCase() !== i.next.sku.toLowerCase())
      .map((i) => i.next.sku.toLowerCase());
    if (renamed.length)
      await lockFreeSkus(
        tx,
        orgId,
        renamed,
        changed.map((i) => i.current.row.id),
      );
    const now = new Date();
    await updateMany(
      tx,
      products,
      ['orgId', 'id'],
      changed.map(({ current, next, family }) => ({
        orgId,
        id: current.row.id,
        ...productColumns(next, family),
        version: current.row.version + 1,
        updatedBy: writer.userId,
        updatedAt: now,
      })),
    );
    const recategorized = changed.filter((i) => i.current.snap.categoryIds.join() !== i.next.categoryIds.join());
    if (recategorized.length) {
      await tx.execute(sql`delete from product_categories where product_id in ${uuidList(recategorized.map((i) => i.current.row.id))}`);
      await insertMany(
        tx,
        productCategories,
        recategorized.flatMap((i) => i.next.categoryIds.map((categoryId) => ({ orgId, productId: i.current.row.id, categoryId }))),
      );
    }
    const remedia = changed.filter((i) => i.current.snap.mediaAssetIds.join() !== i.next.mediaAssetIds.join());
    if (remedia.length) {
      await tx.execute(sql`delete from product_media where product_id in ${uuidList(remedia.map((i) => i.current.row.id))}`);
      await insertMany(
        tx,
        productMedia,
        remedia.flatMap((i) =>
          i.next.mediaAssetIds.map((assetId, position) => ({ orgId, productId: i.current.row.id, assetId, position })),
        ),
      );
    }
    await refreshChannelCompleteness(tx, orgId, { productIds: changed.map((i) => i.current.row.id) });
    await insertMany(
      tx,
      productVersions,
      changed.map((i) =>
        versionRow(
          writer,
          action,
          i.current.row.id,
          i.current.row.version + 1,
          i.next,
          i.diff.map((d) => d.field),
        ),
      ),
    );
    await recordAudits(
      tx,
      writer,
      changed.map((i) => ({ action, entityType: 'product', entityId: i.current.row.id, before: i.current.snap, after: i.next })),
    );
  }
  const written = new Set(changed.map((i) => i.current.row.id));
  return items.map((i) => ({ id: i.current.row.id, version: i.current.row.version + (written.has(i.current.row.id) ? 1 : 0) }));
}

/**
 * Takes the SKU locks of lockSku for every SKU given (lower case), in one order so two writers never wait on each
 * other crosswise, then refuses the list if any of them is already a product's (other than `exceptIds`) or a variant's.
 */
async function lockFreeSkus(tx: DbOrTx, orgId: string, skus: readonly string[], exceptIds: readonly string[]): Promise<void> {
  const keys = [...new Set(skus)].sort().map((s) => skuLockKey(orgId, s));
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from ${textList(keys)} as t(k)`);
  const notTheseProducts = exceptIds.length ? sql`and id not in ${uuidList(exceptIds)}` : sql``;
  const taken = (await tx.execute(sql`
    select 1 from products where org_id = ${orgId} and lower(sku) in ${textList(skus)} ${notTheseProducts}
    union all
    select 1 from product_variants where org_id = ${orgId} and lower(sku) in ${textList(skus)}
    limit 1`)) as unknown as { rows: unknown[] };
  if (taken.rows.length) throw skuTakenError();
}
