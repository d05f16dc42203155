import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, marketAssignments, marketDayRequests, marketDays } from '../../db/schema/index.js';
import { createLocation, createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { slotNeighbours, type SlotGeometry } from './allocation-neighbours.js';
import { ahead, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

// Automatic allocation through the API. The location has a row A of touching 3 m slots (A1 food only, A2..A4
// any category) and, 10 m away, B1 (any) beside B2 (blocked): so B1 is nobody's neighbour in row A.

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
let slots: Record<'a1' | 'a2' | 'a3' | 'a4' | 'b1' | 'b2', { id: string; code: string }>;
let locationId: string;
beforeAll(async () => {
  ({ t, a, b } = await marketTestApp());
  locationId = (await createLocation(t.app, a.org.id)).id;
  const slot = (code: string, zone: string, planX: number, planY: number, over: Parameters<typeof createSlot>[2] = {}) =>
    createSlot(t.app, a.org.id, { code, zone, locationId, planX, planY, ...over });
  slots = {
    a1: await slot('A1', 'A', 0, 0, { categoryId: a.food.id }),
    a2: await slot('A2', 'A', 3, 0),
    a3: await slot('A3', 'A', 6, 0),
    a4: await slot('A4', 'A', 9, 0),
    b1: await slot('B1', 'B', 0, 10),
    b2: await slot('B2', 'B', 3, 10, { status: 'blocked' }),
  };
});
afterAll(async () => t?.close());

let offset = 60;
/** A published day at the allocation location, with food and crafts capacities of 2 unless told otherwise. */
const day = (capacities: { food: number; crafts: number } | null = { food: 2, crafts: 2 }) =>
  a.day(ahead((offset += 7)), { locationId }, capacities);

async function request(vendorId: string, marketDayId: string, categoryId: string, priority: number) {
  return (await a.requestRows([{ vendorId, marketDayId, categoryId, priority }]))[0]!;
}

async function booking(
  v: { vendorId: string; marketDayId: string; slotId: string; categoryId: string; requestId?: string } & Partial<
    typeof marketAssignments.$inferInsert
  >,
) {
  const [row] = await t.app.ctx.db
    .insert(marketAssignments)
    .values({ orgId: a.org.id, ...v })
    .returning();
  return row!;
}

const holding = async (dayId: string) =>
  (await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.marketDayId, dayId)))
    .filter((x) => x.status === 'confirmed')
    .map((x) => `${x.vendorId}@${x.slotId}`)
    .sort();
const allocateAudits = async (dayId: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, dayId), eq(auditLog.action, 'allocate')));
const propose = (dayId: string, body: object = {}) => a.call('POST', `/market-days/${dayId}/allocation/proposal`, body);
const apply = (
  dayId: string,
  p: {
    inputHash: string;
    keepUnlocked: boolean;
    placements: { requestId: string; slotId: string }[];
    released: { assignmentId: string }[];
  },
) =>
  a.call('POST', `/market-days/${dayId}/allocation/apply`, {
    inputHash: p.inputHash,
    keepUnlocked: p.keepUnlocked,
    placements: p.placements.map(({ requestId, slotId }) => ({ requestId, slotId })),
    released: p.released.map((r) => r.assignmentId),
  });

/**
 * The main scene: vendor P (crafts) held A4 on an earlier day, C (crafts) was cancelled off A3 that day (which
 * must not count); on the day, L (food) is locked on A2. Requests by priority: F (food), P, C, F2 (food, over
 * the food capacity of 2), X (food, insurance expired before the day).
 */
async function scene() {
  const earlier = await day();
  const d = await day();
  const f = await a.vendor({ insuredUntil: null });
  const p = await a.vendor({ categories: [a.crafts] });
  const c = await a.vendor({ categories: [a.crafts] });
  const f2 = await a.vendor({ insuredUntil: null });
  const x = await a.vendor({ insuredUntil: ahead(offset - 3) });
  const l = await a.vendor({ insuredUntil: null });
  await booking({ vendorId: p.id, marketDayId: earlier.id, slotId: slots.a4.id, categoryId: a.crafts.id });
  await booking({ vendorId: c.id, marketDayId: earlier.id, slotId: slots.a3.id, categoryId: a.crafts.id, status: 'cancelled' });
  const rl = await request(l.id, d.id, a.food.id, 0);
  await booking({ vendorId: l.id, marketDayId: d.id, slotId: slots.a2.id, categoryId: a.food.id, requestId: rl.id, locked: true });
  const req = {
    f: await request(f.id, d.id, a.food.id, 10),
    p: await request(p.id, d.id, a.crafts.id, 5),
    c: await request(c.id, d.id, a.crafts.id, 3),
    f2: await request(f2.id, d.id, a.food.id, 1),
    x: await request(x.id, d.id, a.food.id, 0),
  };
  return { earlier, d, v: { f, p, c, f2, x, l }, req };
}

