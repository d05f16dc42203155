import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketAssignments, vendorDocuments } from '../../db/schema/index.js';
import { createDocumentRow } from '../../../test/factories/vendors.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, fieldsOf, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

let offset = 40;
const freshDay = (over = {}) => a.day(ahead(offset++), over);
const audits = async (id: string) =>
  (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((x) => `${x.entityType}:${x.action}`);

describe(`market requests (${driver})`, () => {
  it('records a request of an eligible vendor (201), lists it with vendor, category and day, and audits it', async () => {
    const day = await freshDay();
    const v = await a.vendor({ insuredUntil: null });
    const res = await a.call('POST', '/market-requests', {
      vendorId: v.id,
      marketDayId: day.id,
      categoryId: a.food.id,
      note: 'near power',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      vendorName: v.publicName,
      categoryNameEn: 'Food',
      categoryColour: a.food.colour,
      date: day.date,
      locationId: a.location.id,
      note: 'near power',
      assignmentId: null,
    });
    expect(await audits(res.body.id)).toEqual(['market_request:create']);
    const list = await a.call('GET', `/market-requests?marketDayId=${day.id}`);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
    const again = await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.body)[0]!.field).toBe('vendorId');
  });

  it('refuses an ineligible vendor with 422 naming the field and the reason', async () => {
    const day = await freshDay();
    const cases: [Promise<{ id: string }>, string, string, RegExp][] = [
      [a.vendor({ status: 'suspended', insuredUntil: null }), a.food.id, 'vendorId', /suspended/],
      [a.vendor({ categories: [a.crafts] }), a.food.id, 'categoryId', /does not trade in Food/],
      [a.vendor({}), a.food.id, 'vendorId', /insurance is missing/],
      [a.vendor({ insuredUntil: '2026-01-30' }), a.food.id, 'vendorId', /insurance expired on 2026-01-30/],
      [b.vendor({ insuredUntil: null }), a.food.id, 'vendorId', /not a vendor of your organization/],
      [a.vendor({ insuredUntil: null }), b.food.id, 'categoryId', /not a market category/],
    ];
    for (const [made, categoryId, field, reason] of cases) {
      const v = await made;
      const res = await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(fieldsOf(res.body)[0]!.field).toBe(field);
      expect(fieldsOf(res.body)[0]!.message).toMatch(reason);
    }
    // Crafts requires no document: the same uninsured vendor is eligible there.
    const uninsured = await a.vendor({});
    expect(
      (await a.call('POST', '/market-requests', { vendorId: uninsured.id, marketDayId: day.id, categoryId: a.crafts.id })).status,
    ).toBe(201);
  });

  it('judges documents on the day: valid through the day passes, expired the day before fails, pending is awaiting review', async () => {
    const date = ahead(offset++);
    const day = await a.day(date);
    const through = await a.vendor({ insuredUntil: date });
    expect((await a.call('POST', '/market-requests', { vendorId: through.id, marketDayId: day.id, categoryId: a.food.id })).status).toBe(
      201,
    );
    const dayBefore = await a.vendor({ insuredUntil: ahead(offset - 2) });
    const late = await a.call('POST', '/market-requests', { vendorId: dayBefore.id, marketDayId: day.id, categoryId: a.food.id });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe(`vendorId: insurance expired on ${ahead(offset - 2)}`);
    const pending = await a.vendor({});
    await createDocumentRow(t.app, a.org.id, pending.id, { docType: 'insurance', status: 'pending', expiresOn: null });
    const waiting = await a.call('POST', '/market-requests', { vendorId: pending.id, marketDayId: day.id, categoryId: a.food.id });
    expect(fieldsOf(waiting.body)[0]!.message).toBe('insurance is awaiting review');
  });

  it('refuses requests on a cancelled or completed day, and on a day of another organization', async () => {
    const v = await a.vendor({ insuredUntil: null });
    for (const status of ['cancelled', 'completed'] as const) {
      const day = await freshDay({ status });
      const res = await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id });
      expect(res.status).toBe(422);
      expect(fieldsOf(res.body)[0]).toEqual({ field: 'marketDayId', message: `the market day of ${day.date} is ${status}` });
    }
    const foreign = await b.day(ahead(offset++));
    const res = await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: foreign.id, categoryId: a.crafts.id });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)[0]!.field).toBe('marketDayId');
  });

  it('accepts (acceptedAt, decidedAt), waitlists (waitlistedAt) and orders the waitlist by priority then time joined', async () => {
    const day = await freshDay();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests
    const made: any[] = [];
    for (let i = 0; i < 3; i++) {
      const v = await a.vendor({ insuredUntil: null });
      made.push((await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id })).body);
    }
    for (const r of made) expect((await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'waitlisted' })).status).toBe(200);
    const third = await a.call('PATCH', `/market-requests/${made[2].id}`, { priority: 5, expectedUpdatedAt: made[2].updatedAt });
    // The version is the one loaded: the waitlisting changed it since.
    expect(third.status).toBe(409);
    const current = (await a.call('GET', `/market-requests?marketDayId=${day.id}`)).body.find((r: { id: string }) => r.id === made[2].id);
    expect(current.waitlistedAt).toBeTruthy();
    const bumped = await a.call('PATCH', `/market-requests/${made[2].id}`, { priority: 5, expectedUpdatedAt: current.updatedAt });
    expect(bumped.status).toBe(200);
    expect(bumped.body.priority).toBe(5);
    const order = (await a.call('GET', `/market-requests?marketDayId=${day.id}&status=waitlisted`)).body.map((r: { id: string }) => r.id);
    expect(order).toEqual([made[2].id, made[0].id, made[1].id]);
    const acc = await a.call('POST', `/market-requests/${made[0].id}/decide`, { status: 'accepted' });
    expect(acc.body.status).toBe('accepted');
    expect(acc.body.acceptedAt).toBeTruthy();
    expect(acc.body.decidedAt).toBeTruthy();
    expect(await audits(made[0].id)).toEqual(expect.arrayContaining(['market_request:waitlist', 'market_request:accept']));
  });

  it('needs a reason to reject; rejected and withdrawn are final', async () => {
    const day = await freshDay();
    const v = await a.vendor({ insuredUntil: null });
    const r = (await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id })).body;
    const bare = await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'rejected' });
    expect(bare.status).toBe(422);
    expect(fieldsOf(bare.body)[0]!.field).toBe('reason');
    const rej = await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'rejected', reason: 'full' });
    expect(rej.body).toMatchObject({ status: 'rejected', decisionReason: 'full' });
    expect((await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'accepted' })).status).toBe(409);
    expect((await a.call('POST', `/market-requests/${r.id}/withdraw`)).status).toBe(409);
  });

  it('re-checks eligibility when accepting: a document that expired before the day blocks it', async () => {
    const date = ahead(offset++);
    const day = await a.day(date);
    const v = await a.vendor({ insuredUntil: null });
    const r = (await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.food.id })).body;
    await t.app.ctx.db
      .update(vendorDocuments)
      .set({ expiresOn: ahead(1) })
      .where(eq(vendorDocuments.vendorId, v.id));
    const res = await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'accepted' });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)[0]!.message).toBe(`insurance expired on ${ahead(1)}`);
  });

  it('withdrawing or rejecting an accepted request cancels its booking in the same transaction', async () => {
    const day = await freshDay();
    for (const how of ['withdraw', 'reject'] as const) {
      const v = await a.vendor({ insuredUntil: null });
      const r = await a.accepted(v.id, day.id, a.crafts.id);
      const slot = how === 'withdraw' ? a.slots.a3 : a.slots.a2;
      const booked = await a.call('POST', '/market-assignments', { requestId: r.id, slotId: slot.id });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const res =
        how === 'withdraw'
          ? await a.call('POST', `/market-requests/${r.id}/withdraw`)
          : await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'rejected', reason: 'changed plans' });
      expect(res.status).toBe(200);
      expect(res.body.assignmentId).toBeNull();
      const [row] = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.id, booked.body.id));
      expect(row!.status).toBe('cancelled');
      expect(await audits(booked.body.id)).toEqual(['market_assignment:create', 'market_assignment:cancel']);
    }
    // Both slots are free again that day.
    const holding = await t.app.ctx.db
      .select()
      .from(marketAssignments)
      .where(and(eq(marketAssignments.marketDayId, day.id), eq(marketAssignments.status, 'confirmed')));
    expect(holding).toEqual([]);
  });

  it("answers 404 for another organization's request on every request route", async () => {
    const day = await b.day(ahead(offset++));
    const v = await b.vendor({ insuredUntil: null });
    const r = await b.accepted(v.id, day.id, b.crafts.id);
    expect((await a.call('PATCH', `/market-requests/${r.id}`, { priority: 1, expectedUpdatedAt: r.updatedAt })).status).toBe(404);
    expect((await a.call('POST', `/market-requests/${r.id}/decide`, { status: 'rejected', reason: 'x' })).status).toBe(404);
    expect((await a.call('POST', `/market-requests/${r.id}/withdraw`)).status).toBe(404);
    expect((await a.call('GET', `/market-days/${day.id}/category-gaps`)).status).toBe(404);
    expect((await a.call('GET', `/market-requests?vendorId=${v.id}`)).body).toEqual([]);
  });
});

