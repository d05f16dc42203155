import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketDays, marketLocations, marketSlots } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
async function addDay(
  orgId: string,
  locationId: string,
  offset: number,
  status: 'draft' | 'published' | 'cancelled' | 'completed',
  notes?: string,
) {
  const [row] = await t.app.ctx.db
    .insert(marketDays)
    .values({ orgId, locationId, date: isoDay(offset), setupTime: '07:30', openTime: '09:00', closeTime: '14:00', status, notes })
    .returning();
  return row!;
}
const map = async () => {
  const res = await t.app.inject({ url: '/api/v1/public/market-locations' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    locations: { id: string; marketDays: { id: string; date: string }[]; organizationName: string }[];
    truncated: boolean;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrg(t.app, `Org A ${randomUUID().slice(0, 6)}`);
  orgB = await createOrg(t.app, `Org B ${randomUUID().slice(0, 6)}`);
});
afterAll(async () => t?.close());

describe(`public map (${driver})`, () => {
  it('shows public, active locations of every organization without sign-in, and nothing else', async () => {
    const shown = await createLocation(t.app, orgA.id, { isPublic: true, latitude: 25.1, longitude: 55.2, amenities: ['water'] });
    const shownB = await createLocation(t.app, orgB.id, { isPublic: true });
    const hidden = await createLocation(t.app, orgA.id, { isPublic: false });
    const inactive = await createLocation(t.app, orgB.id, { isPublic: true, status: 'inactive' });
    await addDay(orgA.id, hidden.id, 3, 'published');
    const body = await map();
    const ids = body.locations.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([shown.id, shownB.id]));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(inactive.id);
    expect(body.locations.find((l) => l.id === shown.id)).toMatchObject({
      organizationName: orgA.name,
      latitude: 25.1,
      longitude: 55.2,
      amenities: ['water'],
    });
    expect(body.locations.find((l) => l.id === shownB.id)?.organizationName).toBe(orgB.name);
    for (const id of [hidden.id, inactive.id, randomUUID()]) {
      expect((await t.app.inject({ url: `/api/v1/public/market-locations/${id}` })).statusCode).toBe(404);
    }
    // A signed-in user of another organization sees exactly what the public sees.
    const stranger = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'super_admin' })));
    const res = await t.app.inject({ url: `/api/v1/public/market-locations/${hidden.id}`, headers: stranger });
    expect(res.statusCode).toBe(404);
  });

  it('lists only published days from today on, the next ten, in date order, without notes', async () => {
    const loc = await createLocation(t.app, orgA.id, { isPublic: true });
    await addDay(orgA.id, loc.id, -2, 'published');
    await addDay(orgA.id, loc.id, 1, 'draft');
    await addDay(orgA.id, loc.id, 2, 'cancelled');
    await addDay(orgA.id, loc.id, 3, 'completed');
    const published: string[] = [];
    for (let i = 12; i >= 0; i--) published.push((await addDay(orgA.id, loc.id, 4 + i * 7, 'published', 'internal: gate code 1234')).date);
    const days = (await map()).locations.find((l) => l.id === loc.id)!.marketDays;
    expect(days.map((d) => d.date)).toEqual(published.sort().slice(0, 10));
    expect(days[0]).toEqual({ id: expect.any(String), date: isoDay(4), setupTime: '07:30', openTime: '09:00', closeTime: '14:00' });
    expect(JSON.stringify(await map())).not.toContain('gate code');
  });

  it('gives the slot plan coloured by category, without fees or internal fields', async () => {
    const loc = await createLocation(t.app, orgA.id, { isPublic: true, planWidthM: 80, planDepthM: 50 });
    const food = await createCategory(t.app, orgA.id, { colour: '#f97316' });
    await createSlot(t.app, orgA.id, {
      locationId: loc.id,
      code: 'F1',
      categoryId: food.id,
      planX: 4,
      planY: 6,
      planRotation: 45,
      feePerDay: 987654,
      feePerSeason: 123456,
    });
    await createSlot(t.app, orgA.id, { locationId: loc.id, code: 'F2', planX: null, planY: null });
    await addDay(orgA.id, loc.id, 5, 'published');
    const res = await t.app.inject({ url: `/api/v1/public/market-locations/${loc.id}` });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ planWidthM: 80, planDepthM: 50, planImageUrl: null, slotCount: 1 });
    expect(plan.slots).toEqual([{ code: 'F1', planX: 4, planY: 6, widthM: 3, depthM: 3, planRotation: 45, categoryId: food.id }]);
    expect(plan.categories).toEqual([{ id: food.id, nameEn: food.nameEn, nameAr: food.nameAr, colour: '#f97316' }]);
    expect(plan.marketDays).toHaveLength(1);
    expect(res.body).not.toMatch(/987654|123456/);
    const keys = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          walk(x);
        }
    };
    walk(plan);
    expect([...keys].filter((k) => /fee|status|org(?!anization)|notes|public|vendor|created|updated/i.test(k))).toEqual([]);
  });

  it('draws at most 2000 slots of one plan', async () => {
    const loc = await createLocation(t.app, orgA.id, { isPublic: true, planWidthM: 2000, planDepthM: 2000 });
    const rows = Array.from({ length: 2001 }, (_, i) => ({
      orgId: orgA.id,
      locationId: loc.id,
      code: `S${String(i).padStart(4, '0')}`,
      planX: i % 500,
      planY: Math.floor(i / 500) * 4,
    }));
    await t.app.ctx.db.insert(marketSlots).values(rows);
    const plan = (await t.app.inject({ url: `/api/v1/public/market-locations/${loc.id}` })).json();
    expect(plan.slots).toHaveLength(2000);
    expect(plan.slots[0].code).toBe('S0000');
  });

  it('is bounded: at most 200 locations, and says when it cut the list', async () => {
    const before = (await map()).locations.length;
    const rows = Array.from({ length: 201 - before }, (_, i) => ({
      orgId: orgB.id,
      nameEn: `Bulk ${i}`,
      nameAr: `كتلة ${i}`,
      isPublic: true,
    }));
    await t.app.ctx.db.insert(marketLocations).values(rows);
    const body = await map();
    expect(body.locations).toHaveLength(200);
    expect(body.truncated).toBe(true);
  });
});
