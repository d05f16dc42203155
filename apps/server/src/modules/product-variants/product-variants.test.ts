import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeFamilies, attributeFamilyAttributes, attributeOptions, attributes, auditLog, products } from '../../db/schema/index.js';
import { createOrg } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { signedIn, startTwoOrgs, type Headers } from '../access/access.test-support.js';

let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Headers;
let otherAdmin: Headers;
beforeAll(async () => {
  const s = await startTwoOrgs({ admin: 'admin' }, { otherAdmin: 'super_admin' });
  ({ t, orgA, orgB } = s);
  ({ admin, otherAdmin } = s.users);
});
afterAll(async () => t?.close());

const uniq = () => Math.random().toString(36).slice(2, 8);
const emptyCompleteness = { en: { score: 0, required: 0, missing: [] }, ar: { score: 0, required: 0, missing: [] } };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests; the contracts type the app's own code
type Res = { statusCode: number; json: () => any };
const fieldsOf = (res: Res) => ((res.json().error?.fields ?? []) as { field: string }[]).map((f) => f.field);

async function attribute(orgId: string, type: 'single_select' | 'text', codes: string[] = []) {
  const db = t.app.ctx.db;
  const [a] = await db
    .insert(attributes)
    .values({ orgId, code: `attr_${uniq()}`, type, nameEn: 'Size', nameAr: 'المقاس' })
    .returning();
  if (codes.length)
    await db
      .insert(attributeOptions)
      .values(
        codes.map((code, position) => ({ orgId, attributeId: a!.id, code, labelEn: code.toUpperCase(), labelAr: `ع${code}`, position })),
      );
  return a!;
}
async function family(orgId: string, attributeIds: string[]) {
  const db = t.app.ctx.db;
  const [f] = await db
    .insert(attributeFamilies)
    .values({ orgId, code: `fam_${uniq()}`, nameEn: 'Shirts', nameAr: 'قمصان' })
    .returning();
  await db
    .insert(attributeFamilyAttributes)
    .values(attributeIds.map((attributeId, position) => ({ orgId, familyId: f!.id, attributeId, position })));
  return f!;
}
async function product(orgId: string, familyId: string | null, sku = `P${uniq()}`) {
  const [p] = await t.app.ctx.db
    .insert(products)
    .values({ orgId, sku, nameEn: `Shirt ${sku}`, nameAr: 'قميص', familyId, completeness: emptyCompleteness })
    .returning();
  return p!;
}
/** A product whose family has size (s, m, l) and colour (red, blue) selects and a text attribute. */
async function setup(orgId = orgA, sku?: string) {
  const size = await attribute(orgId, 'single_select', ['s', 'm', 'l']);
  const colour = await attribute(orgId, 'single_select', ['red', 'blue']);
  const text = await attribute(orgId, 'text');
  const fam = await family(orgId, [size.id, colour.id, text.id]);
  return { size, colour, text, fam, product: await product(orgId, fam.id, sku) };
}
const generate = (productId: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/variants/generate`, headers, payload: payload as object });
const createOne = (productId: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/variants`, headers, payload: payload as object });
const patchOne = (id: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/product-variants/${id}`, headers, payload: payload as object });
const bulk = (items: unknown[], headers = admin) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/product-variants', headers, payload: { items } });
const list = async (productId: string, headers = admin) =>
  (await t.app.inject({ url: `/api/v1/products/${productId}/variants`, headers })).json();

describe(`product variants (${driver})`, () => {
  it('drops the product-level value of an attribute that becomes an axis, keeping the others', async () => {
    const s = await setup(orgA);
    await t.app.ctx.db
      .update(products)
      .set({ values: { [s.colour.id]: 'red', [s.text.id]: 'cotton' } })
      .where(eq(products.id, s.product.id));
    const res = await generate(s.product.id, { axes: [s.colour.id], values: { [s.colour.id]: ['red', 'blue'] } });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.app.ctx.db.select().from(products).where(eq(products.id, s.product.id));
    expect(stored!.values).toEqual({ [s.text.id]: 'cotton' });
  });

  it('counts a required attribute that becomes an axis as filled in the stored completeness at once', async () => {
    const colour = await attribute(orgA, 'single_select', ['red', 'blue']);
    const [fam] = await t.app.ctx.db
      .insert(attributeFamilies)
      .values({ orgId: orgA, code: `fam_${uniq()}`, nameEn: 'Shirts', nameAr: 'قمصان' })
      .returning();
    await t.app.ctx.db
      .insert(attributeFamilyAttributes)
      .values({ orgId: orgA, familyId: fam!.id, attributeId: colour.id, position: 0, required: true });
    const p = await product(orgA, fam!.id);
    await t.app.ctx.db.update(products).set({ descriptionEn: 'A shirt', descriptionAr: 'قميص' }).where(eq(products.id, p.id));
    const res = await generate(p.id, { axes: [colour.id], values: { [colour.id]: ['red', 'blue'] } });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.app.ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(stored!.completenessScore).toBe(100);
    expect(stored!.completeness.en).toEqual({ score: 100, required: 3, missing: [] });
  });

  it('generates every combination in order with SKUs <product>-<OPT1>-<OPT2>, sets the axes, audited', async () => {
    const s = await setup(orgA, `tee-${uniq()}`);
    const res = await generate(s.product.id, {
      axes: [s.size.id, s.colour.id],
      values: { [s.size.id]: ['s', 'M'], [s.colour.id]: ['red', 'blue'] },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ created: 4, skipped: 0, variantAxes: [s.size.id, s.colour.id] });
    const p = s.product.sku.toUpperCase();
    expect(body.items.map((v: { sku: string }) => v.sku)).toEqual([`${p}-S-RED`, `${p}-S-BLUE`, `${p}-M-RED`, `${p}-M-BLUE`]);
    expect(body.items.map((v: { position: number }) => v.position)).toEqual([0, 1, 2, 3]);
    expect(body.items[2].axes).toEqual([
      expect.objectContaining({ attributeId: s.size.id, optionCode: 'm', labelEn: 'M', labelAr: 'عm', attributeNameEn: 'Size' }),
      expect.objectContaining({ attributeId: s.colour.id, optionCode: 'red', labelEn: 'RED' }),
    ]);
    const [stored] = await t.app.ctx.db.select().from(products).where(eq(products.id, s.product.id));
    expect(stored!.variantAxes).toEqual([s.size.id, s.colour.id]);
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(s.product.updatedAt.getTime());
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, s.product.id));
    expect(audits.map((a) => a.action)).toContain('generate_variants');
    expect(await list(s.product.id)).toHaveLength(4);
  });

  it('skips existing combinations and suffixes taken SKUs (-2) including product SKUs', async () => {
    const s = await setup(orgA, `cap-${uniq()}`);
    const p = s.product.sku.toUpperCase();
    await product(orgA, null, `${p}-L`); // a product SKU already holds the natural SKU of size L
    const first = (await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s'] } })).json();
    expect(first).toMatchObject({ created: 1, skipped: 0 });
    const again = await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s', 'm', 'l'] } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ created: 2, skipped: 1 });
    expect(again.json().items.map((v: { sku: string }) => v.sku)).toEqual([`${p}-M`, `${p}-L-2`]);
    expect((await list(s.product.id)).map((v: { position: number }) => v.position)).toEqual([0, 1, 2]);
    const none = await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s'] } });
    expect(none.json()).toMatchObject({ created: 0, skipped: 1 });
  });

  it('validates axes: single-select of the family, values that exist, the 500 limit, other axes while variants exist (409)', async () => {
    const s = await setup();
    const notSelect = await generate(s.product.id, { axes: [s.text.id], values: { [s.text.id]: ['x'] } });
    expect(notSelect.statusCode).toBe(422);
    expect(fieldsOf(notSelect)).toEqual(['axes.0']);
    const outside = await attribute(orgA, 'single_select', ['a']);
    expect(fieldsOf(await generate(s.product.id, { axes: [outside.id], values: { [outside.id]: ['a'] } }))).toEqual(['axes.0']);
    const unknown = await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s', 'xxl'] } });
    expect(unknown.statusCode).toBe(422);
    expect(fieldsOf(unknown)).toEqual([`values.${s.size.id}.1`]);
    expect(fieldsOf(await generate(s.product.id, { axes: [s.size.id, s.colour.id], values: { [s.size.id]: ['s'] } }))).toEqual([
      `values.${s.colour.id}`,
    ]);
    const noFamily = await product(orgA, null);
    expect(fieldsOf(await generate(noFamily.id, { axes: [s.size.id], values: { [s.size.id]: ['s'] } }))).toEqual(['axes']);
    // 8 x 8 x 8 = 512 combinations
    const codes = Array.from({ length: 8 }, (_, i) => `o${i}`);
    const [a, b, c] = [
      await attribute(orgA, 'single_select', codes),
      await attribute(orgA, 'single_select', codes),
      await attribute(orgA, 'single_select', codes),
    ];
    const big = await product(orgA, (await family(orgA, [a.id, b.id, c.id])).id);
    const tooMany = await generate(big.id, { axes: [a.id, b.id, c.id], values: { [a.id]: codes, [b.id]: codes, [c.id]: codes } });
    expect(tooMany.statusCode).toBe(422);
    expect(fieldsOf(tooMany)).toEqual(['values']);
    expect(await list(big.id)).toHaveLength(0);
    const ok = await generate(big.id, { axes: [a.id, b.id, c.id], values: { [a.id]: codes, [b.id]: codes, [c.id]: codes.slice(0, 7) } });
    expect(ok.json()).toMatchObject({ created: 448, skipped: 0 });
    expect(fieldsOf(await generate(big.id, { axes: [a.id, a.id], values: { [a.id]: ['o1'] } }))).toEqual(['axes.1']);
    // axes now set with variants: other axes are refused
    await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s'] } });
    const other = await generate(s.product.id, { axes: [s.colour.id], values: { [s.colour.id]: ['red'] } });
    expect(other.statusCode).toBe(409);
    expect(fieldsOf(other)).toEqual(['axes']);
  });

  it('checks barcode check digits for EAN-13, UPC-A and EAN-8', async () => {
    const s = await setup();
    const [v] = (await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s'] } })).json().items;
    for (const good of ['4006381333931', '036000291452', '96385074']) {
      const res = await patchOne(v.id, { barcode: good });
      expect(res.statusCode, good).toBe(200);
      expect(res.json().barcode).toBe(good);
    }
    for (const [bad, digit] of [
      ['4006381333932', 1],
      ['036000291453', 2],
      ['96385070', 4],
    ] as const) {
      const res = await patchOne(v.id, { barcode: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.fields).toEqual([{ field: 'barcode', message: `check digit should be ${digit}` }]);
    }
    const letters = await patchOne(v.id, { barcode: '40063813339X1' });
    expect(letters.statusCode).toBe(422);
    expect(fieldsOf(letters)).toEqual(['barcode']);
    expect((await patchOne(v.id, { barcode: null })).json().barcode).toBeNull();
  });

  it('keeps SKUs unique against variants and products in any case, and barcodes unique per organization', async () => {
    const s = await setup();
    const [v1, v2] = (await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s', 'm'] } })).json().items;
    const vsVariant = await patchOne(v2.id, { sku: v1.sku.toLowerCase() });
    expect(vsVariant.statusCode).toBe(409);
    expect(fieldsOf(vsVariant)).toEqual(['sku']);
    const other = await product(orgA, null);
    const vsProduct = await patchOne(v2.id, { sku: other.sku.toUpperCase() });
    expect(vsProduct.statusCode).toBe(409);
    expect(fieldsOf(vsProduct)).toEqual(['sku']);
    expect((await patchOne(v2.id, { sku: `${v2.sku}-x` })).statusCode).toBe(200);
    expect((await patchOne(v1.id, { barcode: '4006381333931' })).statusCode).toBe(200);
    const dupBarcode = await patchOne(v2.id, { barcode: '4006381333931' });
    expect(dupBarcode.statusCode).toBe(409);
    expect(fieldsOf(dupBarcode)).toEqual(['barcode']);
    const created = await createOne(s.product.id, { axisValues: [{ attributeId: s.size.id, optionCode: 'l' }], sku: v1.sku });
    expect(created.statusCode).toBe(409);
    expect(fieldsOf(created)).toEqual(['sku']);
    const again = await createOne(s.product.id, { axisValues: [{ attributeId: s.size.id, optionCode: 'M' }] });
    expect(again.statusCode).toBe(409);
    expect(fieldsOf(again)).toEqual(['axisValues']);
    const ok = await createOne(s.product.id, {
      axisValues: [{ attributeId: s.size.id, optionCode: 'l' }],
      stockQuantity: 3,
      priceOverrideMinor: 1250,
      weightGrams: 200,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      sku: `${s.product.sku.toUpperCase()}-L`,
      stockQuantity: 3,
      priceOverrideMinor: 1250,
      weightGrams: 200,
      position: 2,
    });
    // the same barcode in another organization is fine
    const b = await setup(orgB);
    const [vb] = (await generate(b.product.id, { axes: [b.size.id], values: { [b.size.id]: ['s'] } }, otherAdmin)).json().items;
    expect((await patchOne(vb.id, { barcode: '4006381333931' }, otherAdmin)).statusCode).toBe(200);
    expect((await patchOne(v1.id, { stockQuantity: -1 })).statusCode).toBe(422);
  });

  it('bulk update is all or nothing with per-item field errors, and lets two variants swap barcodes', async () => {
    // A fresh organization: the barcodes below are used by other tests of organization A.
    const org = (await createOrg(t.app)).id;
    const h = await signedIn(t, org, 'admin');
    const bulk = (items: unknown[]) => t.app.inject({ method: 'PATCH', url: '/api/v1/product-variants', headers: h, payload: { items } });
    const s = await setup(org);
    const vs = (await generate(s.product.id, { axes: [s.size.id], values: { [s.size.id]: ['s', 'm', 'l'] } }, h)).json().items as {
      id: string;
    }[];
    const bad = await bulk([
      { id: vs[0]!.id, stockQuantity: 5 },
      { id: vs[1]!.id, priceOverrideMinor: 100 },
      { id: vs[2]!.id, barcode: '4006381333932' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([{ field: 'items.2.barcode', message: 'check digit should be 1' }]);
    expect((await list(s.product.id, h)).map((v: { stockQuantity: number }) => v.stockQuantity)).toEqual([0, 0, 0]);
    const dup = await bulk([
      { id: vs[0]!.id, barcode: '036000291452' },
      { id: vs[1]!.id, barcode: '036000291452' },
    ]);
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual(['items.1.barcode']);
    const ok = await bulk([
      { id: vs[0]!.id, stockQuantity: 5, barcode: '4006381333931' },
      { id: vs[1]!.id, stockQuantity: 7, weightGrams: 300, barcode: '036000291452' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().updated).toBe(2);
    const swap = await bulk([
      { id: vs[0]!.id, barcode: '036000291452' },
      { id: vs[1]!.id, barcode: '4006381333931' },
    ]);
    expect(swap.statusCode).toBe(200);
    const after = await list(s.product.id, h);
    expect(after.map((v: { stockQuantity: number; barcode: string | null }) => [v.stockQuantity, v.barcode])).toEqual([
      [5, '036000291452'],
      [7, '4006381333931'],
      [0, null],
    ]);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, vs[1]!.id));
    expect(audits.filter((a) => a.action === 'bulk_update')).toHaveLength(2);
  });

  it('isolates organizations: ids of another organization answer 404 and never change', async () => {
    const a = await setup(orgA);
    const [va] = (await generate(a.product.id, { axes: [a.size.id], values: { [a.size.id]: ['s'] } })).json().items;
    expect((await t.app.inject({ url: `/api/v1/products/${a.product.id}/variants`, headers: otherAdmin })).statusCode).toBe(404);
    expect((await generate(a.product.id, { axes: [a.size.id], values: { [a.size.id]: ['m'] } }, otherAdmin)).statusCode).toBe(404);
    expect((await createOne(a.product.id, { axisValues: [{ attributeId: a.size.id, optionCode: 'm' }] }, otherAdmin)).statusCode).toBe(404);
    expect((await patchOne(va.id, { stockQuantity: 9 }, otherAdmin)).statusCode).toBe(404);
    const b = await bulk([{ id: va.id, stockQuantity: 9 }], otherAdmin);
    expect(b.statusCode).toBe(404);
    expect(fieldsOf(b)).toEqual(['items.0.id']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/product-variants/${va.id}`, headers: otherAdmin })).statusCode).toBe(404);
    const grid = (await t.app.inject({ url: `/api/v1/product-variants?productId=${a.product.id}`, headers: otherAdmin })).json();
    expect(grid.items).toEqual([]);
    // B's attribute cannot be an axis of A's product
    const theirs = await attribute(orgB, 'single_select', ['s']);
    expect((await generate(a.product.id, { axes: [theirs.id], values: { [theirs.id]: ['s'] } })).statusCode).toBe(422);
    const still = await list(a.product.id);
    expect(still).toHaveLength(1);
    expect(still[0].stockQuantity).toBe(0);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/product-variants/${va.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(await list(a.product.id)).toHaveLength(0);
  });

  it('the grid pages by keyset and returns every variant once, sorted by product then position, searchable', async () => {
    const org = (await createOrg(t.app)).id;
    const h = await signedIn(t, org, 'admin');
    const all: string[] = [];
    for (const sku of ['zeta', 'Alpha', 'mid']) {
      const s = await setup(org, `${sku}-${uniq()}`);
      const r = await generate(
        s.product.id,
        { axes: [s.size.id, s.colour.id], values: { [s.size.id]: ['s', 'm', 'l'], [s.colour.id]: ['red', 'blue'] } },
        h,
      );
      all.push(...r.json().items.map((v: { id: string }) => v.id));
    }
    const seen: { id: string; product: { sku: string }; position: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Res = await t.app.inject({ url: `/api/v1/product-variants?limit=4${cursor ? `&cursor=${cursor}` : ''}`, headers: h });
      expect(res.statusCode).toBe(200);
      const page: { items: typeof seen; nextCursor: string | null } = res.json();
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(18);
    expect(new Set(seen.map((v) => v.id))).toEqual(new Set(all));
    expect(pages).toBe(5);
    const keys = seen.map((v) => `${v.product.sku.toLowerCase()}|${String(v.position).padStart(3, '0')}`);
    expect(keys).toEqual([...keys].sort());
    expect(seen[0]!.product.sku.startsWith('Alpha')).toBe(true);
    const mid = seen.find((v) => v.product.sku.startsWith('mid'))!;
    const found = (
      await t.app.inject({ url: `/api/v1/product-variants?q=${encodeURIComponent(mid.product.sku.toUpperCase())}`, headers: h })
    ).json();
    expect(found.items).toHaveLength(6);
    const byName = (await t.app.inject({ url: `/api/v1/product-variants?q=${encodeURIComponent('قميص')}&limit=200`, headers: h })).json();
    expect(byName.items).toHaveLength(18);
    const bySku = (
      await t.app.inject({ url: `/api/v1/product-variants?q=${encodeURIComponent(`${mid.product.sku}-L-BLUE`)}`, headers: h })
    ).json();
    expect(bySku.items).toHaveLength(1);
    const bad = await t.app.inject({ url: '/api/v1/product-variants?cursor=abc', headers: h });
    expect(bad.statusCode).toBe(422);
  });
});
