import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, jobs, marketCheckIns, vendorDocuments } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, fieldsOf, invoiceRow, ledgerEntry, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

const codes = (refusals: { code: string }[]) => refusals.map((x) => x.code).sort();

let offset = 60;
/** A fresh market day of A and a booking of a fresh vendor on a slot of it (crafts on A3 unless told). */
async function booked(opts: { category?: 'crafts' | 'food'; slot?: 'a1' | 'a2' | 'a3'; insuredUntil?: string | null } = {}) {
  const day = await a.day(ahead(offset++));
  const { vendor, booking } = await a.book(day.id, a.slots[opts.slot ?? 'a3'].id, {
    categoryId: a[opts.category ?? 'crafts'].id,
    insuredUntil: opts.insuredUntil,
  });
  return { day, vendor, assignment: booking as { id: string; slotId: string } };
}

/** An issued invoice of the booking charging `amount`, due in `dueIn` days, with `paid` of it paid (ledger entries). */
const invoice = (
  vendorId: string,
  assignmentId: string,
  o: { amount?: number; paid?: number; dueIn?: number; status?: 'issued' | 'draft' } = {},
) =>
  invoiceRow(
    t.app,
    a.org.id,
    { vendorId, assignmentId },
    {
      status: o.status,
      currency: 'USD',
      issueDate: ahead(-30),
      dueDate: ahead(o.dueIn ?? 10),
      entries: [{ type: 'charge', amount: o.amount ?? 5000 }, ...(o.paid ? [{ type: 'payment' as const, amount: o.paid }] : [])],
    },
  );
const pay = (vendorId: string, invoiceId: string, amount: number) =>
  ledgerEntry(t.app, a.org.id, { vendorId, invoiceId, currency: 'USD', occurredOn: ahead(-1) }, { type: 'payment', amount });

const action = (assignmentId: string, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  assignmentId,
  action: 'check_in',
  recordedAt: new Date().toISOString(),
  ...over,
});
const listOf = async (dayId: string, w: MarketWorld = a) => w.call('GET', `/market-days/${dayId}/check-in`);
const rowsOfAssignment = (assignmentId: string) =>
  t.app.ctx.db.select().from(marketCheckIns).where(eq(marketCheckIns.assignmentId, assignmentId));