describe(`automatic allocation (${driver})`, () => {
  it('proposes placements with their reasons: previous slot, category slot, apart from the same category; says who is left out', async () => {
    const s = await scene();
    const before = await holding(s.d.id);
    const res = await propose(s.d.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.placements.map((p: { slotCode: string; vendorId: string; reason: object }) => [p.slotCode, p.vendorId, p.reason]),
    ).toEqual([
      ['A1', s.v.f.id, { code: 'category_slot', params: {} }],
      ['A4', s.v.p.id, { code: 'kept_previous_slot', params: { date: s.earlier.date } }],
      // A3 is beside P's crafts stall on A4; B1 stands apart.
      ['B1', s.v.c.id, { code: 'apart_from_same_category', params: {} }],
    ]);
    expect(res.body.placements[0]).toMatchObject({
      requestId: s.req.f.id,
      categoryNameEn: 'Food',
      slotZone: 'A',
      vendorName: s.v.f.publicName,
    });
    expect(res.body.unplaced.map((u: { requestId: string; reason: string }) => [u.requestId, u.reason])).toEqual([
      [s.req.f2.id, 'category_full'],
      [s.req.x.id, 'not_eligible'],
    ]);
    expect(res.body.unplaced[1].message).toMatch(/^insurance expired on \d{4}-\d\d-\d\d$/);
    expect(res.body).toMatchObject({ marketDayId: s.d.id, date: s.d.date, keepUnlocked: true, released: [], freeSlotsAfter: 1 });
    expect(res.body.inputHash).toMatch(/^[0-9a-f]{64}$/);
    // A proposal writes nothing.
    expect(await holding(s.d.id)).toEqual(before);
    expect(await allocateAudits(s.d.id)).toEqual([]);
  });

  it('gives the identical proposal and hash for the same input, and another hash when the option or the day changes', async () => {
    const s = await scene();
    const first = await propose(s.d.id);
    const second = await propose(s.d.id, { keepUnlocked: true });
    expect(second.body).toEqual(first.body);
    const other = await propose(s.d.id, { keepUnlocked: false });
    expect(other.body.inputHash).not.toBe(first.body.inputHash);
    expect(other.body.released).toEqual([]); // L is locked: it never moves.
    await t.app.ctx.db.update(marketDayRequests).set({ priority: 20 }).where(eq(marketDayRequests.id, s.req.c.id));
    const changed = await propose(s.d.id);
    expect(changed.body.inputHash).not.toBe(first.body.inputHash);
  });

  it('applies exactly the proposed placements in one audited write; the same proposal again is refused', async () => {
    const s = await scene();
    const before = await holding(s.d.id);
    const p = (await propose(s.d.id)).body;
    const res = await apply(s.d.id, p);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ marketDayId: s.d.id, created: 3, released: 0 });
    const expected = [...before, ...p.placements.map((x: { vendorId: string; slotId: string }) => `${x.vendorId}@${x.slotId}`)].sort();
    expect(await holding(s.d.id)).toEqual(expected);
    const created = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.id, res.body.assignmentIds[0]));
    expect(created[0]).toMatchObject({ requestId: s.req.f.id, categoryId: a.food.id, createdBy: a.user.id, locked: false });
    const audits = await allocateAudits(s.d.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ created: 3, released: 0, inputHash: p.inputHash });
    const again = await apply(s.d.id, p);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The day changed since the proposal: review it again');
  });

  it('answers 409 and writes nothing when the day changed after the proposal', async () => {
    const s = await scene();
    const p = (await propose(s.d.id)).body;
    const manual = await a.call('POST', '/market-assignments', { requestId: s.req.c.id, slotId: slots.a3.id });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const after = await holding(s.d.id);
    const res = await apply(s.d.id, p);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The day changed since the proposal: review it again');
    expect(await holding(s.d.id)).toEqual(after);
    expect(await allocateAudits(s.d.id)).toEqual([]);
  });

  it('refuses a placement the proposal did not make, naming it, and writes nothing', async () => {
    const s = await scene();
    const p = (await propose(s.d.id)).body;
    const before = await holding(s.d.id);
    const forged = { ...p, placements: [{ requestId: s.req.f2.id, slotId: slots.a3.id }] };
    const res = await apply(s.d.id, forged);
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual([{ field: 'placements.0', message: 'is not a placement of the proposal' }]);
    expect(await holding(s.d.id)).toEqual(before);
  });

  it('with keepUnlocked false, releases an unlocked booking, places it again, and hands its freed slot to the waitlist', async () => {
    const earlier = await day();
    const d = await day();
    const p = await a.vendor({ categories: [a.crafts] });
    const u = await a.vendor({ categories: [a.crafts] });
    await booking({ vendorId: p.id, marketDayId: earlier.id, slotId: slots.a4.id, categoryId: a.crafts.id });
    await request(p.id, d.id, a.crafts.id, 5);
    const ru = await request(u.id, d.id, a.crafts.id, 0);
    const held = await booking({ vendorId: u.id, marketDayId: d.id, slotId: slots.a3.id, categoryId: a.crafts.id, requestId: ru.id });
    const kept = (await propose(d.id)).body;
    expect(kept.released).toEqual([]);
    const moved = (await propose(d.id, { keepUnlocked: false })).body;
    expect(moved.released).toEqual([expect.objectContaining({ assignmentId: held.id, slotCode: 'A3', vendorId: u.id })]);
    // U leaves A3 (beside P's old stall A4) for the first free slot, A2.
    expect(
      moved.placements.map((x: { slotCode: string; vendorId: string; reason: { code: string } }) => [
        x.slotCode,
        x.vendorId,
        x.reason.code,
      ]),
    ).toEqual([
      ['A2', u.id, 'any_free_slot'],
      ['A4', p.id, 'kept_previous_slot'],
    ]);
    const res = await apply(d.id, moved);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, released: 1 });
    const old = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.id, held.id));
    expect(old[0]).toMatchObject({ status: 'cancelled', statusReason: 'Released by automatic allocation to be placed again' });
    expect(await holding(d.id)).toEqual([`${p.id}@${slots.a4.id}`, `${u.id}@${slots.a2.id}`].sort());
    const freed = (await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'market.waitlist.slot-freed'))).map((j) => j.payload);
    expect(freed).toContainEqual({ orgId: a.org.id, dayId: d.id, slotId: slots.a3.id });
  });

  it("uses the category's target when the day has no capacity of its own", async () => {
    const d = await day(null); // crafts' target per day is 2
    const vs = [
      await a.vendor({ categories: [a.crafts] }),
      await a.vendor({ categories: [a.crafts] }),
      await a.vendor({ categories: [a.crafts] }),
    ];
    const reqs = [];
    for (const [i, v] of vs.entries()) reqs.push(await request(v.id, d.id, a.crafts.id, 10 - i));
    const res = (await propose(d.id)).body;
    expect(res.placements).toHaveLength(2);
    expect(res.unplaced).toEqual([expect.objectContaining({ requestId: reqs[2]!.id, reason: 'category_full', message: null })]);
  });

  it('refuses a cancelled day (409) and answers 404 for a day of another organization', async () => {
    const cancelled = await day();
    await t.app.ctx.db.update(marketDays).set({ status: 'cancelled' }).where(eq(marketDays.id, cancelled.id));
    expect((await propose(cancelled.id)).status).toBe(409);
    const s = await scene();
    const p = (await propose(s.d.id)).body;
    const before = await holding(s.d.id);
    expect((await b.call('POST', `/market-days/${s.d.id}/allocation/proposal`, {})).status).toBe(404);
    const foreign = await b.call('POST', `/market-days/${s.d.id}/allocation/apply`, {
      inputHash: p.inputHash,
      placements: p.placements.map(({ requestId, slotId }: { requestId: string; slotId: string }) => ({ requestId, slotId })),
    });
    expect(foreign.status).toBe(404);
    expect(await holding(s.d.id)).toEqual(before);
    expect(
      (await a.call('POST', `/market-days/${s.d.id}/allocation/apply`, { inputHash: 'x', placements: [] })).body.error.fields[0].field,
    ).toBe('inputHash');
  });
});

