import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsRoutes } from '@market/contracts';
import { driver, type TestContext } from '../../../test/harness.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { catalogFixture, client, created, fieldOf, orgClients, startCatalogApp, type Api, type Fixture } from './products.test-support.js';
import { decodeProductCursor, encodeProductCursor } from './product-list.cursor.js';
import { categorySubtree, equalityFilterIsSmall, pageRows } from './product-list.repository.js';
import { cursorAfter } from './product-list.service.js';

let t: TestContext;
let api: Api;
let other: Api;
let orgId: string;
let fx: Fixture;
let otherFx: Fixture;
type Item = {
  id: string;
  sku: string;
  nameEn: string;
  nameAr: string;
  status: string;
  priceMinor: number;
  completenessScore: number;
  createdAt: string;
  updatedAt: string;
  brand: { id: string } | null;
  categories: { id: string }[];
  imageUrl: string | null;
  variantCount: number;
};
const all: { id: string; sku: string }[] = [];
const PRODUCT_SORTS = productsRoutes.PRODUCT_SORTS;
type ProductSort = productsRoutes.ProductSort;

beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  const b = await orgClients(t);
  other = b.api;
  fx = await catalogFixture(t, api, orgId);
  otherFx = await catalogFixture(t, other, b.orgId);
  const names = ['Apple', 'apple', 'Banana', 'Cherry', 'Date', 'Apple', 'Zucchini', 'Mango', 'Lemon', 'Orange'];
  for (let i = 0; i < 30; i++) {
    const body: Record<string, unknown> = {
      sku: `P-${String(i).padStart(3, '0')}${i % 3 ? '' : 'x'}`,
      nameEn: `${names[i % names.length]} ${i % 4 === 0 ? '' : i}`.trim(),
      nameAr: i % 2 ? `عسل السدر ${i}` : `تمر ${i}`,
      priceMinor: (i % 5) * 100,
      status: (['draft', 'active', 'archived'] as const)[i % 3],
      descriptionEn: i % 2 ? 'd' : '',
      brandId: i % 2 ? fx.brand.id : fx.brand2.id,
      vendorId: i % 5 === 0 ? fx.vendor.id : null,
      familyId: i % 4 === 0 ? fx.family2.id : null,
      categoryIds: i % 3 === 0 ? [fx.citrus.id] : i % 3 === 1 ? [fx.fruit.id] : [fx.tools.id],
      mediaAssetIds: i === 0 ? [fx.asset] : [],
    };
    const p = await created<{ id: string; sku: string }>(api.post('/products', body));
    all.push(p);
  }
  // Ties in time at microsecond precision: keyset paging must still return every row once.
  await t.app.ctx.db.execute(
    sql`update products set updated_at = '2026-01-01 00:00:00.123456+00' where org_id = ${orgId} and sku like 'P-00%'`,
  );
  await t.app.ctx.db.execute(
    sql`update products set updated_at = '2026-01-01 00:00:00.123457+00' where org_id = ${orgId} and sku like 'P-01%'`,
  );
  await other.post('/products', { sku: 'P-000x', nameEn: 'Apple of the other org' });
}, 180_000);
afterAll(async () => t?.close());

