import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { assets, objects } from '../../db/schema/index.js';
import { createBucket, createObject, createVendorRow } from '../../../test/factories/vendors.js';
import type { TestContext } from '../../../test/harness.js';
import type { Api } from '../master-data/master-data.test-support.js';
import type { ProductSnapshot } from './product-snapshot.js';

export { client, fieldOf, orgAdmin, orgClients, startCatalogApp, type Api } from '../master-data/master-data.test-support.js';

/** A new product's snapshot as createProducts takes it: an active product named after its SKU, the rest empty. */
export const productSnapshot = (sku: string, over: Partial<ProductSnapshot> = {}): ProductSnapshot => ({
  sku,
  nameEn: `Item ${sku}`,
  nameAr: '',
  descriptionEn: '',
  descriptionAr: '',
  status: 'active',
  priceMinor: 100,
  brandId: null,
  familyId: null,
  vendorId: null,
  taxClassId: null,
  categoryIds: [],
  values: {},
  variantAxes: [],
  mediaAssetIds: [],
  ...over,
});

export async function created<T = { id: string }>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json() as T;
}

/** An asset row of the organization (metadata only), with a thumbnail. */
export async function createAsset(t: TestContext, orgId: string, bucketId?: string): Promise<string> {
  const bucket = bucketId ?? (await createBucket(t.app, orgId, { public: true }));
  const path = await createObject(t.app, bucket, orgId, { path: `products/${randomUUID()}.webp`, mimetype: 'image/webp' });
  const [obj] = await t.app.ctx.db.select({ id: objects.id }).from(objects).where(eq(objects.name, path)).limit(1);
  const [row] = await t.app.ctx.db
    .insert(assets)
    .values({
      orgId,
      objectId: obj!.id,
      bucketId: bucket,
      path,
      fileName: 'jar.webp',
      mimeType: 'image/webp',
      sizeBytes: 100,
      width: 10,
      height: 10,
      checksum: 'x'.repeat(64),
      thumbnailPath: `${path}.thumb.webp`,
    })
    .returning();
  return row!.id;
}

const code = (p: string) => `${p}_${randomUUID().slice(0, 6)}`;

/** Master data for products: brands, a default tax class, a category tree, one attribute of every type, two families, a vendor, a file. */
export async function catalogFixture(t: TestContext, api: Api, orgId: string) {
  const brand = await created(api.post('/brands', { code: code('acme'), nameEn: 'Acme', nameAr: 'أكمي' }));
  const brand2 = await created(api.post('/brands', { code: code('zen'), nameEn: 'Zen', nameAr: 'زن' }));
  const tax = await created(api.post('/tax-classes', { code: code('std'), nameEn: 'Standard', nameAr: 'قياسي', isDefault: true }));
  const tax2 = await created(api.post('/tax-classes', { code: code('zero'), nameEn: 'Zero', nameAr: 'صفر' }));
  const food = await created(api.post('/catalog-categories', { code: code('food'), nameEn: 'Food', nameAr: 'طعام' }));
  const fruit = await created(
    api.post('/catalog-categories', { code: code('fruit'), nameEn: 'Fruit', nameAr: 'فاكهة', parentId: food.id }),
  );
  const citrus = await created(
    api.post('/catalog-categories', { code: code('citrus'), nameEn: 'Citrus', nameAr: 'حمضيات', parentId: fruit.id }),
  );
  const tools = await created(api.post('/catalog-categories', { code: code('tools'), nameEn: 'Tools', nameAr: 'أدوات' }));
  const unit = await created(
    api.post('/units', { code: code('kg'), kind: 'weight', symbol: 'kg', nameEn: 'Kilogram', nameAr: 'كيلوغرام' }),
  );
  const attr = async (type: string, extra: Record<string, unknown> = {}) =>
    created(api.post('/attributes', { code: code(type), nameEn: type, nameAr: `سمة ${type}`, type, ...extra }));
  const opts = (...codes: string[]) => codes.map((c) => ({ code: c, labelEn: c, labelAr: `خيار ${c}` }));
  const a = {
    text: await attr('text', { validation: { maxLength: 10 } }),
    longText: await attr('long_text', { localizable: true }),
    number: await attr('number', { validation: { min: 0, max: 100, decimals: 1 } }),
    boolean: await attr('boolean'),
    single: await attr('single_select', { options: opts('red', 'blue') }),
    size: await attr('single_select', { options: opts('s', 'm', 'l') }),
    multi: await attr('multi_select', { options: opts('a', 'b', 'c'), validation: { maxChoices: 2 } }),
    date: await attr('date', { validation: { min: '2020-01-01' } }),
    price: await attr('price', { validation: { min: 0 } }),
    measurement: await attr('measurement', { unitId: unit.id }),
    media: await attr('media'),
  };
  const family = await created(
    api.post('/attribute-families', {
      code: code('fam'),
      nameEn: 'Everything',
      nameAr: 'كل شيء',
      attributes: [
        { attributeId: a.text.id, required: true },
        { attributeId: a.longText.id, required: true },
        { attributeId: a.number.id, required: false },
        { attributeId: a.boolean.id, required: false },
        { attributeId: a.single.id, required: false },
        { attributeId: a.size.id, required: false },
        { attributeId: a.multi.id, required: false },
        { attributeId: a.date.id, required: false },
        { attributeId: a.price.id, required: false },
        { attributeId: a.measurement.id, required: false },
        { attributeId: a.media.id, required: false },
      ],
    }),
  );
  const family2 = await created(
    api.post('/attribute-families', {
      code: code('fam2'),
      nameEn: 'Simple',
      nameAr: 'بسيط',
      attributes: [
        { attributeId: a.text.id, required: false },
        { attributeId: a.number.id, required: true },
      ],
    }),
  );
  const vendor = await createVendorRow(t.app, orgId, { publicName: 'Green Farm' });
  const asset = await createAsset(t, orgId);
  return { brand, brand2, tax, tax2, food, fruit, citrus, tools, unit, a, family, family2, vendor, asset };
}

export type Fixture = Awaited<ReturnType<typeof catalogFixture>>;