describe('slot neighbours', () => {
  const g = (id: string, code: string, planX: number | null, planY: number | null, over: Partial<SlotGeometry> = {}): SlotGeometry => ({
    id,
    code,
    zone: 'A',
    widthM: 3,
    depthM: 2,
    planX,
    planY,
    planRotation: 0,
    ...over,
  });

  it('joins slots on the plan that touch or stand within 0.5 m, rotated ones by their drawn outline', () => {
    const n = slotNeighbours([
      g('a', 'A1', 0, 0),
      g('b', 'A2', 3, 0), // touches a
      g('c', 'A3', 6.5, 0), // 0.5 m from b
      g('d', 'A4', 10.1, 0), // 0.6 m from c
      // 3 x 2 turned 90°: centre (1.5, 6), drawn 2 wide and 3 deep, from y 4.5: 2.5 m below a.
      g('e', 'A5', 0, 5, { planRotation: 90 }),
      g('f', 'A6', 0, 2.4, { planRotation: 90 }), // drawn from y 1.9: overlaps a's depth of 2
    ]);
    expect(n.get('a')).toEqual(['b', 'f']);
    expect(n.get('b')).toEqual(['a', 'c', 'f']);
    expect(n.get('c')).toEqual(['b']);
    expect(n.get('d')).toEqual([]);
    expect(n.get('e')).toEqual(['f']);
  });

  it('falls back to natural code order within a zone for slots not on the plan', () => {
    const n = slotNeighbours([
      g('s10', 'A10', null, null),
      g('s2', 'A2', null, null),
      g('s1', 'A1', null, null),
      g('s3', 'A3', null, null),
      g('z1', 'B1', null, null, { zone: 'B' }),
    ]);
    expect(n.get('s2')).toEqual(['s1', 's3']);
    expect(n.get('s10')).toEqual(['s3']);
    expect(n.get('z1')).toEqual([]);
  });
});