async function pages(query: string, limit = 4): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await api.get(`/products?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: Item[]; nextCursor: string | null };
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('paging did not end');
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

describe(`product list: keyset paging, filters, search (${driver})`, () => {
  it('returns every product exactly once, in order, over every sort', async () => {
    const counts: string[] = [];
    for (const sort of PRODUCT_SORTS) {
      const items = await pages(`&sort=${sort}`);
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size, sort).toBe(all.length);
      expect(ids.length, sort).toBe(all.length);
      counts.push(`${sort}=${ids.length}`);
      const key: Record<ProductSort, (i: Item) => string | number> = {
        updated_desc: (i) => i.updatedAt,
        updated_asc: (i) => i.updatedAt,
        created_desc: (i) => i.createdAt,
        name_asc: (i) => i.nameEn,
        name_desc: (i) => i.nameEn,
        sku_asc: (i) => i.sku.toLowerCase(),
        price_asc: (i) => i.priceMinor,
        price_desc: (i) => i.priceMinor,
        completeness_asc: (i) => i.completenessScore,
        completeness_desc: (i) => i.completenessScore,
      };
      const desc = sort.endsWith('_desc');
      // Numbers and timestamps (ISO) must be monotonic; names follow the database collation, so only check numbers/times.
      if (!sort.startsWith('name')) {
        for (let i = 1; i < items.length; i++) {
          const c = cmp(key[sort](items[i - 1]!), key[sort](items[i]!));
          expect(desc ? c >= 0 : c <= 0, `${sort} at ${i}`).toBe(true);
        }
      }
    }
    console.log(`keyset paging: ${PRODUCT_SORTS.length} sorts x ${all.length} products, each seen once (${counts.join(', ')})`);
  });

  it('refuses a made-up cursor or one of another sort with 422 on query.cursor', async () => {
    const bad = await api.get('/products?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(422);
    expect(fieldOf(bad)).toBe('query.cursor');
    const priceCursor = encodeProductCursor('price_asc', { id: all[0]!.id, priceMinor: 100 });
    expect(decodeProductCursor('price_asc', priceCursor)).toEqual([100, all[0]!.id]);
    const wrong = await api.get(`/products?sort=updated_desc&cursor=${priceCursor}`);
    expect(wrong.statusCode).toBe(422);
  });

  it('pages by time the same whatever time zone and date style the session has (the cursor carries the time as JSON writes it)', async () => {
    const walk = async (db: Parameters<typeof pageRows>[0], sort: 'updated_desc' | 'updated_asc' | 'created_desc') => {
      const seen: string[] = [];
      let after: [string | number, string] | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const rows = await pageRows(db, orgId, {}, sort, after, 5);
        const page = rows.slice(0, 4);
        seen.push(...page.map((r) => r.id));
        if (rows.length <= 4) return seen;
        after = decodeProductCursor(sort, cursorAfter(sort, page[page.length - 1]!));
      }
      throw new Error('paging did not end');
    };
    for (const sort of ['updated_desc', 'updated_asc', 'created_desc'] as const) {
      const plain = await walk(t.app.ctx.db, sort);
      expect(plain.length, sort).toBe(all.length);
      const elsewhere = await t.app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local timezone = 'Asia/Kolkata'`);
        await tx.execute(sql`set local datestyle = 'SQL, DMY'`);
        const first = await pageRows(tx, orgId, {}, sort, null, 1);
        expect(String(first[0]!.key)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+05:30$/);
        return walk(tx, sort);
      });
      expect(elsewhere, sort).toEqual(plain);
    }
  });

  it('filters by status, brand, vendor, family, completeness range', async () => {
    const active = await pages('&status=active');
    expect(active.length).toBe(10);
    expect(active.every((i) => i.status === 'active')).toBe(true);
    expect((await pages('&status=draft,archived')).length).toBe(20);
    expect((await pages(`&brandId=${fx.brand.id}`)).length).toBe(15);
    expect((await pages(`&vendorId=${fx.vendor.id}`)).length).toBe(6);
    const fam = await pages(`&familyId=${fx.family2.id}`);
    expect(fam.length).toBe(8);
    // family2 requires "number": those products lack it and score lower.
    const low = await pages('&completenessMax=49');
    const high = await pages('&completenessMin=50&completenessMax=100');
    expect(low.length + high.length).toBe(30);
    expect(low.every((i) => i.completenessScore <= 49)).toBe(true);
    expect(high.every((i) => i.completenessScore >= 50)).toBe(true);
    expect(low.length).toBeGreaterThan(0);
    expect((await pages(`&brandId=${otherFx.brand.id}`)).length).toBe(0);
  });

  it('filters by category with its descendants', async () => {
    expect((await pages(`&categoryId=${fx.citrus.id}`)).length).toBe(10);
    expect((await pages(`&categoryId=${fx.fruit.id}`)).length).toBe(20);
    expect((await pages(`&categoryId=${fx.food.id}`)).length).toBe(20);
    expect((await pages(`&categoryId=${fx.tools.id}`)).length).toBe(10);
    expect((await pages(`&categoryId=${otherFx.food.id}`)).length).toBe(0);
  });

  it('gives the same pages whether a category is read through product_categories (small) or by walking the sort index (large)', async () => {
    const ids = await categorySubtree(t.app.ctx.db, orgId, fx.food.id);
    expect(ids.sort()).toEqual([fx.food.id, fx.fruit.id, fx.citrus.id].sort());
    for (const sort of ['updated_desc', 'price_asc', 'name_desc'] as const) {
      const walk = await pageRows(t.app.ctx.db, orgId, { categoryIds: ids, categorySmall: false }, sort, null, 100);
      const driven = await pageRows(t.app.ctx.db, orgId, { categoryIds: ids, categorySmall: true }, sort, null, 100);
      expect(walk.length).toBe(20);
      expect(driven).toEqual(walk);
      const after = walk[9]!;
      const rest = await pageRows(t.app.ctx.db, orgId, { categoryIds: ids, categorySmall: true }, sort, [after.key, after.id], 100);
      expect(rest).toEqual(walk.slice(10));
    }
  });

  it('walks one category by update time through product_categories, whose updated_at follows the product', async () => {
    expect(await categorySubtree(t.app.ctx.db, orgId, fx.citrus.id)).toEqual([fx.citrus.id]);
    for (const sort of ['updated_desc', 'updated_asc'] as const) {
      // The same id twice is not "one category": it takes the general plan (walk the sort index, probe the category).
      const walk = await pageRows(
        t.app.ctx.db,
        orgId,
        { categoryIds: [fx.citrus.id, fx.citrus.id], categorySmall: false },
        sort,
        null,
        100,
      );
      const byCategory = await pageRows(t.app.ctx.db, orgId, { categoryIds: [fx.citrus.id] }, sort, null, 100);
      expect(walk.length).toBe(10);
      expect(byCategory).toEqual(walk);
      const after = walk[3]!;
      expect(await pageRows(t.app.ctx.db, orgId, { categoryIds: [fx.citrus.id] }, sort, [after.key, after.id], 100)).toEqual(walk.slice(4));
    }
    // An edit moves the product to the front of its category's newest-first order (two products of its own, so other tests' data stays as it was).
    const one = await created<{ id: string }>(api.post('/products', { sku: 'ZZ-T1', nameEn: 'Trigger one', categoryIds: [fx.citrus.id] }));
    const two = await created<{ id: string }>(api.post('/products', { sku: 'ZZ-T2', nameEn: 'Trigger two', categoryIds: [fx.citrus.id] }));
    expect((await pageRows(t.app.ctx.db, orgId, { categoryIds: [fx.citrus.id] }, 'updated_desc', null, 1))[0]!.id).toBe(two.id);
    const edited = await api.patch(`/products/${one.id}`, { priceMinor: 4242 });
    expect(edited.statusCode).toBe(200);
    const first = (await pageRows(t.app.ctx.db, orgId, { categoryIds: [fx.citrus.id] }, 'updated_desc', null, 1))[0]!;
    expect(first.id).toBe(one.id);
    expect(new Date(String(first.key)).getTime()).toBe(new Date(edited.json().updatedAt).getTime());
    for (const p of [one, two]) expect((await api.del(`/products/${p.id}`)).statusCode).toBe(200);
  });

  it('gives the same pages whether a brand, vendor or family filter is read first and sorted (small) or walks the sort index', async () => {
    const cases = [
      { brandId: fx.brand.id },
      { vendorId: fx.vendor.id },
      { familyId: fx.family2.id },
      { brandId: fx.brand.id, status: ['active' as const] },
    ];
    for (const filter of cases) {
      for (const sort of ['name_asc', 'price_desc', 'sku_asc', 'completeness_asc'] as const) {
        const walk = await pageRows(t.app.ctx.db, orgId, { ...filter, filterSmall: false }, sort, null, 100);
        const driven = await pageRows(t.app.ctx.db, orgId, { ...filter, filterSmall: true }, sort, null, 100);
        expect(walk.length, JSON.stringify(filter)).toBeGreaterThan(0);
        expect(driven).toEqual(walk);
        if (walk.length > 3) {
          const after = walk[2]!;
          expect(await pageRows(t.app.ctx.db, orgId, { ...filter, filterSmall: true }, sort, [after.key, after.id], 100)).toEqual(
            walk.slice(3),
          );
        }
      }
    }
    expect(await equalityFilterIsSmall(t.app.ctx.db, orgId, { brandId: fx.brand.id })).toBe(true);
    expect(await equalityFilterIsSmall(t.app.ctx.db, orgId, {})).toBe(false);
  });

  it('searches SKU and names in English and Arabic; one character is a SKU prefix; LIKE characters are literal', async () => {
    const apple = await pages(`&q=${encodeURIComponent('APPLE')}`);
    expect(apple.length).toBe(9);
    expect(apple.every((i) => i.nameEn.toLowerCase().includes('apple'))).toBe(true);
    const sidr = await pages(`&q=${encodeURIComponent('السدر')}`);
    expect(sidr.length).toBe(15);
    expect(sidr.every((i) => i.nameAr.includes('السدر'))).toBe(true);
    expect((await pages(`&q=${encodeURIComponent('p-01')}`)).length).toBe(10);
    expect((await pages('&q=p')).length).toBe(30);
    expect((await pages('&q=a')).length).toBe(0);
    expect((await pages(`&q=${encodeURIComponent('%')}`)).length).toBe(0);
    expect((await pages(`&q=${encodeURIComponent('p_0')}`)).length).toBe(0);
  });

  it('shows the joins of the page: brand, categories, image URL, variant count', async () => {
    const items = await pages('&sort=sku_asc', 50);
    const first = items.find((i) => i.id === all[0]!.id)!;
    expect(first.brand?.id).toBe(fx.brand2.id);
    expect(first.categories.map((c) => c.id)).toEqual([fx.citrus.id]);
    expect(first.imageUrl).toMatch(/^\/storage\/v1\/object\/public\/.+\.thumb\.webp$/);
    expect(first.variantCount).toBe(0);
    expect(items.filter((i) => i.imageUrl)).toHaveLength(1);
  });
});

