import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buckets, marketDays, marketSlots, objects } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

type Headers = Record<string, string>;
let t: TestContext;
let orgA: { id: string; slug: string };
let superA: Headers;
let managerA: Headers;
let marketingA: Headers;
let superB: Headers;

const url = '/api/v1/market-locations';
const valid = { nameEn: 'Harbour Market', nameAr: 'سوق الميناء', address: '1 Quay Road', latitude: 25.2048, longitude: 55.2708 };

async function addDay(orgId: string, locationId: string, date: string, status: 'draft' | 'published' | 'cancelled' = 'draft') {
  await t.app.ctx.db
    .insert(marketDays)
    .values({ orgId, locationId, date, setupTime: '07:00', openTime: '09:00', closeTime: '15:00', status });
}
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  orgA = await createOrg(t.app);
  const orgB = await createOrg(t.app);
  const as = async (orgId: string, role: string) => bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role })));
  superA = await as(orgA.id, 'super_admin');
  managerA = await as(orgA.id, 'vendor_manager');
  marketingA = await as(orgA.id, 'marketing');
  superB = await as(orgB.id, 'super_admin');
});
afterAll(async () => t?.close());

describe(`market locations (${driver})`, () => {
  it('lets only a super admin write locations; vendor_management holders read them', async () => {
    for (const headers of [managerA, marketingA]) {
      const denied = await t.app.inject({ method: 'POST', url, headers, payload: valid });
      expect(denied.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url, payload: valid })).statusCode).toBe(401);
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: superA,
      payload: { ...valid, amenities: ['water', 'parking', 'water'] },
    });
    expect(created.statusCode).toBe(201);
    const loc = created.json();
    expect(loc).toMatchObject({
      ...valid,
      amenities: ['parking', 'water'],
      isPublic: false,
      status: 'active',
      planWidthM: 60,
      planDepthM: 40,
      slotCount: 0,
    });

    const list = await t.app.inject({ url, headers: managerA });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: string }) => l.id)).toContain(loc.id);
    expect((await t.app.inject({ url, headers: marketingA })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${url}/${loc.id}`, headers: managerA })).statusCode).toBe(200);

    for (const [method, payload] of [
      ['PATCH', { isPublic: true }],
      ['DELETE', undefined],
    ] as const) {
      expect((await t.app.inject({ method, url: `${url}/${loc.id}`, headers: managerA, payload })).statusCode).toBe(403);
    }
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${loc.id}`,
      headers: superA,
      payload: { isPublic: true, planWidthM: 120.5 },
    });
    expect(changed.json()).toMatchObject({ isPublic: true, planWidthM: 120.5, latitude: valid.latitude });
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, loc.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('validates coordinates: ranges, and both or neither', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, latitude: 91 }, 'latitude'],
      [{ ...valid, longitude: -180.5 }, 'longitude'],
      [{ ...valid, longitude: undefined }, 'longitude'],
      [{ ...valid, latitude: null }, 'latitude'],
      [{ ...valid, planWidthM: 4 }, 'planWidthM'],
      [{ ...valid, planDepthM: 2001 }, 'planDepthM'],
      [{ ...valid, amenities: ['sauna'] }, 'amenities.0'],
      [{ ...valid, nameAr: '  ' }, 'nameAr'],
      [{ ...valid, planImagePath: '../etc/passwd' }, 'planImagePath'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: superA, payload });
      expect(res.statusCode, field).toBe(422);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        field,
      ).toContain(field);
    }
    const neither = await t.app.inject({ method: 'POST', url, headers: superA, payload: { nameEn: 'No point', nameAr: 'بلا نقطة' } });
    expect(neither.statusCode).toBe(201);
    expect(neither.json()).toMatchObject({ latitude: null, longitude: null });
    const id = neither.json().id;
    // A change moves the point as a whole: one coordinate alone is refused, both together (or cleared together) are fine.
    const half = await t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers: superA, payload: { latitude: 10 } });
    expect(half.statusCode).toBe(422);
    expect(half.json().error.fields[0].field).toBe('longitude');
    const both = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers: superA,
      payload: { latitude: -33.8688, longitude: 151.2093 },
    });
    expect(both.json()).toMatchObject({ latitude: -33.8688, longitude: 151.2093 });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers: superA,
      payload: { latitude: null, longitude: null },
    });
    expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('accepts a plan image only when it is an uploaded image of the organization public bucket', async () => {
    const loc = await createLocation(t.app, orgA.id);
    const path = `plans/${randomUUID()}.png`;
    const missing = await t.app.inject({ method: 'PATCH', url: `${url}/${loc.id}`, headers: superA, payload: { planImagePath: path } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields[0].field).toBe('planImagePath');
    const bucketId = `${orgA.slug}-public`;
    await t.app.ctx.db.insert(buckets).values({ id: bucketId, orgId: orgA.id, name: bucketId, public: true }).onConflictDoNothing();
    await t.app.ctx.db.insert(objects).values([
      { bucketId, orgId: orgA.id, name: path, blobKey: randomUUID(), metadata: { mimetype: 'image/png', size: 10 } },
      { bucketId, orgId: orgA.id, name: 'plans/notes.pdf', blobKey: randomUUID(), metadata: { mimetype: 'application/pdf', size: 10 } },
    ]);
    const pdf = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${loc.id}`,
      headers: superA,
      payload: { planImagePath: 'plans/notes.pdf' },
    });
    expect(pdf.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'PATCH', url: `${url}/${loc.id}`, headers: superA, payload: { planImagePath: path } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().planImageUrl).toBe(`/storage/v1/object/public/${bucketId}/${path}`);
    // Another organization's super admin cannot point its location at A's file.
    const other = await t.app.inject({ method: 'POST', url, headers: superB, payload: { ...valid, planImagePath: path } });
    expect(other.statusCode).toBe(422);
  });

  it('returns a location with its slot plan and the categories that colour it', async () => {
    const loc = await createLocation(t.app, orgA.id);
    const food = await createCategory(t.app, orgA.id, { colour: '#ff0000' });
    await createCategory(t.app, orgA.id); // not used by any slot
    await createSlot(t.app, orgA.id, { locationId: loc.id, code: 'A1', categoryId: food.id, planX: 2, planY: 3, planRotation: 90 });
    await createSlot(t.app, orgA.id, { locationId: loc.id, code: 'A2', planX: null, planY: null });
    await addDay(orgA.id, loc.id, isoDay(-3), 'published');
    await addDay(orgA.id, loc.id, isoDay(2), 'cancelled');
    await addDay(orgA.id, loc.id, isoDay(5), 'draft');
    const res = await t.app.inject({ url: `${url}/${loc.id}`, headers: managerA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slots.map((s: { code: string }) => s.code)).toEqual(['A1', 'A2']);
    expect(body.slots[0]).toMatchObject({ planX: 2, planY: 3, planRotation: 90, categoryId: food.id });
    expect(body.categories).toEqual([{ id: food.id, nameEn: food.nameEn, nameAr: food.nameAr, colour: '#ff0000' }]);
    expect(body).toMatchObject({ slotCount: 2, marketDayCount: 3, nextMarketDay: { date: isoDay(5), status: 'draft', openTime: '09:00' } });
  });

  it('refuses to delete a location with market days, and removes its slots otherwise', async () => {
    const busy = await createLocation(t.app, orgA.id);
    await addDay(orgA.id, busy.id, isoDay(10));
    const refused = await t.app.inject({ method: 'DELETE', url: `${url}/${busy.id}`, headers: superA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/market day/);
    expect((await t.app.inject({ url: `${url}/${busy.id}`, headers: superA })).statusCode).toBe(200);

    const free = await createLocation(t.app, orgA.id);
    await createSlot(t.app, orgA.id, { locationId: free.id, code: 'B1' });
    const gone = await t.app.inject({ method: 'DELETE', url: `${url}/${free.id}`, headers: superA });
    expect(gone.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(marketSlots).where(eq(marketSlots.locationId, free.id))).toEqual([]);
    expect((await t.app.inject({ url: `${url}/${free.id}`, headers: superA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${free.id}`, headers: superA })).statusCode).toBe(404);
  });

  it('keeps organizations apart: B gets 404 for A ids and never lists them', async () => {
    const a = await createLocation(t.app, orgA.id, { nameEn: 'Only in A' });
    expect((await t.app.inject({ url: `${url}/${a.id}`, headers: superB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `${url}/${a.id}`, headers: superB, payload: { nameEn: 'Taken' } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: superB })).statusCode).toBe(404);
    const listB = (await t.app.inject({ url, headers: superB })).json();
    expect(listB.map((l: { id: string }) => l.id)).not.toContain(a.id);
    const still = (await t.app.inject({ url: `${url}/${a.id}`, headers: superA })).json();
    expect(still.nameEn).toBe('Only in A');
  });

  it('filters the list by status and by text', async () => {
    const tag = randomUUID().slice(0, 6);
    await createLocation(t.app, orgA.id, { nameEn: `Filter ${tag} on`, status: 'active' });
    await createLocation(t.app, orgA.id, { nameEn: `Filter ${tag} off`, status: 'inactive' });
    const names = async (qs: string) =>
      (await t.app.inject({ url: `${url}?${qs}`, headers: superA })).json().map((l: { nameEn: string }) => l.nameEn);
    expect(await names(`q=${tag}`)).toEqual([`Filter ${tag} off`, `Filter ${tag} on`]);
    expect(await names(`q=${tag}&status=inactive`)).toEqual([`Filter ${tag} off`]);
    expect(await names('q=%25%25nothing-like-this')).toEqual([]);
  });
});
