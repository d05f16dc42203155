import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productVersions, products } from '../../db/schema/index.js';
import type { TestContext } from '../../../test/harness.js';
import { createProducts } from './product-create-many.js';
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
