import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorCategories } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory } from '../../../test/factories/market.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { addDays, todayUtc } from '../../lib/dates.js';

let t: TestContext;
let staffA: Record<string, string>;
let staffB: Record<string, string>;
let ids: Record<string, string>;
let food: string;

// One organization with a small, known set of vendors; another whose vendors would match every filter.
beforeAll(async () => {
  t = await createTestApp();
  const a = await createOrg(t.app);
  const b = await createOrg(t.app);
  staffA = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: a.id, role: 'vendor_manager' })));
  staffB = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: b.id, role: 'vendor_manager' })));
  food = (await createCategory(t.app, a.id, { nameEn: 'Food' })).id;
  const today = todayUtc();
  // A second apart in the order made: rows written within one tick of the database's clock (PGlite's can be a
  // millisecond) would tie on created_at, and "newest" would then order them by id.
  let made = Date.now() - 60_000;
  const v = (name: string, over: Parameters<typeof createVendorRow>[2] = {}) =>
    createVendorRow(t.app, a.id, { publicName: name, createdAt: new Date((made += 1000)), ...over });
  const rows = {
    percent: await v('100% Organic', { email: 'organic@farm.test' }),
    underscore: await v('Snake_Case Crafts', { legalName: 'Crafts Ltd' }),
    plain: await v('Bakery Bros', { contactName: 'Omar Percent', status: 'suspended', statusReason: 'late' }),
    junior: await v('Kid Lemonade', { vendorType: 'junior', email: 'kid@home.test' }),
    normal: await v('Online Only', { vendorType: 'normal', contactName: 'Zed' }),
  };
  ids = Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, r.id]));
  await t.app.ctx.db.insert(vendorCategories).values({ orgId: a.id, vendorId: ids.plain!, categoryId: food });
  await createDocumentRow(t.app, a.id, ids.percent!, { expiresOn: addDays(today, 10) });
  await createDocumentRow(t.app, a.id, ids.underscore!, { expiresOn: addDays(today, -3), status: 'valid' });
  await createDocumentRow(t.app, a.id, ids.plain!, { expiresOn: addDays(today, -3), status: 'declined' });
  await createDocumentRow(t.app, a.id, ids.normal!, { expiresOn: addDays(today, 90) });
  for (const name of ['100% Organic', 'Snake_Case Crafts', 'Bakery Bros', 'Kid Lemonade']) {
    const o = await createVendorRow(t.app, b.id, { publicName: name });
    await createDocumentRow(t.app, b.id, o.id, { expiresOn: addDays(today, 1) });
  }
});
afterAll(async () => t?.close());

async function list(query: string, headers = staffA) {
  const res = await t.app.inject({ url: `/api/v1/vendors${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; publicName: string }[]; total: number; page: number; pageSize: number };
}
const names = async (query: string) => (await list(query)).items.map((i) => i.publicName);

describe(`vendor list (${driver})`, () => {
  it("lists only the organization's vendors, by name, with the total", async () => {
    const all = await list('');
    expect(all.items.map((i) => i.publicName)).toEqual(['100% Organic', 'Bakery Bros', 'Kid Lemonade', 'Online Only', 'Snake_Case Crafts']);
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 25 });
  });

  it('filters by type, status and category', async () => {
    expect(await names('?vendorType=junior')).toEqual(['Kid Lemonade']);
    expect(await names('?vendorType=market')).toEqual(['100% Organic', 'Bakery Bros', 'Snake_Case Crafts']);
    expect(await names('?status=suspended')).toEqual(['Bakery Bros']);
    expect(await names(`?categoryId=${food}`)).toEqual(['Bakery Bros']);
    expect(await names('?vendorType=market&status=active')).toEqual(['100% Organic', 'Snake_Case Crafts']);
  });

  it('searches public, legal and contact names and e-mail, with % and _ matched literally', async () => {
    expect(await names('?q=%25')).toEqual(['100% Organic']);
    expect(await names('?q=_')).toEqual(['Snake_Case Crafts']);
    expect(await names('?q=e_c')).toEqual(['Snake_Case Crafts']);
    expect(await names('?q=crafts%20ltd')).toEqual(['Snake_Case Crafts']);
    expect(await names('?q=percent')).toEqual(['Bakery Bros']);
    expect(await names('?q=HOME.TEST')).toEqual(['Kid Lemonade']);
    expect(await names('?q=%5C')).toEqual([]);
    expect(await names('?q=%20%20')).toHaveLength(5);
  });

  it('finds vendors with documents expiring within N days or already expired (declined ones aside)', async () => {
    expect(await names('?expiringWithinDays=30')).toEqual(['100% Organic', 'Snake_Case Crafts']);
    expect(await names('?expiringWithinDays=0')).toEqual(['Snake_Case Crafts']);
    expect(await names('?expiringWithinDays=365')).toEqual(['100% Organic', 'Online Only', 'Snake_Case Crafts']);
  });

  it('pages with a bounded page size and sorts by name or newest', async () => {
    const p1 = await list('?pageSize=2');
    const p3 = await list('?pageSize=2&page=3');
    expect(p1.items.map((i) => i.publicName)).toEqual(['100% Organic', 'Bakery Bros']);
    expect(p3.items.map((i) => i.publicName)).toEqual(['Snake_Case Crafts']);
    expect(p3.total).toBe(5);
    expect((await list('?pageSize=2&page=9')).items).toEqual([]);
    expect((await names('?sort=newest'))[0]).toBe('Online Only');
    for (const bad of ['?pageSize=101', '?pageSize=0', '?page=0', '?expiringWithinDays=366', '?vendorType=vip', '?q=' + 'x'.repeat(201)]) {
      const res = await t.app.inject({ url: `/api/v1/vendors${bad}`, headers: staffA });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.fields[0].field).toMatch(/^query\./);
    }
  });

  it("never shows another organization's vendors", async () => {
    const b = await list('?pageSize=100', staffB);
    expect(b.total).toBe(4);
    expect(b.items.map((i) => i.id).some((id) => Object.values(ids).includes(id))).toBe(false);
    expect((await t.app.inject({ url: `/api/v1/vendors/${ids.percent}`, headers: staffB })).statusCode).toBe(404);
  });
});
