import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, vendors } from '../../db/schema/index.js';
import { todayUtc } from '../../lib/dates.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication, createMarketDay } from '../../../test/factories/applications.js';
import { createLocation } from '../../../test/factories/market.js';
import { createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { createAsset } from '../products/products.test-support.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const EMPTY_COMPLETENESS = { en: { score: 0, missing: [] }, ar: { score: 0, missing: [] } };
async function product(orgId: string, sku: string, nameEn: string, nameAr = '') {
  const [row] = await t.app.ctx.db
    .insert(products)
    .values({ orgId, sku, nameEn, nameAr, completeness: EMPTY_COMPLETENESS as never })
    .returning();
  return row!;
}

type Group = { group: string; items: { id: string; label: string; labelAr: string | null; detail: string | null; route: string }[] };
async function search(token: string, q: string, limit?: number) {
  const qs = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return t.app.inject({ url: `/api/v1/search?${qs}`, headers: bearer(token) });
}
const groupsOf = async (token: string, q: string) => ((await search(token, q)).json() as { groups: Group[] }).groups;
const idsIn = (groups: Group[], group: string) => groups.find((g) => g.group === group)?.items.map((i) => i.id) ?? [];

/** One organization with a record of every searchable area named after `word`, and another organization with the same. */
async function world(word: string) {
  const org = await createOrg(t.app);
  const other = await createOrg(t.app);
  const make = async (orgId: string) => {
    const location = await createLocation(t.app, orgId, { nameEn: `${word} Square`, nameAr: 'ساحة السوق' });
    const assetId = await createAsset(t, orgId);
    await t.app.ctx.db.execute(`update assets set file_name = '${word}-banner.webp' where id = '${assetId}'`);
    return {
      product: await product(orgId, `${word.toUpperCase()}-1`, `${word} honey jar`, 'عسل جبلي'),
      vendor: await createVendorRow(t.app, orgId, { publicName: `${word} Farm`, email: `${word}@example.test` }),
      junior: await createVendorRow(t.app, orgId, { vendorType: 'junior', publicName: `${word} Kids` }),
      application: (await createApplication(t.app, orgId, { applicantName: `${word} Bakery` })).row,
      workshop: (await createApplication(t.app, orgId, { stream: 'workshop', applicantName: `${word} Pottery` })).row,
      location,
      day: await createMarketDay(t.app, orgId, { locationId: location.id, date: todayUtc() }),
      assetId,
    };
  };
  return { org, mine: await make(org.id), theirs: await make(other.id) };
}

describe(`global search (${driver})`, () => {
  it('gives a super admin every group, its own organization only, each with a route that opens the record', async () => {
    const word = `zeb${randomUUID().slice(0, 6)}`;
    const w = await world(word);
    const admin = await createUser(t.app, { orgId: w.org.id, role: 'super_admin' });
    const groups = await groupsOf(await tokenFor(t.app, admin), word);
    expect(groups.map((g) => g.group)).toEqual(['products', 'vendors', 'applications', 'marketDays', 'locations', 'assets']);
    expect(idsIn(groups, 'products')).toEqual([w.mine.product.id]);
    expect(idsIn(groups, 'vendors').sort()).toEqual([w.mine.vendor.id, w.mine.junior.id].sort());
    expect(idsIn(groups, 'applications').sort()).toEqual([w.mine.application.id, w.mine.workshop.id].sort());
    expect(idsIn(groups, 'marketDays')).toEqual([w.mine.day.id]);
    expect(idsIn(groups, 'locations')).toEqual([w.mine.location.id]);
    expect(idsIn(groups, 'assets')).toEqual([w.mine.assetId]);
    const routes = groups.flatMap((g) => g.items.map((i) => i.route));
    expect(routes).toEqual(
      expect.arrayContaining([
        `/products/${w.mine.product.id}`,
        `/market-vendor-management?vendor=${w.mine.vendor.id}`,
        `/junior-vendor-management?vendor=${w.mine.junior.id}`,
        `/market-vendor-management/applications/${w.mine.application.id}`,
        `/workshop-applications/${w.mine.workshop.id}`,
        `/market-locations?location=${w.mine.location.id}`,
      ]),
    );
    const theirs = Object.values(w.theirs).map((v) => (typeof v === 'string' ? v : v.id));
    expect(groups.flatMap((g) => g.items.map((i) => i.id)).filter((id) => theirs.includes(id))).toEqual([]);
  });

  it('gives each role only the groups of the permissions it holds', async () => {
    const word = `qua${randomUUID().slice(0, 6)}`;
    const w = await world(word);
    const as = async (role: string) =>
      (await groupsOf(await tokenFor(t.app, await createUser(t.app, { orgId: w.org.id, role })), word)).map((g) => g.group);
    // operation_manager is the content role: products and assets.
    expect(await as('operation_manager')).toEqual(['products', 'assets']);
    // product_team (inventory): products, no assets.
    expect(await as('product_team')).toEqual(['products']);
    // vendor_manager: vendor_management without the super admin role, so no locations (their page is super admin only).
    expect(await as('vendor_manager')).toEqual(['vendors', 'applications', 'marketDays']);
    expect(await as('market_vendor')).toEqual([]);
    expect(await as('junior_vendor')).toEqual([]);
    // Without an organization nothing is searched.
    expect((await search(await tokenFor(t.app, await createUser(t.app)), word)).json()).toEqual({ q: word, groups: [] });
    expect((await t.app.inject({ url: `/api/v1/search?q=${word}` })).statusCode).toBe(401);
  });

  it('finds Arabic names, and SKUs by prefix from the first character', async () => {
    const org = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' }));
    const sku = `Q${randomUUID().slice(0, 5)}`;
    const p = await product(org.id, `${sku}-OLIVE`, 'Olive oil', 'زيت زيتون بكر');
    const decoy = await product(org.id, `X${sku}`, 'Decoy', 'شاي');
    const loc = await createLocation(t.app, org.id, { nameEn: 'Harbour', nameAr: 'ميناء الصيادين' });
    expect(idsIn(await groupsOf(admin, 'زيتون'), 'products')).toEqual([p.id]);
    expect(idsIn(await groupsOf(admin, 'الصيادين'), 'locations')).toEqual([loc.id]);
    // One and two characters: the SKU's start only (the decoy contains the SKU but does not start with it).
    expect(idsIn(await groupsOf(admin, sku.slice(0, 2).toLowerCase()), 'products')).toEqual([p.id]);
    // Three or more: SKUs starting with the term first, then the other SKUs and names containing it.
    expect(idsIn(await groupsOf(admin, sku), 'products')).toEqual([p.id, decoy.id]);
  });

  it('puts the product whose SKU is the term first, even when newer products mention it', async () => {
    const org = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'product_team' }));
    const sku = `EX${randomUUID().slice(0, 6)}`;
    const exact = await product(org.id, sku, 'Original');
    for (let i = 0; i < 6; i++) await product(org.id, `OTHER-${sku}-${i}`, `Goes with ${sku}`);
    const ids = idsIn(await groupsOf(admin, sku.toLowerCase()), 'products');
    expect(ids).toHaveLength(5);
    expect(ids[0]).toBe(exact.id);
  });

  it('takes LIKE wildcards literally and caps each group at the limit', async () => {
    const org = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' }));
    const tag = randomUUID().slice(0, 6);
    const percent = await product(org.id, `P-${tag}`, `100% ${tag} juice`);
    await product(org.id, `N-${tag}`, `100 ${tag} juice`);
    for (let i = 0; i < 4; i++)
      await t.app.ctx.db.insert(vendors).values({ orgId: org.id, vendorType: 'market', publicName: `under_${tag}_${i}` });
    await t.app.ctx.db.insert(vendors).values({ orgId: org.id, vendorType: 'market', publicName: `underX${tag}` });
    expect(idsIn(await groupsOf(admin, `100% ${tag}`), 'products')).toEqual([percent.id]);
    // Alone, % and _ find no product: no SKU starts with them (unescaped, they would match every SKU).
    expect(idsIn(await groupsOf(admin, '%'), 'products')).toEqual([]);
    expect(idsIn(await groupsOf(admin, '_'), 'products')).toEqual([]);
    const underscored = (await groupsOf(admin, `under_${tag}`)).find((g) => g.group === 'vendors')!.items;
    expect(underscored.map((i) => i.label).every((l) => l.startsWith(`under_${tag}`))).toBe(true);
    expect(underscored).toHaveLength(4);
    const capped = ((await search(admin, `under_${tag}`, 2)).json() as { groups: Group[] }).groups.find((g) => g.group === 'vendors')!;
    expect(capped.items).toHaveLength(2);
  });

  it('answers 422 naming the field for an empty, blank, too long or badly limited term', async () => {
    const org = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' }));
    for (const url of [
      '/api/v1/search',
      '/api/v1/search?q=',
      '/api/v1/search?q=%20%20',
      `/api/v1/search?q=${'a'.repeat(101)}`,
      '/api/v1/search?q=ab&limit=0',
      '/api/v1/search?q=ab&limit=11',
      '/api/v1/search?q=ab&limit=x',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(422);
      const fields = (res.json() as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field);
      expect(
        fields.some((f) => f === 'query.q' || f === 'query.limit'),
        url,
      ).toBe(true);
    }
    expect((await search(admin, 'a'.repeat(100))).statusCode).toBe(200);
    expect((await search(admin, '  trimmed  ')).json().q).toBe('trimmed');
  });
});
