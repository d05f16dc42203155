import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketDayCapacities, marketDays, vendorCategories, vendors } from '../../db/schema/index.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { startTwoOrgs, type Headers } from '../access/access.test-support.js';

let t: TestContext;
let orgA: string;
let admin: Headers;
let vendorManager: Headers;
let marketing: Headers;
let otherOrgAdmin: Headers;
beforeAll(async () => {
  const s = await startTwoOrgs(
    { admin: 'super_admin', vendorManager: 'vendor_manager', marketing: 'marketing' },
    { otherOrgAdmin: 'super_admin' },
  );
  ({ t, orgA } = s);
  ({ admin, vendorManager, marketing, otherOrgAdmin } = s.users);
});
afterAll(async () => t?.close());

const url = '/api/v1/market-categories';
const body = (over: Record<string, unknown> = {}) => ({
  nameEn: `Food ${Math.random().toString(36).slice(2, 8)}`,
  nameAr: `طعام ${Math.random().toString(36).slice(2, 8)}`,
  colour: '#EA580C',
  targetPerDay: 12,
  requiredDocumentTypes: ['food_hygiene', 'insurance', 'food_hygiene'],
  ...over,
});

async function addVendor(orgId: string, categoryId: string) {
  const [v] = await t.app.ctx.db.insert(vendors).values({ orgId, vendorType: 'market', publicName: 'Stall' }).returning();
  await t.app.ctx.db.insert(vendorCategories).values({ orgId, vendorId: v!.id, categoryId });
}

