import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketDays, vendorDocuments } from '../../db/schema/index.js';
import { createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, fieldsOf, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

let offset = 40;
const freshDay = () => a.day(ahead(offset++));
const actions = async (id: string) => (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((x) => x.action);

/** A fresh day and an accepted crafts request of a fresh vendor on it. */
async function acceptedOnFreshDay() {
  const day = await freshDay();
  const v = await a.vendor({ insuredUntil: null });
  return { day, v, r: await a.accepted(v.id, day.id, a.crafts.id) };
}

describe(`market assignments (${driver})`, () => {
  it('books an accepted request onto a free fitting slot (201) with day, slot, vendor and request details, audited', async () => {
    const { day, v, r } = await acceptedOnFreshDay();
    const res = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a3.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      marketDayId: day.id,
      date: day.date,
      slotCode: 'A3',
      slotPower: 'none',
      slotWidthM: 3,
      vendorId: v.id,
      vendorEmail: v.email,
      categoryNameEn: 'Crafts',
      requestId: r.id,
      status: 'confirmed',
      locked: false,
      acceptedAt: r.acceptedAt,
    });
    expect(await actions(res.body.id)).toEqual(['create']);
    const got = await a.call('GET', `/market-assignments/${res.body.id}`);
    expect(got.body).toEqual(res.body);
    const mine = await a.call('GET', `/market-assignments?vendorId=${v.id}`);
    expect(mine.body.map((x: { id: string }) => x.id)).toEqual([res.body.id]);
    const req = (await a.call('GET', `/market-requests?marketDayId=${day.id}`)).body[0];
    expect(req.assignmentId).toBe(res.body.id);
  });

  it('refuses what does not fit: a request not accepted, a slot of another location, blocked, or of another category', async () => {
    const day = await freshDay();
    const v = await a.vendor({ insuredUntil: null });
    const pending = (await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id })).body;
    const notAccepted = await a.call('POST', '/market-assignments', { requestId: pending.id, slotId: a.slots.a3.id });
    expect(notAccepted.status).toBe(409);
    expect(fieldsOf(notAccepted.body)[0]!.field).toBe('requestId');
    await a.call('POST', `/market-requests/${pending.id}/decide`, { status: 'accepted' });
    const elsewhere = await createSlot(t.app, a.org.id, { code: 'Z9' });
    const cases: [string, RegExp][] = [
      [elsewhere.id, /not a slot of the market day's location/],
      [a.slots.b1.id, /slot B1 is blocked/],
      [a.slots.a1.id, /slot A1 is meant for Food/],
      [b.slots.a2.id, /not a slot of the market day's location/],
    ];
    for (const [slotId, message] of cases) {
      const res = await a.call('POST', '/market-assignments', { requestId: pending.id, slotId });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(fieldsOf(res.body)[0]!.field).toBe('slotId');
      expect(fieldsOf(res.body)[0]!.message).toMatch(message);
    }
    // A slot without a category takes any.
    expect((await a.call('POST', '/market-assignments', { requestId: pending.id, slotId: a.slots.a2.id })).status).toBe(201);
  });

  it('answers 409 with a clear message for a taken slot and for a vendor who already has a slot that day', async () => {
    const { day, r } = await acceptedOnFreshDay();
    const other = await a.vendor({ insuredUntil: null });
    const r2 = await a.accepted(other.id, day.id, a.crafts.id);
    expect((await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id })).status).toBe(201);
    const taken = await a.call('POST', '/market-assignments', { requestId: r2.id, slotId: a.slots.a2.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'conflict', message: `Slot A2 is already taken on ${day.date}` });
    const twice = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a3.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(`This vendor already has a slot on ${day.date}`);
  });

  it('checks eligibility on the day of the booking', async () => {
    const day = await a.day(ahead(offset++));
    const v = await a.vendor({ insuredUntil: null });
    const r = await a.accepted(v.id, day.id, a.food.id);
    await t.app.ctx.db
      .update(vendorDocuments)
      .set({ expiresOn: ahead(2) })
      .where(eq(vendorDocuments.vendorId, v.id));
    const res = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a1.id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(`vendorId: insurance expired on ${ahead(2)}`);
  });

  it('moves a booking to another free fitting slot, and refuses a taken one with 409 leaving it in place', async () => {
    const { day, r } = await acceptedOnFreshDay();
    const booked = (await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a3.id })).body;
    const moved = await a.call('POST', `/market-assignments/${booked.id}/move`, { slotId: a.slots.a2.id });
    expect(moved.status).toBe(200);
    expect(moved.body.slotCode).toBe('A2');
    const other = await a.vendor({ insuredUntil: null });
    const r2 = await a.accepted(other.id, day.id, a.crafts.id);
    expect((await a.call('POST', '/market-assignments', { requestId: r2.id, slotId: a.slots.a3.id })).status).toBe(201);
    const clash = await a.call('POST', `/market-assignments/${booked.id}/move`, { slotId: a.slots.a3.id });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(`Slot A3 is already taken on ${day.date}`);
    expect((await a.call('GET', `/market-assignments/${booked.id}`)).body.slotCode).toBe('A2');
    expect((await a.call('POST', `/market-assignments/${booked.id}/move`, { slotId: a.slots.a1.id })).status).toBe(422);
    expect(await actions(booked.id)).toEqual(['create', 'move']);
  });

  it('marks absences and cancellations, freeing the slot for that day; a released booking never goes back (409)', async () => {
    for (const status of ['absent_approved', 'absent_unapproved', 'no_show', 'cancelled'] as const) {
      const { day, r } = await acceptedOnFreshDay();
      const booked = (await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id })).body;
      const res = await a.call('POST', `/market-assignments/${booked.id}/status`, { status, reason: 'told us' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status, statusReason: 'told us' });
      const again = await a.call('POST', `/market-assignments/${booked.id}/status`, { status: 'cancelled' });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/cannot be marked cancelled or go back to confirmed/);
      expect((await a.call('POST', `/market-assignments/${booked.id}/move`, { slotId: a.slots.a3.id })).status).toBe(409);
      // The slot is free that day: another vendor takes it.
      const other = await a.vendor({ insuredUntil: null });
      const r2 = await a.accepted(other.id, day.id, a.crafts.id);
      expect((await a.call('POST', '/market-assignments', { requestId: r2.id, slotId: a.slots.a2.id })).status).toBe(201);
    }
    const bad = await a.call('POST', `/market-assignments/${crypto.randomUUID()}/status`, { status: 'confirmed' });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)[0]!.field).toBe('status');
  });

  it('locks and unlocks a booking, audited', async () => {
    const { r } = await acceptedOnFreshDay();
    const booked = (await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id })).body;
    expect((await a.call('PATCH', `/market-assignments/${booked.id}`, { locked: true })).body.locked).toBe(true);
    expect((await a.call('PATCH', `/market-assignments/${booked.id}`, { locked: false })).body.locked).toBe(false);
    expect(await actions(booked.id)).toEqual(['create', 'lock', 'unlock']);
  });

  it('refuses booking on a cancelled day', async () => {
    const { day, r } = await acceptedOnFreshDay();
    await t.app.ctx.db.update(marketDays).set({ status: 'cancelled' }).where(eq(marketDays.id, day.id));
    const res = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/is cancelled/);
  });

  it("answers 404 for another organization's booking on every booking route, and 422 for its request or slot in a body", async () => {
    const day = await b.day(ahead(offset++));
    const v = await b.vendor({ insuredUntil: null });
    const r = await b.accepted(v.id, day.id, b.crafts.id);
    const booked = (await b.call('POST', '/market-assignments', { requestId: r.id, slotId: b.slots.a2.id })).body;
    expect((await a.call('GET', `/market-assignments/${booked.id}`)).status).toBe(404);
    expect((await a.call('POST', `/market-assignments/${booked.id}/move`, { slotId: a.slots.a2.id })).status).toBe(404);
    expect((await a.call('POST', `/market-assignments/${booked.id}/status`, { status: 'no_show' })).status).toBe(404);
    expect((await a.call('PATCH', `/market-assignments/${booked.id}`, { locked: true })).status).toBe(404);
    const foreignRequest = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id });
    expect(foreignRequest.status).toBe(422);
    expect(fieldsOf(foreignRequest.body)[0]!.field).toBe('requestId');
    expect((await a.call('GET', `/market-assignments?vendorId=${v.id}`)).body).toEqual([]);
    expect((await b.call('GET', `/market-assignments/${booked.id}`)).body.status).toBe('confirmed');
  });
});
