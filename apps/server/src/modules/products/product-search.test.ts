import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { catalogFixture, client, created, orgAdmin, type Api } from './products.test-support.js';

/**
 * Arabic search (decision 016): names are found in any common spelling of the term, in the product list's `q`
 * and in the global search (GET /api/v1/search), because the term and products.search_text are put in one form
 * (lib/search-normalize.ts, and search_normalize in the database).
 */
let t: TestContext;
let api: Api;
let fx: Awaited<ReturnType<typeof catalogFixture>>;
/** The same user asking for computed pages (not the read cache). */
let computed: Api;
const mine: Record<string, string> = {};
const theirs: Record<string, string> = {};

/** Names as an editor would type them: hamza on alef, alef maqsura, taa marbuta, diacritics, tatweel, both digit forms. */
const PRODUCTS = {
  rice: { sku: 'SRCH-RICE', nameEn: 'Italian rice', nameAr: 'أرز إيطالي' },
  vessel: { sku: 'SRCH-POT', nameEn: 'Clay pot', nameAr: 'آنية فخارية' },
  sweets: { sku: 'SRCH-SWEET', nameEn: 'Sesame sweets', nameAr: 'حلوى السمسم' },
  chair: { sku: 'SRCH-CHAIR', nameEn: 'Wooden chair', nameAr: 'كرسي خشبي' },
  coffee: { sku: 'SRCH-COFFEE', nameEn: 'Arabic coffee', nameAr: 'قهوة عربية' },
  honey: { sku: 'SRCH-HONEY', nameEn: 'Wildflower Honey', nameAr: 'عَسَلٌ جَبَلِيٌّ' },
  oil: { sku: 'SRCH-OIL', nameEn: 'Olive oil', nameAr: 'زيـــت زيتـون' },
  dates: { sku: 'SRCH-DATES', nameEn: 'Dates box', nameAr: 'تمر ٥٠٠ غرام' },
  figs: { sku: 'SRCH-FIGS', nameEn: 'Dried figs 750g', nameAr: 'تين مجفف 750 غرام' },
} as const;
type Key = keyof typeof PRODUCTS;

beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  const a = await orgAdmin(t);
  const b = await orgAdmin(t);
  api = client(t, a.admin);
  computed = client(t, { ...a.admin, 'cache-control': 'no-cache' });
  const otherApi = client(t, b.admin);
  fx = await catalogFixture(t, api, a.orgId);
  await catalogFixture(t, otherApi, b.orgId);
  for (const [key, body] of Object.entries(PRODUCTS)) {
    mine[key] = (await created(api.post('/products', body))).id;
    // The same names in another organization: never found by this one.
    theirs[key] = (await created(otherApi.post('/products', body))).id;
  }
});
afterAll(async () => t?.close());

/** The product list's ids for `q`. */
async function listed(q: string): Promise<string[]> {
  const res = await computed.get(`/products?limit=100&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string }[] }).items.map((i) => i.id).sort();
}

/** GET /api/v1/search's product ids for `q`. */
async function searched(q: string): Promise<string[]> {
  const res = await api.get(`/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const groups = (res.json() as { groups: { group: string; items: { id: string }[] }[] }).groups;
  return (groups.find((g) => g.group === 'products')?.items.map((i) => i.id) ?? []).sort();
}

const ids = (...keys: Key[]) => keys.map((k) => mine[k]!).sort();

/** Each spelling finds exactly `keys`, in the list and in the global search. */
async function expectFound(spellings: string[], ...keys: Key[]) {
  for (const q of spellings) {
    expect(await listed(q), `list q=${q}`).toEqual(ids(...keys));
    expect(await searched(q), `search q=${q}`).toEqual(ids(...keys));
  }
}

describe(`Arabic search spellings (${driver})`, () => {
  it('finds a name with hamza on alef by any alef form, and with madda by bare alef', async () => {
    await expectFound(['أرز', 'ارز', 'إرز', 'آرز', 'ارز ايطالي', 'أرز إيطالي', 'إيطالي'], 'rice');
    await expectFound(['آنية', 'انية', 'انيه', 'أنية'], 'vessel');
  });

  it('finds alef maqsura and yeh either way', async () => {
    await expectFound(['حلوى', 'حلوي', 'حلوی'], 'sweets');
    await expectFound(['كرسي', 'كرسى'], 'chair');
  });

  it('finds taa marbuta and heh either way', async () => {
    await expectFound(['قهوة', 'قهوه', 'قهوه عربيه', 'قهوة عربية'], 'coffee');
  });

  it('ignores diacritics and tatweel on either side', async () => {
    // Stored with diacritics, typed without, with others, or with tatweel.
    await expectFound(['عسل', 'عسل جبلي', 'عَسَل', 'عَسَلٌ جَبَلِيٌّ', 'عســل'], 'honey');
    // Stored with tatweel, typed without, or with diacritics.
    await expectFound(['زيت زيتون', 'زيتون', 'زَيْت زَيْتُون', 'زيـت'], 'oil');
  });

  it('finds Arabic-Indic digits by Western digits and the reverse', async () => {
    await expectFound(['500', '٥٠٠', '۵۰۰', 'تمر 500'], 'dates');
    await expectFound(['750', '٧٥٠', '۷۵۰', 'تين مجفف ٧٥٠'], 'figs');
  });

  it('counts three characters after normalising: a term that diacritics make long enough is still a SKU prefix', async () => {
    // عَسَ is four code points, عس two: a SKU prefix (no SKU starts with it), not a search of the names.
    expect(await listed('عَسَ')).toEqual([]);
    expect(await searched('عَسَ')).toEqual([]);
    // Tatweel alone is nothing to search for: the list is unfiltered, the global search finds no product.
    expect((await listed('ـــ')).length).toBe(Object.keys(PRODUCTS).length);
    expect(await searched('ـــ')).toEqual([]);
  });

  it('leaves English as it was: case-insensitive, infixes, SKUs', async () => {
    await expectFound(['HONEY', 'wildflower honey', 'ldflow'], 'honey');
    await expectFound(['srch-rice', 'SRCH-RICE'], 'rice');
    await expectFound(['olive'], 'oil');
    expect(await listed('SR')).toEqual(ids(...(Object.keys(PRODUCTS) as Key[])));
  });

  it('finds the variants of a product by any spelling of its Arabic name in the variant grid', async () => {
    const p = await created(api.post('/products', { sku: 'SRCH-BASMATI', nameEn: 'Basmati', nameAr: 'أرز بسمتي', familyId: fx.family.id }));
    await created(api.post(`/products/${p.id}/variants/generate`, { axes: [fx.a.size.id], values: { [fx.a.size.id]: ['s', 'm'] } }));
    for (const q of ['أرز بسمتي', 'ارز بسمتى', 'إرز']) {
      const res = await computed.get(`/product-variants?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const products = new Set((res.json() as { items: { productId: string }[] }).items.map((v) => v.productId));
      expect([...products], q).toEqual([p.id]);
    }
  });

  it('keeps organizations apart', async () => {
    const all = Object.values(theirs);
    for (const q of ['ارز', 'عسل', 'قهوه', '500', 'honey', 'srch']) {
      expect(
        (await listed(q)).filter((id) => all.includes(id)),
        q,
      ).toEqual([]);
      expect(
        (await searched(q)).filter((id) => all.includes(id)),
        q,
      ).toEqual([]);
    }
  });
});
