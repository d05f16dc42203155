import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsRoutes } from '@market/contracts';
import { driver, type TestContext } from '../../../test/harness.js';
import { createTestApp } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { publicObjectUrl } from '../storage/storage.paths.js';
import { client, orgAdmin } from '../master-data/master-data.test-support.js';
import { catalogFixture, createAsset, created, type Api, type Fixture } from './products.test-support.js';

/**
 * products.list_item (decision 016): the list reads each row's item as JSON the database keeps ready. These tests
 * hold it equal to what the normalised tables say (the joins the list ran before), after every kind of change that
 * shows in the list, in the writer's own next page (computed and cached), in the writer's transaction.
 */
let t: TestContext;
let api: Api;
let fresh: Api;
let orgId: string;
let fx: Fixture;
let ids: string[] = [];

type Item = ReturnType<typeof productsRoutes.productListItemSchema.parse>;

beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  const a = await orgAdmin(t);
  orgId = a.orgId;
  api = client(t, a.admin);
  fresh = client(t, { ...a.admin, 'cache-control': 'no-cache' });
  fx = await catalogFixture(t, api, orgId);
  const asset2 = await createAsset(t, orgId);
  for (let i = 0; i < 6; i++) {
    const p = await created(
      api.post('/products', {
        sku: `PRJ-${i}`,
        nameEn: `Jar ${i}`,
        nameAr: `جرة ${i}`,
        priceMinor: 100 * i,
        brandId: i % 2 ? fx.brand.id : null,
        vendorId: i % 3 ? fx.vendor.id : null,
        familyId: i % 2 ? fx.family.id : fx.family2.id,
        categoryIds: i % 2 ? [fx.citrus.id, fx.tools.id] : [fx.food.id],
        mediaAssetIds: i === 0 ? [fx.asset, asset2] : [],
      }),
    );
    ids.push(p.id);
  }
  ids = ids.reverse();
});
afterAll(async () => t?.close());

/** The list items as the normalised tables give them (the joins the list ran before decision 016). */
async function expectedItems(): Promise<Map<string, Item>> {
  const res = await t.app.ctx.db.execute(sql`
    select p.id, p.sku, p.name_en, p.name_ar, p.status, p.price_minor, p.completeness_score,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
      b.id as brand_id, b.name_en as brand_en, b.name_ar as brand_ar, v.id as vendor_id, v.public_name as vendor_name,
      f.id as family_id, f.name_en as family_en, f.name_ar as family_ar,
      (select count(*)::int from product_variants pv where pv.product_id = p.id) as variant_count,
      (select json_build_array(a.bucket_id, a.thumbnail_path)::text from product_media pm join assets a on a.id = pm.asset_id
        where pm.product_id = p.id order by pm.position, pm.asset_id limit 1) as thumb,
      (select json_agg(json_build_array(cc.id, cc.name_en, cc.name_ar) order by cc.name_en, cc.id)::text
        from product_categories pc join catalog_categories cc on cc.id = pc.category_id where pc.product_id = p.id) as cats
    from products p left join brands b on b.id = p.brand_id left join vendors v on v.id = p.vendor_id
    left join attribute_families f on f.id = p.family_id where p.org_id = ${orgId}`);
  const out = new Map<string, Item>();
  for (const r of (res as unknown as { rows: Record<string, string | number | null>[] }).rows) {
    const thumb = r.thumb ? (JSON.parse(String(r.thumb)) as [string, string | null]) : null;
    const cats = r.cats ? (JSON.parse(String(r.cats)) as [string, string, string][]) : [];
    out.set(String(r.id), {
      id: String(r.id),
      sku: String(r.sku),
      nameEn: String(r.name_en),
      nameAr: String(r.name_ar),
      status: r.status as Item['status'],
      priceMinor: Number(r.price_minor),
      brand: r.brand_id ? { id: String(r.brand_id), nameEn: String(r.brand_en), nameAr: String(r.brand_ar) } : null,
      vendor: r.vendor_id ? { id: String(r.vendor_id), name: String(r.vendor_name) } : null,
      family: r.family_id ? { id: String(r.family_id), nameEn: String(r.family_en), nameAr: String(r.family_ar) } : null,
      categories: cats.map(([id, nameEn, nameAr]) => ({ id, nameEn, nameAr })),
      completenessScore: Number(r.completeness_score),
      variantCount: Number(r.variant_count),
      imageUrl: thumb?.[1] ? publicObjectUrl(thumb[0], thumb[1]) : null,
      createdAt: String(r.created_at),
      updatedAt: String(r.updated_at),
    });
  }
  return out;
}

