import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketAssignments, marketDayRequests, marketDays } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

// Each test takes its own block of dates so their days never meet.
let base = 40;
const weeks = (n: number) => {
  const dates = Array.from({ length: n }, (_, i) => ahead(base + 7 * i));
  base += 7 * n + 7;
  return dates;
};
type DayResult = { date: string; outcome: string; reason: string | null; detail: string | null; assignmentId: string | null };
const outcomes = (days: DayResult[]) => days.map((d) => [d.date, d.outcome, d.reason]);

describe(`term bookings (${driver})`, () => {
  it('books a series: one accepted request per day sharing a term id, the slot on each day it is free, and says why not', async () => {
    const dates = weeks(4);
    const { series, days } = await a.series(dates);
    await t.app.ctx.db.update(marketDays).set({ status: 'cancelled' }).where(eq(marketDays.id, days[3]!.id));
    // Day 2: slot A2 is taken by someone else. Day 3: the vendor already has a request (and another slot).
    const other = await a.vendor({ insuredUntil: null });
    const otherReq = await a.accepted(other.id, days[1]!.id, a.crafts.id);
    expect((await a.call('POST', '/market-assignments', { requestId: otherReq.id, slotId: a.slots.a2.id })).status).toBe(201);
    const v = await a.vendor({ insuredUntil: null });
    await a.accepted(v.id, days[2]!.id, a.crafts.id);

    const res = await a.call('POST', '/market-requests/term', {
      vendorId: v.id,
      categoryId: a.crafts.id,
      seriesId: series.id,
      slotId: a.slots.a2.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(outcomes(res.body.days)).toEqual([
      [dates[0], 'booked', null],
      [dates[1], 'requested', 'slot_taken'],
      [dates[2], 'skipped', 'already_requested'],
      [dates[3], 'skipped', 'day_cancelled'],
    ]);
    expect(res.body.days[1].detail).toBe(`slot A2 is already taken on ${dates[1]}`);
    expect(res.body).toMatchObject({ booked: 1, requested: 1, skipped: 2 });
    const requests = await t.app.ctx.db.select().from(marketDayRequests).where(eq(marketDayRequests.termId, res.body.termId));
    expect(requests.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(requests.every((r) => r.acceptedAt !== null)).toBe(true);
    const [booking] = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.termId, res.body.termId));
    expect(booking!.id).toBe(res.body.days[0].assignmentId);
    const audited = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking!.id));
    expect(audited.map((x) => x.action)).toEqual(['create']);
  });

  it('books a date range at a location, says when the vendor already has a slot, and skips days it is not eligible', async () => {
    const dates = weeks(3);
    const days = [];
    for (const d of dates) days.push(await a.day(d));
    // Insured until the second day: the third is skipped as not eligible.
    const v = await a.vendor({ insuredUntil: dates[1]! });
    // On day 2 the vendor already holds A2 through a request made as crafts... in another term.
    const first = await a.call('POST', '/market-requests/term', {
      vendorId: v.id,
      categoryId: a.crafts.id,
      locationId: a.location.id,
      from: dates[1],
      to: dates[1],
      slotId: a.slots.a2.id,
    });
    expect(first.body.booked).toBe(1);
    const res = await a.call('POST', '/market-requests/term', {
      vendorId: v.id,
      categoryId: a.food.id,
      locationId: a.location.id,
      from: dates[0],
      to: dates[2],
      slotId: a.slots.a1.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(outcomes(res.body.days)).toEqual([
      [dates[0], 'booked', null],
      [dates[1], 'skipped', 'already_requested'],
      [dates[2], 'skipped', 'not_eligible'],
    ]);
    expect(res.body.days[2].detail).toBe(`insurance expired on ${dates[1]}`);
    // Without a slot every eligible day is requested only.
    const w = await a.vendor({ insuredUntil: null });
    const plain = await a.call('POST', '/market-requests/term', {
      vendorId: w.id,
      categoryId: a.crafts.id,
      locationId: a.location.id,
      from: dates[0],
      to: dates[2],
    });
    expect(outcomes(plain.body.days).map((o) => o[1])).toEqual(['requested', 'requested', 'requested']);
    // The same slot as the vendor's own booking elsewhere that day: vendor_has_slot.
    const x = await a.vendor({ insuredUntil: null });
    await a.call('POST', '/market-requests/term', {
      vendorId: x.id,
      categoryId: a.crafts.id,
      locationId: a.location.id,
      from: dates[0],
      to: dates[0],
      slotId: a.slots.a3.id,
    });
    // Remove x's request but keep its booking (the request link is set null), so the term reaches the booking index.
    await t.app.ctx.db.delete(marketDayRequests).where(eq(marketDayRequests.vendorId, x.id));
    const again = await a.call('POST', '/market-requests/term', {
      vendorId: x.id,
      categoryId: a.crafts.id,
      locationId: a.location.id,
      from: dates[0],
      to: dates[0],
      slotId: a.slots.a2.id,
    });
    expect(outcomes(again.body.days)).toEqual([[dates[0], 'requested', 'vendor_has_slot']]);
  });

  it('validates the term: series or range, at most 366 days, known ids, a fitting open slot, some days', async () => {
    const v = await a.vendor({ insuredUntil: null });
    const body = { vendorId: v.id, categoryId: a.crafts.id };
    const field = async (extra: Record<string, unknown>) => {
      const res = await a.call('POST', '/market-requests/term', { ...body, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.error.fields[0].field;
    };
    expect(await field({ locationId: a.location.id, from: ahead(10), to: ahead(10 + 366) })).toBe('to');
    expect(await field({ locationId: a.location.id, from: ahead(10), to: ahead(9) })).toBe('to');
    expect(await field({ locationId: a.location.id, from: ahead(10) })).toBe('to');
    expect(await field({ seriesId: crypto.randomUUID(), locationId: a.location.id })).toBe('locationId');
    expect(await field({ seriesId: crypto.randomUUID() })).toBe('seriesId');
    expect(await field({ locationId: b.location.id, from: ahead(10), to: ahead(20) })).toBe('locationId');
    expect(await field({ locationId: a.location.id, from: ahead(10), to: ahead(20), slotId: a.slots.a1.id })).toBe('slotId');
    expect(await field({ locationId: a.location.id, from: ahead(10), to: ahead(20), slotId: a.slots.b1.id })).toBe('slotId');
    expect(await field({ locationId: a.location.id, from: ahead(1000), to: ahead(1010) })).toBe('from');
    const suspended = await a.vendor({ status: 'suspended' });
    const res = await a.call('POST', '/market-requests/term', {
      vendorId: suspended.id,
      categoryId: a.crafts.id,
      locationId: a.location.id,
      from: ahead(10),
      to: ahead(20),
    });
    expect(res.body.error.fields[0]).toEqual({ field: 'vendorId', message: 'the vendor is suspended' });
  });

  it('an absence on one day of a term frees that day only; the other days keep their slot', async () => {
    const dates = weeks(3);
    const { series } = await a.series(dates);
    const v = await a.vendor({ insuredUntil: null });
    const term = (
      await a.call('POST', '/market-requests/term', { vendorId: v.id, categoryId: a.crafts.id, seriesId: series.id, slotId: a.slots.a3.id })
    ).body;
    expect(term.booked).toBe(3);
    const middle = term.days[1].assignmentId;
    expect((await a.call('POST', `/market-assignments/${middle}/status`, { status: 'absent_approved' })).status).toBe(200);
    const rows = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.termId, term.termId));
    const byId = new Map(rows.map((r) => [r.id, r.status]));
    expect(term.days.map((d: DayResult) => byId.get(d.assignmentId!))).toEqual(['confirmed', 'absent_approved', 'confirmed']);
    const detail = (await a.call('GET', `/market-assignments/${term.days[0].assignmentId}`)).body;
    expect(detail.termId).toBe(term.termId);
  });
});