describe(`product bulk changes (${driver})`, () => {
  it('is all or nothing: an id of another organization answers 404 naming it and changes nothing', async () => {
    const theirs = await created<{ id: string }>(other.post('/products', { sku: 'THEIRS-1', nameEn: 'x' }));
    const ids = [all[1]!.id, all[2]!.id, theirs.id];
    const res = await api.post('/products/bulk', { action: 'set_status', status: 'active', ids });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain(theirs.id);
    const p1 = (await api.get(`/products/${all[1]!.id}`)).json() as { status: string; version: number };
    expect(p1).toMatchObject({ status: 'active', version: 1 });
    const p2 = (await api.get(`/products/${all[2]!.id}`)).json() as { status: string; version: number };
    expect(p2).toMatchObject({ status: 'archived', version: 1 });
  });

  it('sets status, adds and removes categories, archives; one version per changed product', async () => {
    const ids = [all[3]!.id, all[4]!.id, all[5]!.id];
    const r1 = await created<{ updated: number; unchanged: number }>(
      api.post('/products/bulk', { action: 'set_status', status: 'active', ids }),
    );
    expect(r1).toEqual({ updated: 2, unchanged: 1 });
    const r2 = await created<{ updated: number }>(
      api.post('/products/bulk', { action: 'add_categories', categoryIds: [fx.tools.id], ids }),
    );
    expect(r2).toEqual({ updated: 2, unchanged: 1 });
    const p3 = (await api.get(`/products/${all[3]!.id}`)).json() as { categoryIds: string[]; version: number; status: string };
    expect(p3.categoryIds.sort()).toEqual([fx.citrus.id, fx.tools.id].sort());
    const r3 = await created(api.post('/products/bulk', { action: 'remove_categories', categoryIds: [fx.citrus.id], ids }));
    expect(r3).toEqual({ updated: 1, unchanged: 2 });
    const bad = await api.post('/products/bulk', { action: 'add_categories', categoryIds: [otherFx.food.id], ids });
    expect(bad.statusCode).toBe(422);
    expect(fieldOf(bad)).toBe('categoryIds.0');
    const r4 = await created(api.post('/products/bulk', { action: 'archive', ids }));
    expect(r4).toEqual({ updated: 3, unchanged: 0 });
    const versions = (await api.get(`/products/${all[3]!.id}/versions`)).json() as {
      version: number;
      action: string;
      changedFields: string[];
    }[];
    expect(versions.map((v) => `${v.version}:${v.action}:${v.changedFields.join('+')}`)).toEqual([
      '5:bulk:status',
      '4:bulk:categoryIds',
      '3:bulk:categoryIds',
      '2:bulk:status',
      '1:create:',
    ]);
    const p3b = (await api.get(`/products/${all[3]!.id}`)).json() as { version: number; status: string; categoryIds: string[] };
    expect(p3b).toMatchObject({ version: 5, status: 'archived', categoryIds: [fx.tools.id] });
  });

  it('keeps each product’s copy of its categories (what a large subtree filter tests) equal to its category rows', async () => {
    const copyDiffers = async () => {
      const res = await t.app.ctx.db.execute(sql`select p.sku from products p where p.org_id = ${orgId} and p.category_ids is distinct from
        coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}')`);
      return (res as unknown as { rows: { sku: string }[] }).rows.map((r) => r.sku);
    };
    const p = all[6]!.id;
    expect((await api.patch(`/products/${p}`, { categoryIds: [fx.tools.id, fx.citrus.id] })).statusCode).toBe(200);
    expect((await api.patch(`/products/${p}`, { categoryIds: [] })).statusCode).toBe(200);
    expect(
      (
        (await t.app.ctx.db.execute(sql`select cardinality(category_ids) as n from products where id = ${p}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    ).toBe(0);
    expect((await api.post(`/products/${p}/versions/1/restore`)).statusCode).toBeLessThan(300);
    // Bulk assignment and removal, and a row moved to another category in place.
    await created(api.post('/products/bulk', { action: 'add_categories', categoryIds: [fx.fruit.id], ids: [all[7]!.id, all[8]!.id] }));
    await created(api.post('/products/bulk', { action: 'remove_categories', categoryIds: [fx.fruit.id], ids: [all[8]!.id] }));
    await t.app.ctx.db.execute(
      sql`update product_categories set category_id = ${fx.food.id} where product_id = ${all[9]!.id} and category_id = (select category_id from product_categories where product_id = ${all[9]!.id} order by category_id limit 1)`,
    );
    expect(await copyDiffers()).toEqual([]);
    const walk = await pageRows(
      t.app.ctx.db,
      orgId,
      { categoryIds: [fx.food.id, fx.fruit.id], categorySmall: false },
      'sku_asc',
      null,
      100,
    );
    const driven = await pageRows(
      t.app.ctx.db,
      orgId,
      { categoryIds: [fx.food.id, fx.fruit.id], categorySmall: true },
      'sku_asc',
      null,
      100,
    );
    expect(walk.map((x) => x.id)).toContain(all[9]!.id);
    expect(walk).toEqual(driven);
  });
});

describe(`saved views (${driver})`, () => {
  it('keeps views per user: unique names per user, another user cannot see or change them', async () => {
    const config = { filters: { status: ['active'], q: 'honey' }, sort: 'name_asc', columns: ['status', 'brand'] };
    const v = await created<{ id: string; name: string }>(api.post('/product-views', { name: 'Active honey', config }));
    const dup = await api.post('/product-views', { name: 'ACTIVE HONEY', config });
    expect(dup.statusCode).toBe(409);
    expect(fieldOf(dup)).toBe('name');
    const colleague = client(t, bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' }))));
    expect((await colleague.get('/product-views')).json()).toEqual([]);
    expect((await colleague.post('/product-views', { name: 'Active honey', config })).statusCode).toBe(201);
    expect((await colleague.patch(`/product-views/${v.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await colleague.del(`/product-views/${v.id}`)).statusCode).toBe(404);
    const renamed = await created<{ name: string; config: unknown }>(api.patch(`/product-views/${v.id}`, { name: 'Honey only' }));
    expect(renamed).toMatchObject({ name: 'Honey only', config });
    expect(((await api.get('/product-views')).json() as { name: string }[]).map((x) => x.name)).toEqual(['Honey only']);
    expect((await api.del(`/product-views/${v.id}`)).statusCode).toBe(200);
    expect((await api.get('/product-views')).json()).toEqual([]);
  });

  it('offers the form options of the organization only', async () => {
    const o = (await api.get('/products/form-options')).json() as {
      brands: { id: string }[];
      families: { id: string; attributes: { id: string; options: unknown[] }[] }[];
      categories: unknown[];
      vendors: unknown[];
      taxClasses: { isDefault: boolean }[];
    };
    expect(o.brands.map((b) => b.id).sort()).toEqual([fx.brand.id, fx.brand2.id].sort());
    expect(o.families.find((f) => f.id === fx.family.id)!.attributes).toHaveLength(11);
    expect(o.families.find((f) => f.id === fx.family.id)!.attributes.find((a) => a.id === fx.a.single.id)!.options).toHaveLength(2);
    expect(o.categories).toHaveLength(4);
    expect(o.vendors).toHaveLength(1);
    expect(o.taxClasses.filter((x) => x.isDefault)).toHaveLength(1);
  });
});

describe(`category filter between writes (${driver})`, () => {
  it('filters by the category tree as it is now: a category moved under another is in its filter at once, computed or cached', async () => {
    const fresh = client(t, {
      ...bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' }))),
      'cache-control': 'no-cache',
    });
    const garden = await created<{ id: string }>(api.post('/catalog-categories', { code: 'garden', nameEn: 'Garden', nameAr: 'حديقة' }));
    const seeds = await created<{ id: string }>(api.post('/catalog-categories', { code: 'seeds', nameEn: 'Seeds', nameAr: 'بذور' }));
    const tray = await created<{ id: string }>(api.post('/products', { sku: 'GARDEN-TRAY', nameEn: 'Seed tray', categoryIds: [seeds.id] }));
    const ids = async (a: Api) => {
      const res = await a.get(`/products?limit=50&categoryId=${garden.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: Item[] }).items.map((i) => i.id);
    };
    // Read once each way, so the subtree of Garden (itself alone) and its size are kept.
    expect(await ids(fresh)).toEqual([]);
    expect(await ids(api)).toEqual([]);
    // Only the category table is written: Seeds, with its product, goes under Garden.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/catalog-categories/${seeds.id}/move`,
      headers: bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' }))),
      payload: { parentId: garden.id, position: 0 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids(fresh)).toEqual([tray.id]);
    expect(await ids(api)).toEqual([tray.id]);
    // And out again.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v1/catalog-categories/${seeds.id}/move`,
      headers: bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' }))),
      payload: { parentId: null, position: 0 },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ids(fresh)).toEqual([]);
    expect(await ids(api)).toEqual([]);
  });

  it('keeps a real category tree but not the empty one of an unknown id, which would only push real ones out', async () => {
    const catalog = t.app.ctx.caches.catalog;
    const honey = await created<{ id: string }>(api.post('/catalog-categories', { code: 'honey-kept', nameEn: 'Honey', nameAr: 'عسل' }));
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    for (const id of [honey.id, unknown]) {
      const res = await api.get(`/products?limit=50&categoryId=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { items: Item[] }).items).toEqual([]);
    }
    expect(catalog.get(`product-category-subtree:${orgId}:${honey.id}`)).toBe(JSON.stringify([honey.id]));
    expect(catalog.get(`product-category-subtree:${orgId}:${unknown}`)).toBeUndefined();
    expect(catalog.get(`product-category-small:${orgId}:${unknown}`)).toBeUndefined();
  });
});