/** The writer's next page, computed and from the cache: both byte-identical, valid, and equal to the tables. */
async function pageAgreesWithTables(): Promise<Item[]> {
  const computed = await fresh.get('/products?limit=100');
  const cached = await api.get('/products?limit=100');
  expect(computed.statusCode, computed.body).toBe(200);
  expect(cached.body).toBe(computed.body);
  // Compact JSON (no whitespace between elements) in ASCII: the very bytes JSON.stringify writes for the parsed
  // page, with every character beyond ASCII as its \u escape (migration 0018).
  expect(computed.body).toMatch(/^[\x20-\x7e]*$/);
  expect(computed.body).toBe(asciiJson(JSON.stringify(JSON.parse(computed.body))));
  const page = productsRoutes.productPageSchema.strict().parse(JSON.parse(computed.body));
  for (const item of page.items) productsRoutes.productListItemSchema.strict().parse(item);
  const want = await expectedItems();
  expect(page.items.length).toBe(want.size);
  for (const item of page.items) expect(item).toEqual(want.get(item.id));
  return page.items;
}
/** JSON text with every UTF-16 unit beyond ASCII written as \uXXXX (lower-case hex), as json_ascii() writes it. */
const asciiJson = (text: string) => text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const itemOf = (items: Item[], id: string) => items.find((i) => i.id === id)!;

