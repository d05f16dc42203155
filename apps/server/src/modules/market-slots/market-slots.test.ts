import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { startTwoOrgs, type Headers } from '../access/access.test-support.js';

let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Headers;
let marketing: Headers;
let otherOrgAdmin: Headers;
beforeAll(async () => {
  const s = await startTwoOrgs({ admin: 'vendor_manager', marketing: 'marketing' }, { otherOrgAdmin: 'super_admin' });
  ({ t, orgA, orgB } = s);
  ({ admin, marketing, otherOrgAdmin } = s.users);
});
afterAll(async () => t?.close());

const url = '/api/v1/market-slots';
type Slot = { id: string; code: string; planX: number | null; planY: number | null; planRotation: number; widthM: number; depthM: number };
const post = (payload: object, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload });
const list = async (q: string, headers = admin): Promise<Slot[]> => (await t.app.inject({ url: `${url}${q}`, headers })).json();

describe(`market slots (${driver})`, () => {
  it('creates a slot for vendor_management holders, with codes unique per location without regard to case', async () => {
    const loc = await createLocation(t.app, orgA);
    const other = await createLocation(t.app, orgA);
    const body = {
      locationId: loc.id,
      code: 'A1',
      zone: 'North',
      widthM: 3.333,
      depthM: 2,
      power: 'single_phase',
      feePerDay: 2500,
      planX: 1,
      planY: 2,
    };
    expect((await post(body, marketing)).statusCode).toBe(403);
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'A1',
      zone: 'North',
      widthM: 3.33,
      power: 'single_phase',
      feePerDay: 2500,
      status: 'open',
      planRotation: 0,
    });
    const dup = await post({ ...body, code: 'a1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields[0].field).toBe('code');
    expect((await post({ ...body, locationId: other.id })).statusCode).toBe(201);
    // Renaming onto an existing code is refused the same way.
    const b2 = (await post({ ...body, code: 'B2' })).json();
    const rename = await t.app.inject({ method: 'PATCH', url: `${url}/${b2.id}`, headers: admin, payload: { code: 'A1' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.fields[0].field).toBe('code');
  });

  it('validates fees, sizes, rotation and the category with field names', async () => {
    const loc = await createLocation(t.app, orgA);
    const foreignCategory = await createCategory(t.app, orgB);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ feePerDay: -1 }, 'feePerDay', 422],
      [{ feePerSeason: 1_000_000_001 }, 'feePerSeason', 422],
      [{ feePerDay: 12.5 }, 'feePerDay', 422],
      [{ widthM: 0.4 }, 'widthM', 422],
      [{ depthM: 101 }, 'depthM', 422],
      [{ planRotation: 360 }, 'planRotation', 422],
      [{ power: 'nuclear' }, 'power', 422],
      [{ code: '-A' }, 'code', 422],
      [{ categoryId: foreignCategory.id }, 'categoryId', 422],
      [{ planX: 3 }, 'planY', 422],
    ];
    for (const [over, field, status] of cases) {
      const res = await post({ locationId: loc.id, code: 'V1', ...over });
      expect([res.statusCode, JSON.stringify(res.json().error.fields)], JSON.stringify(over)).toEqual([
        status,
        expect.stringContaining(field),
      ]);
    }
    const cat = await createCategory(t.app, orgA);
    expect((await post({ locationId: loc.id, code: 'V1', categoryId: cat.id })).json().categoryId).toBe(cat.id);
  });

  it('keeps slots on their plan: position and size within the location plan size', async () => {
    const loc = await createLocation(t.app, orgA, { planWidthM: 20, planDepthM: 10 });
    expect((await post({ locationId: loc.id, code: 'P1', widthM: 3, depthM: 3, planX: 17, planY: 7 })).statusCode).toBe(201);
    const wide = await post({ locationId: loc.id, code: 'P2', widthM: 3, depthM: 3, planX: 17.5, planY: 0 });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().error.fields[0]).toMatchObject({ field: 'planX', message: expect.stringContaining('20 m wide') });
    const deep = await post({ locationId: loc.id, code: 'P3', widthM: 3, depthM: 3, planX: 0, planY: 8 });
    expect(deep.json().error.fields[0].field).toBe('planY');
    const slot = (await post({ locationId: loc.id, code: 'P4', widthM: 3, depthM: 3, planX: 0, planY: 0 })).json();
    const grow = await t.app.inject({ method: 'PATCH', url: `${url}/${slot.id}`, headers: admin, payload: { widthM: 21 } });
    expect(grow.statusCode).toBe(422);
    expect(grow.json().error.fields.map((f: { field: string }) => f.field)).toContain('widthM');
    // An unplaced slot has no position to check.
    expect((await post({ locationId: loc.id, code: 'P5', widthM: 10 })).json().planX).toBeNull();
  });

  it('filters by location, zone, status, category and amenities, in natural code order', async () => {
    const loc = await createLocation(t.app, orgA);
    const cat = await createCategory(t.app, orgA);
    await createSlot(t.app, orgA, { locationId: loc.id, code: 'A10', zone: 'East', power: 'three_phase', hasWater: true });
    await createSlot(t.app, orgA, { locationId: loc.id, code: 'A2', zone: 'East', status: 'blocked', hasShade: true, categoryId: cat.id });
    await createSlot(t.app, orgA, { locationId: loc.id, code: 'A1', zone: 'West', isCorner: true });
    await createSlot(t.app, orgA, { code: 'A3' });
    const codes = async (q: string) => (await list(`?locationId=${loc.id}${q}`)).map((s) => s.code);
    expect(await codes('')).toEqual(['A1', 'A2', 'A10']);
    expect(await codes('&zone=east')).toEqual(['A2', 'A10']);
    expect(await codes('&status=blocked')).toEqual(['A2']);
    expect(await codes(`&categoryId=${cat.id}`)).toEqual(['A2']);
    expect(await codes('&power=any')).toEqual(['A10']);
    expect(await codes('&power=none')).toEqual(['A1', 'A2']);
    expect(await codes('&water=true')).toEqual(['A10']);
    expect(await codes('&shade=true')).toEqual(['A2']);
    expect(await codes('&corner=true')).toEqual(['A1']);
    expect(await codes('&corner=false&water=false')).toEqual(['A2']);
    const options = (await t.app.inject({ url: `${url}/options?locationId=${loc.id}`, headers: admin })).json();
    expect(options).toEqual({ currency: 'USD', zones: ['East', 'West'] });
  });

  it('generates a run in a row in one transaction, and refuses all of it when any code exists', async () => {
    const loc = await createLocation(t.app, orgA, { planWidthM: 60, planDepthM: 40 });
    const gen = (over: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${url}/generate`,
        headers: admin,
        payload: {
          locationId: loc.id,
          prefix: 'A',
          from: 1,
          to: 20,
          zone: 'Row A',
          widthM: 3,
          depthM: 2.5,
          power: 'single_phase',
          feePerDay: 1500,
          feePerSeason: 12000,
          layout: { startX: 0, startY: 5, direction: 'row', gapM: 0 },
          ...over,
        },
      });
    const res = await gen();
    expect(res.statusCode).toBe(201);
    const made: Slot[] = res.json();
    expect(made.map((s) => s.code)).toEqual(Array.from({ length: 20 }, (_, i) => `A${i + 1}`));
    expect(made[19]).toMatchObject({ planX: 57, planY: 5, widthM: 3, depthM: 2.5, zone: 'Row A', feePerDay: 1500, feePerSeason: 12000 });

    const clash = await gen({ from: 18, to: 25 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toContain('A18, A19, A20');
    expect((await list(`?locationId=${loc.id}`)).length).toBe(20);

    const offPlan = await gen({ prefix: 'B', layout: { startX: 0, startY: 10, direction: 'row', gapM: 0.5 } });
    expect(offPlan.statusCode).toBe(422);
    expect(offPlan.json().error.fields[0].field).toBe('layout');
    const tooMany = await gen({ prefix: 'C', from: 1, to: 501 });
    expect(tooMany.json().error.fields[0].field).toBe('to');
    const backwards = await gen({ prefix: 'C', from: 5, to: 4 });
    expect(backwards.json().error.fields[0].field).toBe('to');
    expect((await list(`?locationId=${loc.id}`)).length).toBe(20);

    const column = await gen({ prefix: 'C', from: 1, to: 3, layout: { startX: 50, startY: 0, direction: 'column', gapM: 1 } });
    expect(column.json().map((s: Slot) => s.planY)).toEqual([0, 3.5, 7]);
  });

  it('moves, rotates and resizes many slots in one request, all or nothing', async () => {
    const loc = await createLocation(t.app, orgA, { planWidthM: 30, planDepthM: 20 });
    const a = await createSlot(t.app, orgA, { locationId: loc.id, code: 'M1' });
    const b = await createSlot(t.app, orgA, { locationId: loc.id, code: 'M2' });
    const patch = (positions: object[], headers = admin) =>
      t.app.inject({ method: 'PATCH', url: `${url}/positions`, headers, payload: { positions } });

    const ok = await patch([
      { id: a.id, planX: 10.5, planY: 4, planRotation: 90 },
      { id: b.id, planX: 20, planY: 0.1, planRotation: 15, widthM: 4, depthM: 2 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([
      expect.objectContaining({ id: a.id, planX: 10.5, planY: 4, planRotation: 90, widthM: 3 }),
      expect.objectContaining({ id: b.id, planX: 20, planY: 0.1, planRotation: 15, widthM: 4, depthM: 2 }),
    ]);

    // The second entry reaches past the 30 m plan: the first entry must not move either.
    const bad = await patch([
      { id: a.id, planX: 1, planY: 1, planRotation: 0 },
      { id: b.id, planX: 27, planY: 1, planRotation: 0 },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('positions.1.planX');
    const foreign = await createSlot(t.app, orgB);
    const cross = await patch([
      { id: a.id, planX: 1, planY: 1, planRotation: 0 },
      { id: foreign.id, planX: 1, planY: 1, planRotation: 0 },
    ]);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.fields[0].field).toBe('positions.1.id');
    const twice = await patch([
      { id: a.id, planX: 1, planY: 1, planRotation: 0 },
      { id: a.id, planX: 2, planY: 1, planRotation: 0 },
    ]);
    expect(twice.statusCode).toBe(422);
    const after = (await t.app.inject({ url: `${url}/${a.id}`, headers: admin })).json();
    expect(after).toMatchObject({ planX: 10.5, planY: 4, planRotation: 90 });
    const tooMany = await patch(Array.from({ length: 501 }, () => ({ id: a.id, planX: 1, planY: 1, planRotation: 0 })));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.fields[0].field).toContain('positions');
    expect((await patch([{ id: a.id, planX: 1, planY: 1, planRotation: 0 }], marketing)).statusCode).toBe(403);
  });

  it("answers 404 to another organization for every slot route and location, and never lists the other's slots", async () => {
    const loc = await createLocation(t.app, orgA);
    const slot = await createSlot(t.app, orgA, { locationId: loc.id, code: 'X1' });
    const calls = [
      { method: 'GET' as const, url: `${url}/${slot.id}` },
      { method: 'PATCH' as const, url: `${url}/${slot.id}`, payload: { zone: 'Theirs' } },
      { method: 'DELETE' as const, url: `${url}/${slot.id}` },
      { method: 'POST' as const, url, payload: { locationId: loc.id, code: 'Z9' } },
      {
        method: 'POST' as const,
        url: `${url}/generate`,
        payload: {
          locationId: loc.id,
          prefix: 'Z',
          from: 1,
          to: 2,
          widthM: 3,
          depthM: 3,
          layout: { startX: 0, startY: 0, direction: 'row', gapM: 0 },
        },
      },
    ];
    for (const c of calls) expect((await t.app.inject({ ...c, headers: otherOrgAdmin })).statusCode, `${c.method} ${c.url}`).toBe(404);
    expect(await list(`?locationId=${loc.id}`, otherOrgAdmin)).toEqual([]);
    expect((await list('', otherOrgAdmin)).map((s) => s.id)).not.toContain(slot.id);
    const options = (await t.app.inject({ url: `${url}/options`, headers: otherOrgAdmin })).json();
    expect(options.zones).toEqual([]);
    const mine = (await t.app.inject({ url: `${url}/${slot.id}`, headers: admin })).json();
    expect(mine.zone).toBe('');
    expect((await list(`?locationId=${loc.id}`)).map((s) => s.code)).toEqual(['X1']);
  });

  it('deletes a slot', async () => {
    const slot = await createSlot(t.app, orgA);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${slot.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${url}/${slot.id}`, headers: admin })).statusCode).toBe(404);
  });
});
