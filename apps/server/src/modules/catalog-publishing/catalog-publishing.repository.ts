import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import type { ChannelLocale } from '@market/contracts/plain';
import type { Db, DbOrTx } from '../../db/client.js';
import { insertMany } from '../../db/insert-many.js';
import { uuidArray } from '../../db/text-list.js';
import {
  attributeFamilies,
  attributeFamilyAttributes,
  attributes,
  brands,
  catalogCategories,
  catalogChannelCompleteness,
  catalogChannels,
  catalogSnapshotItems,
  catalogSnapshots,
  currencies,
  products,
  vendors,
} from '../../db/schema/index.js';
import { channelCompletenessOf, type RequiredAttribute } from './channel-completeness.js';

// All SQL of catalog publishing.

type FeedItem = c.FeedItem;
const BATCH = 1000;

export type ChannelRow = typeof catalogChannels.$inferSelect;
export type SnapshotRow = typeof catalogSnapshots.$inferSelect;
type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (r: Rows) => (Array.isArray(r) ? r : r.rows);

export async function listChannels(db: DbOrTx, orgId: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(catalogChannels)
    .where(eq(catalogChannels.orgId, orgId))
    .orderBy(asc(sql`lower(${catalogChannels.name})`));
}

export async function findChannel(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ChannelRow | null> {
  const q = db
    .select()
    .from(catalogChannels)
    .where(and(eq(catalogChannels.orgId, orgId), eq(catalogChannels.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A channel by id alone: only the public feed reads so, and it proves the token before answering anything. */
export async function findChannelForFeed(db: DbOrTx, id: string): Promise<ChannelRow | null> {
  const [row] = await db.select().from(catalogChannels).where(eq(catalogChannels.id, id));
  return row ?? null;
}

export async function insertChannel(db: DbOrTx, values: typeof catalogChannels.$inferInsert): Promise<ChannelRow> {
  const [row] = await db.insert(catalogChannels).values(values).returning();
  return row!;
}

export async function updateChannel(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<typeof catalogChannels.$inferInsert>,
): Promise<ChannelRow> {
  const [row] = await db
    .update(catalogChannels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(catalogChannels.orgId, orgId), eq(catalogChannels.id, id)))
    .returning();
  return row!;
}

// --- Snapshots ---

const summaryColumns = {
  id: catalogSnapshots.id,
  channelId: catalogSnapshots.channelId,
  number: catalogSnapshots.number,
  itemCount: catalogSnapshots.itemCount,
  checksum: catalogSnapshots.checksum,
  addedCount: catalogSnapshots.addedCount,
  removedCount: catalogSnapshots.removedCount,
  changedCount: catalogSnapshots.changedCount,
  rolledBackFrom: catalogSnapshots.rolledBackFrom,
  scheduled: catalogSnapshots.scheduled,
  itemsPrunedAt: catalogSnapshots.itemsPrunedAt,
  createdAt: catalogSnapshots.createdAt,
};
export type SnapshotSummaryRow = Pick<SnapshotRow, keyof typeof summaryColumns>;

export async function listSnapshots(db: DbOrTx, orgId: string, channelId: string): Promise<SnapshotSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(catalogSnapshots)
    .where(and(eq(catalogSnapshots.orgId, orgId), eq(catalogSnapshots.channelId, channelId)))
    .orderBy(desc(catalogSnapshots.number));
}

/** The latest snapshot of each of some channels (summary only). */
export async function latestSnapshots(db: DbOrTx, orgId: string, channelIds: string[]): Promise<Map<string, SnapshotSummaryRow>> {
  if (!channelIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([catalogSnapshots.channelId], summaryColumns)
    .from(catalogSnapshots)
    .where(and(eq(catalogSnapshots.orgId, orgId), inArray(catalogSnapshots.channelId, channelIds)))
    .orderBy(catalogSnapshots.channelId, desc(catalogSnapshots.number));
  return new Map(rows.map((r) => [r.channelId, r]));
}

/** A snapshot (its items are in catalog_snapshot_items), by number or the latest. */
export async function findSnapshot(db: DbOrTx, orgId: string, channelId: string, n?: number): Promise<SnapshotRow | null> {
  const [row] = await db
    .select()
    .from(catalogSnapshots)
    .where(
      and(
        eq(catalogSnapshots.orgId, orgId),
        eq(catalogSnapshots.channelId, channelId),
        ...(n === undefined ? [] : [eq(catalogSnapshots.number, n)]),
      ),
    )
    .orderBy(desc(catalogSnapshots.number))
    .limit(1);
  return row ?? null;
}

export async function insertSnapshot(db: DbOrTx, values: typeof catalogSnapshots.$inferInsert): Promise<SnapshotRow> {
  const [row] = await db.insert(catalogSnapshots).values(values).returning();
  return row!;
}

export async function finishSnapshot(
  db: DbOrTx,
  id: string,
  values: Pick<SnapshotRow, 'itemCount' | 'checksum' | 'diff' | 'addedCount' | 'removedCount' | 'changedCount'>,
): Promise<SnapshotRow> {
  const [row] = await db.update(catalogSnapshots).set(values).where(eq(catalogSnapshots.id, id)).returning();
  return row!;
}

/** Items in feed order, the first at `position`. */
export async function insertItems(
  db: DbOrTx,
  orgId: string,
  snapshotId: string,
  items: readonly FeedItem[],
  position: number,
): Promise<void> {
  await insertMany(
    db,
    catalogSnapshotItems,
    items.map((item, k) => ({
      snapshotId,
      orgId,
      position: position + k,
      productId: item.id,
      sku: item.sku,
      item: item as unknown as Record<string, unknown>,
    })),
  );
}

/**
 * Lets go of the items of a channel's snapshots older than its latest `keep` (decision 021): each keeps its number,
 * counts, checksum and diff, and is marked with the time. Answers the numbers let go now, oldest first.
 */
export async function pruneSnapshotItems(db: DbOrTx, orgId: string, channelId: string, keep: number): Promise<number[]> {
  const res = (await db.execute(sql`
    with old as (
      update catalog_snapshots set items_pruned_at = now()
      where org_id = ${orgId} and channel_id = ${channelId} and items_pruned_at is null
        and number <= (select max(number) from catalog_snapshots where org_id = ${orgId} and channel_id = ${channelId}) - ${keep}
      returning id, number),
    gone as (delete from catalog_snapshot_items i using old where i.snapshot_id = old.id)
    select number from old order by number`)) as unknown as Rows;
  return rowsOf(res).map((r) => Number(r.number));
}

/**
 * Makes the space of items let go of reusable at once (`VACUUM`, outside any transaction). Embedded PGlite runs no
 * autovacuum, so without it every publish would still grow its database; on PostgreSQL it spares waiting for
 * autovacuum. The caller's work has committed by then: a failure leaves the space to the next vacuum.
 */
export async function reclaimItemSpace(db: Db): Promise<void> {
  await db.execute(sql`vacuum catalog_snapshot_items`).catch(() => undefined);
}

/** Copies one snapshot's items into another (a rollback), in the database. */
export async function copyItems(db: DbOrTx, fromId: string, toId: string): Promise<number> {
  const res = (await db.execute(sql`
    insert into catalog_snapshot_items (snapshot_id, org_id, position, product_id, sku, item)
    select ${toId}, org_id, position, product_id, sku, item from catalog_snapshot_items where snapshot_id = ${fromId}`)) as unknown as {
    rowCount?: number;
    affectedRows?: number;
  };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

/**
 * A snapshot's items from an earlier one's without `removeIds`, with `add` (products the earlier one lacks) put in
 * their places: positions are numbered again in feed order (SKU by code point, then id), in the database.
 */
export async function copyItemsChanged(
  db: DbOrTx,
  orgId: string,
  fromId: string,
  toId: string,
  removeIds: readonly string[],
  add: readonly FeedItem[],
): Promise<number> {
  const res = (await db.execute(sql`
    insert into catalog_snapshot_items (snapshot_id, org_id, position, product_id, sku, item)
    select ${toId}, ${orgId}, (row_number() over (order by x.sku collate "C", x.product_id) - 1)::int, x.product_id, x.sku, x.item
    from (
      select product_id, sku, item from catalog_snapshot_items
      where snapshot_id = ${fromId} and not (product_id = any(${uuidArray(removeIds)}))
      union all
      select (a ->> 'id')::uuid, a ->> 'sku', a from jsonb_array_elements(${JSON.stringify(add)}::jsonb) a
    ) x`)) as unknown as { rowCount?: number; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

/**
 * A snapshot's items in feed order, a page of `size` positions at a time: a feed of any size is read with bounded
 * memory, and each page is a primary-key range whatever the table's statistics say (embedded PGlite never analyzes).
 * With `expected` (the snapshot's item count), a read that ends short fails instead of ending: the pages are separate
 * statements, and a publish may let go of an old snapshot's items meanwhile (decision 021), so a download never
 * finishes as a file with items missing.
 */
export async function* snapshotItemPages(db: DbOrTx, snapshotId: string, expected?: number, size = BATCH): AsyncGenerator<FeedItem[]> {
  for (let from = 0; ; from += size) {
    const res = (await db.execute(sql`
      select item::text as item from catalog_snapshot_items
      where snapshot_id = ${snapshotId} and position >= ${from} and position < ${from + size}
      order by position`)) as unknown as { rows: { item: string }[] };
    if (res.rows.length) yield res.rows.map((r) => JSON.parse(r.item) as FeedItem);
    if (res.rows.length < size) {
      const read = from + res.rows.length;
      if (expected !== undefined && read !== expected)
        throw new Error(`Snapshot items changed while being read (${read} of ${expected}): its items are no longer kept`);
      return;
    }
  }
}

/** The first item's prices (a snapshot written before its currencies were recorded names them there). */
export async function firstItemCurrencies(db: DbOrTx, snapshotId: string): Promise<string[]> {
  const res = (await db.execute(sql`
    select coalesce((select array_agg(k) from jsonb_object_keys(item -> 'prices') k), '{}') as codes
    from catalog_snapshot_items where snapshot_id = ${snapshotId} limit 1`)) as unknown as { rows: { codes: string[] }[] };
  return res.rows[0]?.codes ?? [];
}

const DIFF_FIELDS = ['sku', 'names', 'descriptions', 'prices', 'brand', 'categories', 'imageLink', 'availability'] as const;

export interface SnapshotDiffResult {
  diff: SnapshotRow['diff'];
  addedCount: number;
  removedCount: number;
  changedCount: number;
}

/**
 * Added and removed by product id, changed with the fields whose values differ (jsonb equality), between two
 * snapshots' items; each list in SKU order and cut at `limit`, the counts whole. Computed by PostgreSQL.
 */
export async function diffSnapshots(db: DbOrTx, prevId: string | null, nextId: string, limit: number): Promise<SnapshotDiffResult> {
  const fields = sql.join(
    DIFF_FIELDS.map((f) => sql`case when n.item -> ${f}::text is distinct from o.item -> ${f}::text then ${f}::text end`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    with d as (
      select coalesce(n.product_id, o.product_id) as id, coalesce(n.sku, o.sku) as sku,
        case when o.product_id is null then 'added' when n.product_id is null then 'removed' else 'changed' end as kind,
        case when o.product_id is not null and n.product_id is not null then array_remove(array[${fields}]::text[], null) end as fields
      from (select product_id, sku, item from catalog_snapshot_items where snapshot_id = ${nextId}) n
      full join (select product_id, sku, item from catalog_snapshot_items where ${prevId ? sql`snapshot_id = ${prevId}` : sql`false`}) o
        on o.product_id = n.product_id
      where o.product_id is null or n.product_id is null or n.item is distinct from o.item
    ), r as (
      select d.*, row_number() over (partition by kind order by sku collate "C", id) as rn, count(*) over (partition by kind) as total from d
    )
    select id, sku, kind, fields, total::int as total from r where rn <= ${limit} order by kind, rn`)) as unknown as {
    rows: { id: string; sku: string; kind: 'added' | 'removed' | 'changed'; fields: string[] | null; total: number }[];
  };
  const out: SnapshotDiffResult = { diff: { added: [], removed: [], changed: [] }, addedCount: 0, removedCount: 0, changedCount: 0 };
  for (const r of res.rows) {
    out[`${r.kind}Count`] = Number(r.total);
    if (r.kind === 'changed') out.diff.changed.push({ id: r.id, sku: r.sku, fields: r.fields ?? [] });
    else out.diff[r.kind].push({ id: r.id, sku: r.sku });
  }
  return out;
}

/** The latest snapshot of a channel, as a subquery for its id. */
const latestOf = (channelId: string) =>
  sql`(select s.id from catalog_snapshots s where s.channel_id = ${channelId} order by s.number desc limit 1)`;

/**
 * The products a channel's latest snapshot holds, as a condition on `p.id` (the register's filter); a channel never
 * published holds none.
 */
export const publishedFilter = (channelId: string): SQL =>
  sql`exists (select 1 from catalog_snapshot_items i where i.snapshot_id = ${latestOf(channelId)} and i.product_id = p.id)`;

export async function publishedAmong(db: DbOrTx, channelId: string, productIds: string[]): Promise<Set<string>> {
  if (!productIds.length) return new Set();
  const res = (await db.execute(sql`
    select i.product_id as id from catalog_snapshot_items i
    where i.snapshot_id = ${latestOf(channelId)} and i.product_id = any(${`{${productIds.join(',')}}`}::uuid[])`)) as Rows;
  return new Set(rowsOf(res).map((r) => String(r.id)));
}

// --- Completeness per channel ---

/** Which products to recompute: some products, every product of a family, or every product (one channel's change). */
export type CompletenessScope = { productIds: string[] } | { familyId: string } | { channelId: string };

/**
 * Recomputes the stored channel completeness of the products in scope for every channel of the organization (or the
 * one channel named), inside the caller's transaction: the rows of those products and channels are replaced in
 * batches of 1,000 products.
 */
export async function refreshChannelCompleteness(tx: DbOrTx, orgId: string, scope: CompletenessScope): Promise<void> {
  const channels = await tx
    .select({ id: catalogChannels.id, locales: catalogChannels.locales, requirements: catalogChannels.requirements })
    .from(catalogChannels)
    .where(and(eq(catalogChannels.orgId, orgId), ...('channelId' in scope ? [eq(catalogChannels.id, scope.channelId)] : [])));
  if (!channels.length) return;
  if ('productIds' in scope && !scope.productIds.length) return;
  const channelIds = channels.map((c) => c.id);
  const familyIds = [...new Set(channels.flatMap((c) => c.requirements.map((r) => r.familyId)))];
  // Only attributes still in their family count: removing one from the family drops the requirement with it.
  const familyAttrs = new Map<string, Map<string, boolean>>();
  if (familyIds.length) {
    const rows = await tx
      .select({ familyId: attributeFamilyAttributes.familyId, id: attributes.id, localizable: attributes.localizable })
      .from(attributeFamilyAttributes)
      .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
      .where(and(eq(attributeFamilyAttributes.orgId, orgId), inArray(attributeFamilyAttributes.familyId, familyIds)));
    for (const r of rows) {
      if (!familyAttrs.has(r.familyId)) familyAttrs.set(r.familyId, new Map());
      familyAttrs.get(r.familyId)!.set(r.id, r.localizable);
    }
  }
  const requiredOf = (channel: (typeof channels)[number], familyId: string | null): RequiredAttribute[] => {
    if (!familyId) return [];
    const attrs = familyAttrs.get(familyId);
    const req = channel.requirements.find((r) => r.familyId === familyId);
    if (!req || !attrs) return [];
    return req.attributeIds.filter((id) => attrs.has(id)).map((id) => ({ id, localizable: attrs.get(id)! }));
  };

  if ('channelId' in scope) await tx.delete(catalogChannelCompleteness).where(inArray(catalogChannelCompleteness.channelId, channelIds));
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const where = [eq(products.orgId, orgId), sql`${products.id} > ${after}`];
    if ('productIds' in scope) where.push(inArray(products.id, scope.productIds));
    if ('familyId' in scope) where.push(eq(products.familyId, scope.familyId));
    const rows = await tx
      .select({
        id: products.id,
        familyId: products.familyId,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        descriptionEn: products.descriptionEn,
        descriptionAr: products.descriptionAr,
        values: products.values,
        variantAxes: products.variantAxes,
      })
      .from(products)
      .where(and(...where))
      .orderBy(products.id)
      .limit(BATCH);
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    if (!('channelId' in scope))
      await tx
        .delete(catalogChannelCompleteness)
        .where(and(inArray(catalogChannelCompleteness.channelId, channelIds), inArray(catalogChannelCompleteness.productId, ids)));
    const out: (typeof catalogChannelCompleteness.$inferInsert)[] = [];
    for (const ch of channels)
      for (const r of rows) {
        const scores = channelCompletenessOf(
          { ...r, values: r.values ?? {}, variantAxes: r.variantAxes ?? [] },
          ch.locales as ChannelLocale[],
          requiredOf(ch, r.familyId),
        );
        for (const [locale, s] of Object.entries(scores))
          out.push({ orgId, channelId: ch.id, productId: r.id, locale, score: s.score, required: s.required, missing: s.missing });
      }
    for (let i = 0; i < out.length; i += BATCH) await insertMany(tx, catalogChannelCompleteness, out.slice(i, i + BATCH));
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function completenessRows(db: DbOrTx, orgId: string, channelId: string) {
  return db
    .select({
      productId: catalogChannelCompleteness.productId,
      locale: catalogChannelCompleteness.locale,
      score: catalogChannelCompleteness.score,
      required: catalogChannelCompleteness.required,
      missing: catalogChannelCompleteness.missing,
    })
    .from(catalogChannelCompleteness)
    .where(and(eq(catalogChannelCompleteness.orgId, orgId), eq(catalogChannelCompleteness.channelId, channelId)));
}

// --- Rule facts and feed items ---

export async function ruleProducts(db: DbOrTx, orgId: string) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      nameEn: products.nameEn,
      nameAr: products.nameAr,
      status: products.status,
      brandId: products.brandId,
      vendorId: products.vendorId,
      categoryIds: products.categoryIds,
    })
    .from(products)
    .where(eq(products.orgId, orgId))
    .orderBy(products.sku, products.id);
}

/** Categories and everything below them. */
export async function subtreeOf(db: DbOrTx, orgId: string, rootIds: string[]): Promise<Set<string>> {
  if (!rootIds.length) return new Set();
  const res = (await db.execute(sql`
    with recursive t(id) as (
      select id from catalog_categories where org_id = ${orgId} and id = any(${`{${rootIds.join(',')}}`}::uuid[])
      union
      select c.id from catalog_categories c join t on c.parent_id = t.id where c.org_id = ${orgId})
    select id from t`)) as Rows;
  return new Set(rowsOf(res).map((r) => String(r.id)));
}

/** What an item needs beyond the product row: brand, category names, first image, stock. */
export async function feedFacts(db: DbOrTx, orgId: string, ids: string[]) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const res = (await db.execute(sql`
      select p.id, p.sku, p.name_en, p.name_ar, p.description_en, p.description_ar, p.price_minor, p.status,
        b.name_en as brand,
        coalesce((select array_agg(c.name_en order by c.name_en) from catalog_categories c where c.id = any(p.category_ids)), '{}') as categories,
        (select a.bucket_id || '/' || a.path from product_media m join assets a on a.id = m.asset_id
          where m.product_id = p.id order by m.position limit 1) as image,
        p.variant_count, (select coalesce(sum(greatest(v.stock_quantity, 0)), 0) from product_variants v where v.product_id = p.id) as stock
      from products p left join brands b on b.id = p.brand_id
      where p.org_id = ${orgId} and p.id = any(${`{${chunk.join(',')}}`}::uuid[])`)) as Rows;
    out.push(...rowsOf(res));
  }
  return out;
}

export async function orgCurrencies(db: DbOrTx, orgId: string) {
  return db
    .select({ code: currencies.code, minorDigits: currencies.minorDigits, rateMicros: currencies.rateMicros, isBase: currencies.isBase })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isActive, true)));
}

export async function channelOptions(db: DbOrTx, orgId: string) {
  const named = <T extends typeof catalogCategories | typeof brands | typeof attributeFamilies>(t: T) =>
    db
      .select({ id: t.id, nameEn: t.nameEn, nameAr: t.nameAr })
      .from(t as typeof brands)
      .where(eq(t.orgId, orgId))
      .orderBy(t.nameEn);
  const categories = await db
    .select({
      id: catalogCategories.id,
      nameEn: catalogCategories.nameEn,
      nameAr: catalogCategories.nameAr,
      parentId: catalogCategories.parentId,
    })
    .from(catalogCategories)
    .where(eq(catalogCategories.orgId, orgId))
    .orderBy(catalogCategories.position, catalogCategories.nameEn);
  const attrs = await db
    .select({
      familyId: attributeFamilyAttributes.familyId,
      id: attributes.id,
      nameEn: attributes.nameEn,
      nameAr: attributes.nameAr,
      localizable: attributes.localizable,
    })
    .from(attributeFamilyAttributes)
    .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
    .where(eq(attributeFamilyAttributes.orgId, orgId))
    .orderBy(attributeFamilyAttributes.position);
  const families = (await named(attributeFamilies)).map((f) => ({
    ...f,
    attributes: attrs.filter((a) => a.familyId === f.id).map(({ familyId: _f, ...a }) => a),
  }));
  const vendorRows = await db
    .select({ id: vendors.id, name: vendors.publicName })
    .from(vendors)
    .where(eq(vendors.orgId, orgId))
    .orderBy(vendors.publicName);
  const currencyRows = (await orgCurrencies(db, orgId)).map((x) => ({ code: x.code, isBase: x.isBase }));
  return { categories, brands: await named(brands), vendors: vendorRows, families, currencies: currencyRows };
}

// --- Checks that ids are the organization's own ---

const ownedTables = { categories: catalogCategories, brands, vendors, products, families: attributeFamilies } as const;

/** The ids of `ids` that are not the organization's (another organization's id reads as no such record). */
export async function notOwned(db: DbOrTx, orgId: string, what: keyof typeof ownedTables, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const t = ownedTables[what];
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.orgId, orgId), inArray(t.id, [...ids])));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function familyAttributeIds(db: DbOrTx, orgId: string, familyIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!familyIds.length) return out;
  const rows = await db
    .select({ familyId: attributeFamilyAttributes.familyId, attributeId: attributeFamilyAttributes.attributeId })
    .from(attributeFamilyAttributes)
    .where(and(eq(attributeFamilyAttributes.orgId, orgId), inArray(attributeFamilyAttributes.familyId, familyIds)));
  for (const r of rows) {
    if (!out.has(r.familyId)) out.set(r.familyId, new Set());
    out.get(r.familyId)!.add(r.attributeId);
  }
  return out;
}
