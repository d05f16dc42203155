import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productVariants } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { catalogFixture, created, fieldOf, orgClients, startCatalogApp, type Api, type Fixture } from './products.test-support.js';

let t: TestContext;
let api: Api;
let other: Api;
let orgId: string;
let fx: Fixture;
let otherFx: Fixture;
let otherOrgId: string;
beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  ({ orgId: otherOrgId, api: other } = await orgClients(t));
  fx = await catalogFixture(t, api, orgId);
  otherFx = await catalogFixture(t, other, otherOrgId);
}, 120_000);
afterAll(async () => t?.close());

type P = {
  id: string;
  sku: string;
  version: number;
  values: Record<string, unknown>;
  completeness: { en: { score: number; missing: string[] }; ar: { score: number; missing: string[] } };
  completenessScore: number;
  taxClassId: string | null;
  brandId: string | null;
  familyId: string | null;
  categoryIds: string[];
  variantAxes: string[];
  media: { assetId: string; thumbnailUrl: string | null }[];
  createdBy: { name: string } | null;
};
let n = 0;
const sku = (p = 'SKU') => `${p}-${++n}-${Math.random().toString(36).slice(2, 7)}`;
const make = (body: Record<string, unknown> = {}) => created<P>(api.post('/products', { sku: sku(), nameEn: 'Honey', ...body }));