describe(`check-in (${driver})`, () => {
  it('lists every booking of the day, holding and released, with vendor code, category and the reasons a check-in is refused now', async () => {
    const ok = await booked();
    const day = ok.day;
    // Food on A1 of the same day: insured when booked, the insurance then found to expire before the day.
    const food = await a.vendor({ insuredUntil: ahead(400) });
    const foodReq = await a.accepted(food.id, day.id, a.food.id);
    const foodBooking = (await a.call('POST', '/market-assignments', { requestId: foodReq.id, slotId: a.slots.a1.id })).body;
    await t.app.ctx.db
      .update(vendorDocuments)
      .set({ expiresOn: ahead(1) })
      .where(eq(vendorDocuments.vendorId, food.id));
    // Crafts on A2, with an issued invoice paid in part (unpaid) and a draft (never counts).
    const owing = await a.vendor({ insuredUntil: null });
    const owingReq = await a.accepted(owing.id, day.id, a.crafts.id);
    const owingBooking = (await a.call('POST', '/market-assignments', { requestId: owingReq.id, slotId: a.slots.a2.id })).body;
    await invoice(owing.id, owingBooking.id, { amount: 5000, paid: 2000 });
    await invoice(ok.vendor.id, ok.assignment.id, { status: 'draft' });
    await invoice(ok.vendor.id, ok.assignment.id, { amount: 3000, paid: 3000 });
    // Released: the food booking is cancelled after all (it keeps its row, refused as not assigned).
    expect(
      (await a.call('POST', `/market-assignments/${foodBooking.id}/status`, { status: 'cancelled', reason: 'moved away' })).status,
    ).toBe(200);

    const res = await listOf(day.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ marketDayId: day.id, date: day.date, dayStatus: 'published' });
    const bySlot = Object.fromEntries(res.body.rows.map((r: { slotCode: string }) => [r.slotCode, r]));
    expect(Object.keys(bySlot)).toEqual(['A1', 'A2', 'A3']);
    expect(bySlot.A3).toMatchObject({
      assignmentId: ok.assignment.id,
      vendorId: ok.vendor.id,
      vendorCode: ok.vendor.id.slice(0, 8),
      vendorName: ok.vendor.publicName,
      categoryNameEn: 'Crafts',
      status: 'confirmed',
      checkedInAt: null,
      refusals: [],
      lastAction: null,
    });
    expect(codes(bySlot.A2.refusals)).toEqual(['unpaid']);
    expect(codes(bySlot.A1.refusals)).toEqual(['document_expired', 'not_assigned']);
    expect(bySlot.A1.refusals.find((x: { code: string }) => x.code === 'document_expired').message).toMatch(/insurance expired on/);

    // Paying the rest clears "unpaid"; an overdue invoice brings it back.
    const [open] = await t.app.ctx.db.select().from(invoices).where(eq(invoices.assignmentId, owingBooking.id));
    await pay(owing.id, open!.id, 3000);
    expect(codes((await listOf(day.id)).body.rows[1].refusals)).toEqual([]);
    await invoice(owing.id, owingBooking.id, { amount: 100, dueIn: -40 });
    expect(codes((await listOf(day.id)).body.rows[1].refusals)).toEqual(['unpaid']);
  });

  it('checks a vendor in (the booking turns checked_in at the device time), audited', async () => {
    const { day, assignment } = await booked();
    const recordedAt = new Date(Date.now() - 60_000).toISOString();
    const body = action(assignment.id, { recordedAt });
    const res = await a.call('POST', '/check-ins', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      checkIn: { id: body.id, assignmentId: assignment.id, action: 'check_in', overrideReason: null, recordedAt, recordedBy: a.user.id },
      row: { status: 'checked_in', checkedInAt: recordedAt, refusals: [] },
      replayed: false,
      alreadyCheckedIn: false,
    });
    expect((await listOf(day.id)).body.rows[0].lastAction.id).toBe(body.id);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, assignment.id), eq(auditLog.action, 'status')));
    expect(audits).toHaveLength(1);
  });

  it('refuses each reason with 409 naming the codes, and records an override with its reason', async () => {
    const unpaid = await booked();
    await invoice(unpaid.vendor.id, unpaid.assignment.id);
    const expired = await booked({ category: 'food', slot: 'a1', insuredUntil: ahead(400) });
    await t.app.ctx.db
      .update(vendorDocuments)
      .set({ expiresOn: ahead(1) })
      .where(eq(vendorDocuments.vendorId, expired.vendor.id));
    const released = await booked();
    await a.call('POST', `/market-assignments/${released.assignment.id}/status`, { status: 'absent_approved', reason: 'ill' });

    for (const [c, code] of [
      [unpaid, 'unpaid'],
      [expired, 'document_expired'],
      [released, 'not_assigned'],
    ] as const) {
      const res = await a.call('POST', '/check-ins', action(c.assignment.id));
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(fieldsOf(res.body).map((f) => f.field)).toEqual([code]);
      expect(res.body.error.message).toMatch(/Check-in refused/);
      // An empty override is no override.
      expect((await a.call('POST', '/check-ins', action(c.assignment.id, { overrideReason: '  ' }))).status).toBe(409);
      expect(await rowsOfAssignment(c.assignment.id)).toHaveLength(0);
    }

    const over = action(unpaid.assignment.id, { overrideReason: 'Pays cash at the gate' });
    const res = await a.call('POST', '/check-ins', over);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkIn.overrideReason).toBe('Pays cash at the gate');
    expect(res.body.row).toMatchObject({ status: 'checked_in' });
    expect(codes(res.body.row.refusals)).toEqual(['unpaid']);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, unpaid.assignment.id), eq(auditLog.action, 'status')));
    expect(audit!.after).toMatchObject({ status: 'checked_in', checkIn: { id: over.id, overrideReason: 'Pays cash at the gate' } });
    expect((audit!.after as { overriddenRefusals: { code: string }[] }).overriddenRefusals.map((x) => x.code)).toEqual(['unpaid']);

    // A released booking checked in by override holds its slot again.
    const back = await a.call('POST', '/check-ins', action(released.assignment.id, { overrideReason: 'Came after all' }));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.row.status).toBe('checked_in');
  });

  it('records a check-in sent 20 times at once exactly once; every answer carries the same record', async () => {
    const { assignment } = await booked();
    const body = action(assignment.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.call('POST', '/check-ins', body)));
    for (const res of answers) {
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body.checkIn).toEqual(answers[0]!.body.checkIn);
    }
    expect(answers.filter((x) => !x.body.replayed)).toHaveLength(1);
    expect(await rowsOfAssignment(assignment.id)).toHaveLength(1);
    // A later retry too.
    const again = await a.call('POST', '/check-ins', body);
    expect(again.body).toMatchObject({ replayed: true, checkIn: { id: body.id }, row: { status: 'checked_in' } });
  });

  it('answers a check-in of a checked-in booking with a new id as already checked in, writing nothing', async () => {
    const { assignment } = await booked();
    const first = await a.call('POST', '/check-ins', action(assignment.id));
    const second = await a.call('POST', '/check-ins', action(assignment.id));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ alreadyCheckedIn: true, replayed: false, checkIn: { id: first.body.checkIn.id } });
    expect(await rowsOfAssignment(assignment.id)).toHaveLength(1);
    // A no-show of a checked-in vendor is refused.
    const noShow = await a.call('POST', '/check-ins', action(assignment.id, { action: 'no_show' }));
    expect(noShow.status).toBe(409);
  });

  it('refuses an id used for other content with 422 naming id, in this organization or another', async () => {
    const { assignment } = await booked();
    const body = action(assignment.id);
    expect((await a.call('POST', '/check-ins', body)).status).toBe(200);
    for (const other of [
      { ...body, action: 'no_show' },
      { ...body, recordedAt: new Date(Date.now() - 5000).toISOString() },
      { ...body, overrideReason: 'another' },
    ]) {
      const res = await a.call('POST', '/check-ins', other);
      expect(res.status, JSON.stringify(other)).toBe(422);
      expect(fieldsOf(res.body).map((f) => f.field)).toEqual(['id']);
    }
    // The same instant written with another offset is the same action.
    const at = new Date(body.recordedAt);
    const plusTwo = new Date(at.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const sameInstant = await a.call('POST', '/check-ins', { ...body, recordedAt: plusTwo });
    expect(sameInstant.status, JSON.stringify(sameInstant.body)).toBe(200);
    expect(sameInstant.body.replayed).toBe(true);
    const fromB = await b.call('POST', '/check-ins', { ...body });
    expect(fromB.status).toBe(422);
    expect(fieldsOf(fromB.body).map((f) => f.field)).toEqual(['id']);
  });

  it('marks a no-show: the slot is freed for that day and the waitlist job is queued', async () => {
    const { day, assignment } = await booked();
    const res = await a.call('POST', '/check-ins', action(assignment.id, { action: 'no_show' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ checkIn: { action: 'no_show' }, row: { status: 'no_show' } });
    expect(codes(res.body.row.refusals)).toEqual(['not_assigned']);
    const queued = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.orgId, a.org.id), eq(jobs.kind, 'market.waitlist.slot-freed')));
    expect(queued.map((j) => j.payload)).toContainEqual({ orgId: a.org.id, dayId: day.id, slotId: assignment.slotId });
    // The slot can be booked again that day.
    const other = await a.vendor({ insuredUntil: null });
    const req = await a.accepted(other.id, day.id, a.crafts.id);
    expect((await a.call('POST', '/market-assignments', { requestId: req.id, slotId: a.slots.a3.id })).status).toBe(201);
    // A second no-show with a new id changes nothing.
    const again = await a.call('POST', '/check-ins', action(assignment.id, { action: 'no_show' }));
    expect(again.body).toMatchObject({ alreadyNoShow: true, checkIn: null });
    expect(await rowsOfAssignment(assignment.id)).toHaveLength(1);
  });

  it("gives another organization's manager 404 for the list and the check-in, writing nothing", async () => {
    const { day, assignment } = await booked();
    expect((await listOf(day.id, b)).status).toBe(404);
    const res = await b.call('POST', '/check-ins', action(assignment.id));
    expect(res.status).toBe(404);
    expect(await rowsOfAssignment(assignment.id)).toHaveLength(0);
    expect((await listOf(randomUUID())).status).toBe(404);
  });

  it('refuses malformed actions with 422 naming the field', async () => {
    const { assignment } = await booked();
    const cases: [Record<string, unknown>, string][] = [
      [{ recordedAt: 'yesterday' }, 'recordedAt'],
      [{ recordedAt: '0000-01-01T00:00:00Z' }, 'recordedAt'],
      [{ id: 'abc' }, 'id'],
      [{ action: 'dance' }, 'action'],
      [{ overrideReason: 'x'.repeat(501) }, 'overrideReason'],
    ];
    for (const [over, field] of cases) {
      const res = await a.call('POST', '/check-ins', action(assignment.id, over));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(fieldsOf(res.body).map((f) => f.field)).toContain(field);
    }
  });
});