describe(`product list projection (${driver})`, () => {
  it('starts equal to the tables: names, categories in name order, variant count, first image', async () => {
    const items = await pageAgreesWithTables();
    const first = itemOf(items, ids[5]!);
    expect(first.imageUrl).toBe(publicObjectUrl(...(await thumbOf(fx.asset))));
    expect(itemOf(items, ids[4]!).categories.map((c) => c.nameEn)).toEqual(['Citrus', 'Tools']);
  });

  it('writes every name in ASCII escapes that read back as typed: Arabic, accents, symbols beyond U+FFFF', async () => {
    const nameEn = 'Café crème 🍯 — “honey” ½';
    const nameAr = 'عسلٌ طبيعيّ ١٠٠٪ 🐝';
    const p = await created(api.post('/products', { sku: 'PRJ-ASCII', nameEn, nameAr, priceMinor: 1 }));
    const item = itemOf(await pageAgreesWithTables(), p.id);
    expect([item.nameEn, item.nameAr]).toEqual([nameEn, nameAr]);
    const body = (await fresh.get('/products?limit=1')).body;
    expect(body).toContain('\\ud83c\\udf6f');
    expect(body).toContain('\\u0639\\u0633\\u0644');
    expect((await api.del(`/products/${p.id}`)).statusCode).toBe(200);
  });

  it('variant added and removed: the count follows in the writer next page', async () => {
    const p = ids[4]!; // family "Everything" has the size select
    const v = await created(api.post(`/products/${p}/variants`, { axisValues: [{ attributeId: fx.a.size.id, optionCode: 's' }] }));
    expect(itemOf(await pageAgreesWithTables(), p).variantCount).toBe(1);
    await created(api.post(`/products/${p}/variants`, { axisValues: [{ attributeId: fx.a.size.id, optionCode: 'm' }] }));
    expect(itemOf(await pageAgreesWithTables(), p).variantCount).toBe(2);
    expect((await api.del(`/product-variants/${v.id}`)).statusCode).toBe(200);
    expect(itemOf(await pageAgreesWithTables(), p).variantCount).toBe(1);
  });

  it('media reordered, added and removed: the thumbnail is the first image', async () => {
    const p = ids[5]!;
    const [a1, a2] = await mediaOf(p);
    await created(api.patch(`/products/${p}`, { mediaAssetIds: [a2, a1] }));
    expect(itemOf(await pageAgreesWithTables(), p).imageUrl).toBe(publicObjectUrl(...(await thumbOf(a2!))));
    await created(api.patch(`/products/${p}`, { mediaAssetIds: [] }));
    expect(itemOf(await pageAgreesWithTables(), p).imageUrl).toBeNull();
    await created(api.patch(`/products/${p}`, { mediaAssetIds: [a1] }));
    expect(itemOf(await pageAgreesWithTables(), p).imageUrl).toBe(publicObjectUrl(...(await thumbOf(a1!))));
    // Positions changed in place (as an import may do), not through the product's own update.
    await created(api.patch(`/products/${p}`, { mediaAssetIds: [a1, a2] }));
    await t.app.ctx.db.execute(
      sql`update product_media set position = case when asset_id = ${a1} then 1 else 0 end where product_id = ${p}`,
    );
    expect(itemOf(await pageAgreesWithTables(), p).imageUrl).toBe(publicObjectUrl(...(await thumbOf(a2!))));
    // The asset's thumbnail replaced (e.g. regenerated): every product showing it follows.
    await t.app.ctx.db.execute(sql`update assets set thumbnail_path = thumbnail_path || '.v2 x' where id = ${a2}`);
    expect(itemOf(await pageAgreesWithTables(), p).imageUrl).toMatch(/\.v2%20x$/);
  });

  it('category renamed: every product in it shows the new name, in name order', async () => {
    await created(api.patch(`/catalog-categories/${fx.tools.id}`, { nameEn: 'Apiary tools', nameAr: 'أدوات النحل' }));
    const items = await pageAgreesWithTables();
    expect(itemOf(items, ids[4]!).categories.map((c) => c.nameEn)).toEqual(['Apiary tools', 'Citrus']);
    // Assigned and removed through a bulk change.
    await created(api.post('/products/bulk', { action: 'add_categories', categoryIds: [fx.tools.id], ids: [ids[5]] }));
    expect(itemOf(await pageAgreesWithTables(), ids[5]!).categories.map((c) => c.nameEn)).toEqual(['Apiary tools', 'Food']);
    await created(api.post('/products/bulk', { action: 'remove_categories', categoryIds: [fx.tools.id], ids: [ids[5]] }));
    expect(itemOf(await pageAgreesWithTables(), ids[5]!).categories.map((c) => c.nameEn)).toEqual(['Food']);
  });

  it('brand, vendor and family renamed: the products that show them follow, others stay as they were', async () => {
    const before = await pageAgreesWithTables();
    await created(api.patch(`/brands/${fx.brand.id}`, { nameEn: 'Acme Honey', nameAr: 'أكمي للعسل' }));
    const items = await pageAgreesWithTables();
    expect(itemOf(items, ids[4]!).brand).toMatchObject({ nameEn: 'Acme Honey', nameAr: 'أكمي للعسل' });
    expect(itemOf(items, ids[5]!)).toEqual(itemOf(before, ids[5]!));
    await created(api.patch(`/vendors/${fx.vendor.id}`, { publicName: 'Green Valley Farm' }));
    expect(itemOf(await pageAgreesWithTables(), ids[4]!).vendor?.name).toBe('Green Valley Farm');
    await created(api.patch(`/attribute-families/${fx.family2.id}`, { nameEn: 'Plain', nameAr: 'عادي' }));
    expect(itemOf(await pageAgreesWithTables(), ids[5]!).family).toMatchObject({ nameEn: 'Plain', nameAr: 'عادي' });
  });

  it('the product itself edited (name, price, status, brand): its item follows; a rolled-back rename changes nothing', async () => {
    const p = ids[3]!;
    await created(api.patch(`/products/${p}`, { nameEn: 'Jar "three" \\ ok', priceMinor: 999, status: 'active', brandId: fx.brand2.id }));
    expect(itemOf(await pageAgreesWithTables(), p)).toMatchObject({ nameEn: 'Jar "three" \\ ok', priceMinor: 999, status: 'active' });
    const before = (await fresh.get('/products?limit=100')).body;
    await t.app.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update brands set name_en = 'Never' where id = ${fx.brand2.id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await fresh.get('/products?limit=100')).body).toBe(before);
  });

  it('writes the public URL exactly as storage writes it (each path segment encoded like encodeURIComponent)', async () => {
    const paths = ['a b/c', 'عسل/جرة ١.webp', "x%y#z?q=1&r/it's(ok)!*~", 'emoji/🍯.png', 'a//b', 'trailing/'];
    for (const path of paths) {
      const res = await t.app.ctx.db.execute(sql`select public_object_url(${'my-bucket'}, ${path}) as url`);
      expect((res as unknown as { rows: { url: string }[] }).rows[0]!.url).toBe(publicObjectUrl('my-bucket', path));
    }
  });
});

async function mediaOf(productId: string): Promise<string[]> {
  const res = await t.app.ctx.db.execute(sql`select asset_id from product_media where product_id = ${productId} order by position`);
  return (res as unknown as { rows: { asset_id: string }[] }).rows.map((r) => r.asset_id);
}
async function thumbOf(assetId: string): Promise<[string, string]> {
  const res = await t.app.ctx.db.execute(sql`select bucket_id, thumbnail_path from assets where id = ${assetId}`);
  const r = (res as unknown as { rows: { bucket_id: string; thumbnail_path: string }[] }).rows[0]!;
  return [r.bucket_id, r.thumbnail_path];
}