describe(`market categories (${driver})`, () => {
  it('creates a category for vendor_management holders only, and lists it with its vendor count', async () => {
    expect((await t.app.inject({ method: 'POST', url, payload: body() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: marketing, payload: body() })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: vendorManager, payload: body({ descriptionEn: '  ' }) });
    expect(res.statusCode).toBe(201);
    const cat = res.json();
    expect(cat).toMatchObject({ colour: '#ea580c', targetPerDay: 12, isActive: true, vendorCount: 0, descriptionEn: null });
    expect(cat.requiredDocumentTypes).toEqual(['food_hygiene', 'insurance']);
    await addVendor(orgA, cat.id);
    await addVendor(orgA, cat.id);
    const listed = (await t.app.inject({ url, headers: vendorManager })).json();
    expect(listed.find((c: { id: string }) => c.id === cat.id).vendorCount).toBe(2);
    expect((await t.app.inject({ url: `${url}/${cat.id}`, headers: vendorManager })).json().vendorCount).toBe(2);
    const audits = await t.app.ctx.db.select().from(auditLog);
    expect(audits.some((a) => a.entityId === cat.id && a.action === 'create' && a.entityType === 'market_category')).toBe(true);
  });

  it('refuses a name used by another category of the organization, without regard to case, naming the field', async () => {
    const first = (await t.app.inject({ method: 'POST', url, headers: admin, payload: body({ nameEn: 'Crafts', nameAr: 'حرف' }) })).json();
    const dupEn = await t.app.inject({ method: 'POST', url, headers: admin, payload: body({ nameEn: 'CRAFTS' }) });
    expect(dupEn.statusCode).toBe(409);
    expect(dupEn.json().error.fields[0].field).toBe('nameEn');
    const dupAr = await t.app.inject({ method: 'POST', url, headers: admin, payload: body({ nameAr: 'حرف' }) });
    expect(dupAr.statusCode).toBe(409);
    expect(dupAr.json().error.fields[0].field).toBe('nameAr');
    // Renaming another category onto it is refused too, but a category may keep its own name.
    const other = (await t.app.inject({ method: 'POST', url, headers: admin, payload: body() })).json();
    const rename = await t.app.inject({ method: 'PATCH', url: `${url}/${other.id}`, headers: admin, payload: { nameEn: 'crafts' } });
    expect(rename.statusCode).toBe(409);
    const same = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${first.id}`,
      headers: admin,
      payload: { nameEn: 'Crafts', targetPerDay: 3 },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().targetPerDay).toBe(3);
    // Another organization may use the same name.
    expect(
      (await t.app.inject({ method: 'POST', url, headers: otherOrgAdmin, payload: body({ nameEn: 'Crafts', nameAr: 'حرف' }) })).statusCode,
    ).toBe(201);
  });

  it('validates colour, target and document types with field-level messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ colour: 'red' }, 'colour'],
      [{ targetPerDay: -1 }, 'targetPerDay'],
      [{ targetPerDay: 1.5 }, 'targetPerDay'],
      [{ requiredDocumentTypes: ['passport'] }, 'requiredDocumentTypes'],
      [{ nameEn: '   ' }, 'nameEn'],
    ];
    for (const [over, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(JSON.stringify(res.json().error.fields)).toContain(field);
    }
  });

  it('deactivates and activates, and filters the list by status', async () => {
    const cat = (await t.app.inject({ method: 'POST', url, headers: admin, payload: body() })).json();
    const off = await t.app.inject({ method: 'POST', url: `${url}/${cat.id}/deactivate`, headers: admin });
    expect(off.json().isActive).toBe(false);
    const ids = async (q: string) => (await t.app.inject({ url: `${url}${q}`, headers: admin })).json().map((c: { id: string }) => c.id);
    expect(await ids('?status=active')).not.toContain(cat.id);
    expect(await ids('?status=inactive')).toContain(cat.id);
    expect(await ids('')).toContain(cat.id);
    const on = await t.app.inject({ method: 'POST', url: `${url}/${cat.id}/activate`, headers: admin });
    expect(on.json().isActive).toBe(true);
    expect(await ids('?status=active')).toContain(cat.id);
  });

  it('refuses to delete a category used by vendors, slots or market-day capacities, and deletes an unused one', async () => {
    const byVendor = await createCategory(t.app, orgA);
    await addVendor(orgA, byVendor.id);
    const bySlot = await createCategory(t.app, orgA);
    await createSlot(t.app, orgA, { categoryId: bySlot.id });
    await createSlot(t.app, orgA, { categoryId: bySlot.id });
    const byDay = await createCategory(t.app, orgA);
    const loc = await createLocation(t.app, orgA);
    const [day] = await t.app.ctx.db
      .insert(marketDays)
      .values({ orgId: orgA, locationId: loc.id, date: '2031-05-03', setupTime: '07:00', openTime: '09:00', closeTime: '14:00' })
      .returning();
    await t.app.ctx.db.insert(marketDayCapacities).values({ orgId: orgA, marketDayId: day!.id, categoryId: byDay.id, capacity: 4 });

    for (const [cat, words] of [
      [byVendor, '1 vendor'],
      [bySlot, '2 slots'],
      [byDay, '1 market day'],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `${url}/${cat.id}`, headers: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain(words);
      expect(res.json().error.message).toContain('deactivate');
    }
    const unused = await createCategory(t.app, orgA);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${unused.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${url}/${unused.id}`, headers: admin })).statusCode).toBe(404);
  });

  it("answers 404 to another organization for every category route, and never lists the other's categories", async () => {
    const cat = await createCategory(t.app, orgA);
    const id = cat.id;
    const calls = [
      { method: 'GET' as const, url: `${url}/${id}` },
      { method: 'PATCH' as const, url: `${url}/${id}`, payload: { targetPerDay: 1 } },
      { method: 'POST' as const, url: `${url}/${id}/deactivate` },
      { method: 'POST' as const, url: `${url}/${id}/activate` },
      { method: 'DELETE' as const, url: `${url}/${id}` },
    ];
    for (const c of calls) expect((await t.app.inject({ ...c, headers: otherOrgAdmin })).statusCode, `${c.method} ${c.url}`).toBe(404);
    const theirs = (await t.app.inject({ url, headers: otherOrgAdmin })).json().map((c: { id: string }) => c.id);
    expect(theirs).not.toContain(id);
    expect((await t.app.inject({ url: `${url}/${id}`, headers: admin })).json().targetPerDay).toBe(cat.targetPerDay);
  });
});
