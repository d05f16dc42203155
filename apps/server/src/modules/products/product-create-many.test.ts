import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productCategories, productMedia, productVersions, products } from '../../db/schema/index.js';
import type { TestContext } from '../../../test/harness.js';
import { createProducts, updateProducts } from './product-create-many.js';
import type { ProductSnapshot } from './product-snapshot.js';
import { snapshotOf, writeProduct } from './products.service.js';
import { catalogFixture, created, productSnapshot, startCatalogApp, type Api, type Fixture } from './products.test-support.js';

let t: TestContext;
let api: Api;
let orgId: string;
let fx: Fixture;
beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  fx = await catalogFixture(t, api, orgId);
}, 120_000);
afterAll(async () => t?.close());

describe('creating many products at once', () => {
  it('writes what a single create writes: categories (and the list item), a first version and an audit entry per product', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const rows = await t.app.ctx.db.transaction((tx) =>
      createProducts(
        tx,
        { orgId, userId: null },
        [
          { next: productSnapshot(`M-${tag}-1`, { categoryIds: [fx.fruit.id] }), family: [] },
          { next: productSnapshot(`M-${tag}-2`), family: [] },
        ],
        'import',
      ),
    );
    expect(rows.map((r) => r.sku)).toEqual([`M-${tag}-1`, `M-${tag}-2`]);
    const [first] = await t.app.ctx.db.select().from(products).where(eq(products.id, rows[0]!.id));
    expect(first!.categoryIds).toEqual([fx.fruit.id]);
    expect(JSON.parse(first!.listItem as unknown as string).categories.map((c: { id: string }) => c.id)).toEqual([fx.fruit.id]);
    const versions = await t.app.ctx.db
      .select()
      .from(productVersions)
      .where(
        inArray(
          productVersions.productId,
          rows.map((r) => r.id),
        ),
      );
    expect(versions.map((v) => [v.version, v.action])).toEqual([
      [1, 'import'],
      [1, 'import'],
    ]);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          rows.map((r) => r.id),
        ),
      );
    expect(audits.map((a) => a.action)).toEqual(['create', 'create']);
  });

  it('refuses the whole list when one SKU is taken by a product or a variant, or given twice', async () => {
    const taken = await created<{ sku: string }>(
      api.post('/products', { sku: `TAKEN-${Math.random().toString(36).slice(2, 7)}`, nameEn: 'Taken' }),
    );
    const tag = Math.random().toString(36).slice(2, 7);
    await expect(
      t.app.ctx.db.transaction((tx) =>
        createProducts(
          tx,
          { orgId, userId: null },
          [
            { next: productSnapshot(`N-${tag}`), family: [] },
            { next: productSnapshot(taken.sku.toLowerCase()), family: [] },
          ],
          'import',
        ),
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      t.app.ctx.db.transaction((tx) =>
        createProducts(
          tx,
          { orgId, userId: null },
          [
            { next: productSnapshot(`D-${tag}`), family: [] },
            { next: productSnapshot(`d-${tag}`), family: [] },
          ],
          'import',
        ),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(
      (
        await t.app.ctx.db
          .select()
          .from(products)
          .where(eq(products.sku, `N-${tag}`))
      ).length,
    ).toBe(0);
  });
});

describe('changing many products at once', () => {
  /** Two copies of each starting product, one changed by writeProduct and one by updateProducts. */
  async function pairs(tag: string, starts: ProductSnapshot[]) {
    const made = await t.app.ctx.db.transaction((tx) =>
      createProducts(
        tx,
        { orgId, userId: null },
        starts.flatMap((s) => [
          { next: { ...s, sku: `${s.sku}-one` }, family: [] },
          { next: { ...s, sku: `${s.sku}-bulk` }, family: [] },
        ]),
        'import',
      ),
    );
    return made;
  }
  const current = async (id: string) => {
    const [row] = await t.app.ctx.db.select().from(products).where(eq(products.id, id));
    return { row: row!, snap: await snapshotOf(t.app.ctx.db, row!) };
  };
  /** What a product's write left behind, without what differs between the two copies by nature (ids, SKU, times). */
  const stateOf = async (id: string) => {
    const [row] = await t.app.ctx.db.select().from(products).where(eq(products.id, id));
    const { id: _id, sku: _sku, createdAt: _c, updatedAt: _u, listItem, searchText: _s, ...rest } = row!;
    const item = JSON.parse(listItem as unknown as string) as Record<string, unknown>;
    const categories = await t.app.ctx.db.select().from(productCategories).where(eq(productCategories.productId, id));
    const media = await t.app.ctx.db.select().from(productMedia).where(eq(productMedia.productId, id)).orderBy(asc(productMedia.position));
    const versions = await t.app.ctx.db
      .select()
      .from(productVersions)
      .where(eq(productVersions.productId, id))
      .orderBy(asc(productVersions.version));
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.createdAt));
    return {
      rest,
      item: { ...item, id: undefined, sku: undefined, updatedAt: undefined, createdAt: undefined },
      categories: categories.map((c) => c.categoryId).sort(),
      media: media.map((m) => [m.assetId, m.position]),
      versions: versions.map((v) => ({
        version: v.version,
        action: v.action,
        changedFields: v.changedFields,
        name: (v.snapshot as unknown as ProductSnapshot).nameEn,
      })),
      audits: audits.map((a) => a.action),
    };
  };

  it('writes what writeProduct writes, product by product: columns, list item, categories, media, a version with its changed fields, an audit entry; an unchanged one is left alone', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const asset = fx.asset;
    const starts = [
      productSnapshot(`U-${tag}-1`, { categoryIds: [fx.fruit.id] }),
      productSnapshot(`U-${tag}-2`, { brandId: fx.brand.id }),
      productSnapshot(`U-${tag}-3`),
    ];
    const made = await pairs(tag, starts);
    const changes: ((s: ProductSnapshot) => ProductSnapshot)[] = [
      (s) => ({ ...s, nameEn: `${s.nameEn} renamed`, priceMinor: 250, categoryIds: [fx.citrus.id, fx.tools.id].sort() }),
      (s) => ({ ...s, brandId: fx.brand2.id, nameAr: 'اسم جديد', mediaAssetIds: [asset], status: 'draft' }),
      (s) => s,
    ];
    // One by one, as a single edit writes them.
    for (let k = 0; k < starts.length; k++) {
      const cur = await current(made[2 * k]!.id);
      await t.app.ctx.db.transaction((tx) =>
        writeProduct(tx, { orgId, userId: null }, cur, changes[k]!(cur.snap), [], { action: 'import' }),
      );
    }
    // In one go.
    const items = await Promise.all(
      starts.map(async (_s, k) => {
        const cur = await current(made[2 * k + 1]!.id);
        return { current: cur, next: changes[k]!(cur.snap), family: [] };
      }),
    );
    const answered = await t.app.ctx.db.transaction((tx) => updateProducts(tx, { orgId, userId: null }, items, 'import'));
    expect(answered.map((a) => a.version)).toEqual([2, 2, 1]);
    for (let k = 0; k < starts.length; k++) expect(await stateOf(made[2 * k + 1]!.id)).toEqual(await stateOf(made[2 * k]!.id));
    const first = await stateOf(made[1]!.id);
    expect(first.versions.map((v) => v.changedFields)).toEqual([[], ['nameEn', 'priceMinor', 'categoryIds']]);
    expect(first.audits).toEqual(['create', 'import']);
  });

  it('refuses the whole list when a new SKU is taken, the same product is given twice, or variant axes change under variants', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const made = await pairs(tag, [productSnapshot(`R-${tag}-1`), productSnapshot(`R-${tag}-2`)]);
    const a = await current(made[0]!.id);
    const b = await current(made[2]!.id);
    const run = (list: Parameters<typeof updateProducts>[2]) =>
      t.app.ctx.db.transaction((tx) => updateProducts(tx, { orgId, userId: null }, list, 'import'));
    await expect(run([{ current: a, next: { ...a.snap, sku: b.snap.sku.toUpperCase() }, family: [] }])).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      run([
        { current: a, next: { ...a.snap, nameEn: 'x' }, family: [] },
        { current: a, next: { ...a.snap, nameEn: 'y' }, family: [] },
      ]),
    ).rejects.toMatchObject({ status: 409 });
    const withAxes = await created<{ id: string }>(api.post('/products', { sku: `AX-${tag}`, nameEn: 'Axes', familyId: fx.family.id }));
    await created(api.post(`/products/${withAxes.id}/variants`, { axisValues: [{ attributeId: fx.a.size.id, optionCode: 's' }] }));
    const c = await current(withAxes.id);
    await expect(
      run([
        { current: a, next: { ...a.snap, nameEn: 'fine' }, family: [] },
        { current: c, next: { ...c.snap, variantAxes: [] }, family: [] },
      ]),
    ).rejects.toMatchObject({ status: 409 });
    // Nothing of a refused list stands.
    expect((await current(made[0]!.id)).row.version).toBe(1);
    // A new SKU that is free is taken, and the old one is free again.
    await run([{ current: a, next: { ...a.snap, sku: `${a.snap.sku}-new` }, family: [] }]);
    expect((await current(made[0]!.id)).row.sku).toBe(`${a.snap.sku}-new`);
  });
});