describe(`market policies (${driver})`, () => {
  it('answers the defaults until saved, saves with the loaded version, refuses a stale one and out-of-range values', async () => {
    const got = await a.call('GET', '/market-policies');
    expect(got.body).toEqual({
      offerHours: 48,
      depositBasisPoints: 0,
      depositDueDays: 7,
      balanceDueDaysBefore: 7,
      refundWindowDays: 14,
      updatedAt: null,
    });
    const values = { offerHours: 24, depositBasisPoints: 5000, depositDueDays: 3, balanceDueDaysBefore: 10, refundWindowDays: 30 };
    const saved = await a.call('PUT', '/market-policies', { ...values, expectedUpdatedAt: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject(values);
    const stale = await a.call('PUT', '/market-policies', { ...values, offerHours: 12, expectedUpdatedAt: null });
    expect(stale.status).toBe(409);
    const next = await a.call('PUT', '/market-policies', { ...values, offerHours: 12, expectedUpdatedAt: saved.body.updatedAt });
    expect(next.body.offerHours).toBe(12);
    const bad = await a.call('PUT', '/market-policies', { ...values, offerHours: 0, expectedUpdatedAt: next.body.updatedAt });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)[0]!.field).toBe('offerHours');
    expect((await b.call('GET', '/market-policies')).body.updatedAt).toBeNull();
    expect(await audits(a.org.id)).toEqual(['market_policies:update', 'market_policies:update']);
  });
});