describe(`products: create, rules, values (${driver})`, () => {
  it('creates a product with the default tax class, completeness, version 1 and an audit entry', async () => {
    const p = await make({
      nameAr: 'عسل',
      brandId: fx.brand.id,
      categoryIds: [fx.fruit.id, fx.food.id],
      mediaAssetIds: [fx.asset],
      vendorId: fx.vendor.id,
    });
    expect(p.taxClassId).toBe(fx.tax.id);
    expect(p.version).toBe(1);
    expect(p.categoryIds).toEqual([fx.fruit.id, fx.food.id].sort());
    expect(p.media[0]!.thumbnailUrl).toMatch(/^\/storage\/v1\/object\/public\/.+\.thumb\.webp$/);
    expect(p.createdBy?.name).toBeTruthy();
    // No family: name and description per locale; en has a name but no description, ar has both missing but name.
    expect(p.completeness.en).toMatchObject({ score: 50, missing: ['description'] });
    expect(p.completenessScore).toBe(50);
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.entityType, 'product')));
    expect(audit.map((x) => x.action)).toEqual(['create']);
  });

  it('refuses a SKU used by another product in any case, and one equal to a variant SKU', async () => {
    const s = sku('Dup');
    await make({ sku: s });
    const dup = await api.post('/products', { sku: s.toLowerCase(), nameEn: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields[0]).toEqual({ field: 'sku', message: 'is already used by another product' });
    const p = await make();
    await t.app.ctx.db.insert(productVariants).values({ orgId, productId: p.id, sku: 'VAR-ONE-1', axisKey: 'k' });
    const v = await api.post('/products', { sku: 'var-one-1', nameEn: 'x' });
    expect(v.statusCode).toBe(409);
    const patch = await api.patch(`/products/${p.id}`, { sku: 'VAR-one-1' });
    expect(patch.statusCode).toBe(409);
    // Another organization may use the same SKU.
    expect((await other.post('/products', { sku: s, nameEn: 'x' })).statusCode).toBe(201);
  });

  it('lets exactly one of racing creates with the same SKU win (the others get 409, no 500)', async () => {
    const s = sku('Race');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post('/products', { sku: i % 2 ? s : s.toLowerCase(), nameEn: `r${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
  });

  it('refuses references of another organization naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ brandId: otherFx.brand.id }, 'brandId'],
      [{ familyId: otherFx.family.id }, 'familyId'],
      [{ vendorId: otherFx.vendor.id }, 'vendorId'],
      [{ taxClassId: otherFx.tax.id }, 'taxClassId'],
      [{ categoryIds: [fx.food.id, fx.fruit.id, otherFx.food.id] }, 'categoryIds.2'],
      [{ mediaAssetIds: [otherFx.asset] }, 'mediaAssetIds.0'],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/products', { sku: sku(), nameEn: 'x', ...body });
      expect(res.statusCode, field).toBe(422);
      expect(fieldOf(res)).toBe(field);
    }
  });

  it('validates a value of every attribute type through the API (one accepted, one refused each)', async () => {
    const a = fx.a;
    const cases: [string, unknown, unknown][] = [
      [a.text.id, 'short', 'far too long text'],
      [a.longText.id, { en: 'Sweet', ar: 'حلو' }, 'not per language'],
      [a.number.id, 12.5, 12.55],
      [a.boolean.id, true, 'yes'],
      [a.single.id, 'red', 'green'],
      [a.multi.id, ['a', 'b'], ['a', 'b', 'c']],
      [a.date.id, '2024-02-29', '2019-12-31'],
      [a.price.id, 1999, -1],
      [a.measurement.id, 2.5, 'heavy'],
      [a.media.id, fx.asset, otherFx.asset],
    ];
    const p = await make({ familyId: fx.family.id });
    for (const [id, good, bad] of cases) {
      const ok = await api.patch(`/products/${p.id}`, { values: { [id]: good } });
      expect(ok.statusCode, `${id} ${JSON.stringify(good)}: ${ok.body}`).toBe(200);
      expect(ok.json().values[id]).toEqual(good);
      const no = await api.patch(`/products/${p.id}`, { values: { [id]: bad } });
      expect(no.statusCode, `${id} ${JSON.stringify(bad)}`).toBe(422);
      expect(fieldOf(no)).toBe(`values.${id}`);
    }
    const foreign = await api.patch(`/products/${p.id}`, { values: { [otherFx.a.text.id]: 'x' } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields[0]).toEqual({ field: `values.${otherFx.a.text.id}`, message: 'is not an attribute of the family' });
    const cleared = await created<P>(api.patch(`/products/${p.id}`, { values: { [a.text.id]: null } }));
    expect(cleared.values).not.toHaveProperty(a.text.id);
  });

  it('computes completeness per locale with localisable attributes, and recomputes on family change and family edits', async () => {
    const a = fx.a;
    const p = await make({
      nameAr: 'عسل',
      descriptionEn: 'Good',
      familyId: fx.family.id,
      values: { [a.text.id]: 'abc', [a.longText.id]: { en: 'Sweet' } },
    });
    // en: name, description, text, longText(en) = 4/4; ar: name ok, description missing, text ok, longText(ar) missing.
    expect(p.completeness.en).toMatchObject({ score: 100, missing: [] });
    expect(p.completeness.ar).toMatchObject({ score: 50, missing: ['description', a.longText.id] });
    expect(p.completenessScore).toBe(50);
    const full = await created<P>(
      api.patch(`/products/${p.id}`, { descriptionAr: 'جيد', values: { [a.longText.id]: { en: 'Sweet', ar: 'حلو' } } }),
    );
    expect(full.completenessScore).toBe(100);
    // Family change: the new family has text (optional) and number (required); other values are dropped.
    const moved = await created<P>(api.patch(`/products/${p.id}`, { familyId: fx.family2.id }));
    expect(Object.keys(moved.values)).toEqual([a.text.id]);
    expect(moved.completeness.en.missing).toEqual([a.number.id]);
    expect(moved.completenessScore).toBe(66);
    // The family now makes text optional and number optional: every product of the family recomputes.
    await created(
      api.patch(`/attribute-families/${fx.family2.id}`, {
        attributes: [
          { attributeId: a.text.id, required: false },
          { attributeId: a.number.id, required: false },
        ],
      }),
    );
    expect((await created<P>(api.get(`/products/${p.id}`))).completenessScore).toBe(100);
    await created(
      api.patch(`/attribute-families/${fx.family2.id}`, {
        attributes: [
          { attributeId: a.text.id, required: false },
          { attributeId: a.number.id, required: true },
        ],
      }),
    );
    expect((await created<P>(api.get(`/products/${p.id}`))).completenessScore).toBe(66);
  });

  it('checks variant axes against the family and refuses changing them while variants exist', async () => {
    const p = await make({ familyId: fx.family.id });
    const bad = await api.patch(`/products/${p.id}`, { variantAxes: [fx.a.multi.id] });
    expect(bad.statusCode).toBe(422);
    expect(fieldOf(bad)).toBe('variantAxes.0');
    const ok = await created<P>(api.patch(`/products/${p.id}`, { variantAxes: [fx.a.single.id] }));
    expect(ok.variantAxes).toEqual([fx.a.single.id]);
    await t.app.ctx.db.insert(productVariants).values({ orgId, productId: p.id, sku: sku('V'), axisKey: 'red' });
    const locked = await api.patch(`/products/${p.id}`, { variantAxes: [fx.a.single.id, fx.a.size.id] });
    expect(locked.statusCode).toBe(409);
  });

  it('refuses a product-level value for an attribute that is a variant axis (422 naming the value)', async () => {
    const p = await make({ familyId: fx.family.id, values: { [fx.a.single.id]: 'red' } });
    await created<P>(api.patch(`/products/${p.id}`, { variantAxes: [fx.a.single.id] }));
    const contradicting = await api.patch(`/products/${p.id}`, { values: { [fx.a.single.id]: 'blue' } });
    expect(contradicting.statusCode).toBe(422);
    expect(fieldOf(contradicting)).toBe(`values.${fx.a.single.id}`);
    const both = await api.patch(`/products/${p.id}`, { variantAxes: [fx.a.size.id], values: { [fx.a.size.id]: 's' } });
    expect(both.statusCode).toBe(422);
    expect(fieldOf(both)).toBe(`values.${fx.a.size.id}`);
    // Clearing the value stays allowed, and other attributes are unaffected.
    const cleared = await created<P>(api.patch(`/products/${p.id}`, { values: { [fx.a.single.id]: null, [fx.a.size.id]: 'm' } }));
    expect(cleared.values).toEqual({ [fx.a.size.id]: 'm' });
  });

  it('refuses a stale expectedVersion and writes no version for a no-op change', async () => {
    const p = await make();
    const v2 = await created<P>(api.patch(`/products/${p.id}`, { nameEn: 'Honey 2', expectedVersion: 1 }));
    expect(v2.version).toBe(2);
    const stale = await api.patch(`/products/${p.id}`, { nameEn: 'Honey 3', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed by someone else since you opened it/);
    const same = await created<P>(api.patch(`/products/${p.id}`, { nameEn: 'Honey 2' }));
    expect(same.version).toBe(2);
    expect((await api.get(`/products/${p.id}/versions`)).json()).toHaveLength(2);
  });
});

describe(`products: history (${driver})`, () => {
  it('lists versions newest first with the actor, diffs field by field and restores as a new version', async () => {
    const p = await make({ brandId: fx.brand.id, familyId: fx.family.id, values: { [fx.a.text.id]: 'one' } });
    await created(
      api.patch(`/products/${p.id}`, { nameEn: 'Honey jar', priceMinor: 1250, values: { [fx.a.text.id]: 'two', [fx.a.boolean.id]: true } }),
    );
    await created(api.patch(`/products/${p.id}`, { categoryIds: [fx.tools.id] }));
    const list = (await api.get(`/products/${p.id}/versions`)).json() as {
      version: number;
      action: string;
      changedFields: string[];
      actor: { name: string };
    }[];
    expect(list.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(list[2]!.action).toBe('create');
    expect(list[1]!.changedFields.sort()).toEqual(['nameEn', 'priceMinor', `values.${fx.a.boolean.id}`, `values.${fx.a.text.id}`].sort());
    expect(list[0]!.actor.name).toBeTruthy();
    const v2 = (await api.get(`/products/${p.id}/versions/2`)).json() as {
      diff: { field: string; before: unknown; after: unknown }[];
      snapshot: Record<string, unknown>;
    };
    expect(v2.diff).toContainEqual({ field: 'nameEn', before: 'Honey', after: 'Honey jar' });
    expect(v2.diff).toContainEqual({ field: `values.${fx.a.text.id}`, before: 'one', after: 'two' });
    expect(v2.diff).toContainEqual({ field: `values.${fx.a.boolean.id}`, before: null, after: true });
    expect(v2.snapshot).toMatchObject({ nameEn: 'Honey jar', priceMinor: 1250 });
    expect((await api.get(`/products/${p.id}/versions/9`)).statusCode).toBe(404);

    const restored = await created<P & { nameEn: string; priceMinor: number }>(api.post(`/products/${p.id}/versions/1/restore`));
    expect(restored).toMatchObject({ version: 4, nameEn: 'Honey', priceMinor: 0, categoryIds: [] });
    expect(restored.values).toEqual({ [fx.a.text.id]: 'one' });
    const v4 = (await api.get(`/products/${p.id}/versions/4`)).json() as {
      action: string;
      restoredFrom: number;
      diff: { field: string }[];
    };
    expect(v4).toMatchObject({ action: 'restore', restoredFrom: 1 });
    expect(v4.diff.map((d) => d.field).sort()).toEqual(
      ['categoryIds', 'nameEn', 'priceMinor', `values.${fx.a.boolean.id}`, `values.${fx.a.text.id}`].sort(),
    );
  });

  it('restores a version whose brand was deleted since, leaving the brand out and naming it', async () => {
    const brand = await created(api.post('/brands', { code: `gone${n}`, nameEn: 'Gone', nameAr: 'ذهب' }));
    const p = await make({ brandId: brand.id });
    await created(api.patch(`/products/${p.id}`, { brandId: fx.brand2.id }));
    expect((await api.del(`/brands/${brand.id}`)).statusCode).toBe(200);
    const restored = await created<P>(api.post(`/products/${p.id}/versions/1/restore`));
    expect(restored.brandId).toBeNull();
    const v3 = (await api.get(`/products/${p.id}/versions/3`)).json() as {
      leftOut: { field: string; id: string }[];
      snapshot: { leftOut: unknown };
    };
    expect(v3.leftOut).toEqual([{ field: 'brandId', id: brand.id }]);
  });
});

describe(`products: isolation and in-use refusals (${driver})`, () => {
  it("answers 404 for another organization's product on every route with an id", async () => {
    const theirs = await created<P>(other.post('/products', { sku: sku(), nameEn: 'Theirs' }));
    const calls = [
      api.get(`/products/${theirs.id}`),
      api.patch(`/products/${theirs.id}`, { nameEn: 'Mine now' }),
      api.del(`/products/${theirs.id}`),
      api.get(`/products/${theirs.id}/versions`),
      api.get(`/products/${theirs.id}/versions/1`),
      api.post(`/products/${theirs.id}/versions/1/restore`),
      api.post('/products/bulk', { action: 'archive', ids: [theirs.id] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const still = await created<P & { nameEn: string }>(other.get(`/products/${theirs.id}`));
    expect(still).toMatchObject({ nameEn: 'Theirs', version: 1 });
  });

  it('refuses to delete a category, brand, tax class, family or attribute that products use (409 naming the count)', async () => {
    const fam = await created(api.post('/attribute-families', { code: `f${n}x`, nameEn: 'F', nameAr: 'ف', attributes: [] }));
    const attr = await created(api.post('/attributes', { code: `at${n}x`, nameEn: 'A', nameAr: 'س', type: 'text' }));
    const fam2 = await created(
      api.post('/attribute-families', {
        code: `f${n}y`,
        nameEn: 'F2',
        nameAr: 'ف',
        attributes: [{ attributeId: attr.id, required: false }],
      }),
    );
    const cat = await created(api.post('/catalog-categories', { code: `c${n}x`, nameEn: 'C', nameAr: 'ج' }));
    const brand = await created(api.post('/brands', { code: `b${n}x`, nameEn: 'B', nameAr: 'ب' }));
    const tax = await created(api.post('/tax-classes', { code: `t${n}x`, nameEn: 'T', nameAr: 'ت' }));
    for (let i = 0; i < 3; i++) await make({ familyId: fam.id, categoryIds: [cat.id], brandId: brand.id, taxClassId: tax.id });
    const p = await make({ familyId: fam2.id, values: { [attr.id]: 'x' } });
    // The family drops the attribute; the product keeps its value (so the attribute is still in use).
    await created(api.patch(`/attribute-families/${fam2.id}`, { attributes: [] }));
    const checks: [string, RegExp][] = [
      [`/attribute-families/${fam.id}`, /attribute family is used by 3 products/],
      [`/catalog-categories/${cat.id}`, /category is used by 3 products/],
      [`/brands/${brand.id}`, /brand is used by 3 products/],
      [`/tax-classes/${tax.id}`, /tax class is used by 3 products/],
      [`/attribute-families/${fam2.id}`, /attribute family is used by 1 product\b/],
    ];
    for (const [url, message] of checks) {
      const res = await api.del(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.message).toMatch(message);
    }
    // The attribute is in no family any more but a product still holds its value.
    expect((await created<P>(api.get(`/products/${p.id}`))).values).toHaveProperty(attr.id);
    const attrDel = await api.del(`/attributes/${attr.id}`);
    expect(attrDel.statusCode).toBe(409);
    expect(attrDel.json().error.message).toMatch(/attribute is used by 1 product\b/);
  });

  it('deletes a product with its history', async () => {
    const p = await make();
    expect((await api.del(`/products/${p.id}`)).statusCode).toBe(200);
    expect((await api.get(`/products/${p.id}`)).statusCode).toBe(404);
    expect((await api.get(`/products/${p.id}/versions`)).statusCode).toBe(404);
  });
});
