import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketAssignments, marketPolicies } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createAssignment, flatRule, manualInvoice, ok, pay, paymentOrg, type PaymentOrg } from './payment-management.test-support.js';
import { windowState } from './refund-window.js';

// The refund window of market policy: a refund of a payment on a booking's invoice needs a manager's reason once
// the market day is nearer than refund_window_days (counted from the cancellation date of a cancelled booking,
// else from today). Invoices without a booking are not windowed.

let t: TestContext;
let o: PaymentOrg;
let other: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  o = await paymentOrg(t.app);
  other = await paymentOrg(t.app);
  await flatRule(o.call, 5000);
});
afterAll(async () => t?.close());

/** A booking `daysAhead` days away, invoiced and paid in full: the payment and the invoice to refund against. */
async function paidBooking(daysAhead: number) {
  const { assignment, vendorId } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id, daysAhead });
  const [invoice] = (await ok(o.call('POST', `/assignments/${assignment.id}/invoices`, {}))).invoices;
  const payment = await ok(pay(o.call, vendorId, [{ invoiceId: invoice.id, amount: 5000 }]));
  return { assignmentId: assignment.id as string, invoiceId: invoice.id as string, paymentId: payment.id as string };
}

const refund = (p: { invoiceId: string; paymentId: string }, extra: Record<string, unknown> = {}, key?: string) =>
  o.call(
    'POST',
    '/refunds',
    { paymentId: p.paymentId, invoiceId: p.invoiceId, amount: 1000, method: 'cash', reason: 'Stall not used', ...extra },
    key,
  );
const windowOf = (invoiceId: string) => ok(o.call('GET', `/invoices/${invoiceId}/refund-window`));

describe('the refund window', () => {
  it('counts whole calendar days from the cancellation date, or today (pure rule)', () => {
    const today = '2026-03-01';
    expect(windowState({ marketDate: '2026-03-15', cancelledOn: null, windowDays: 14, today })).toEqual({
      countedFrom: today,
      daysBefore: 14,
      windowDays: 14,
      open: true,
    });
    expect(windowState({ marketDate: '2026-03-14', cancelledOn: null, windowDays: 14, today }).open).toBe(false);
    // Cancelled in time, refunded late: still inside.
    expect(windowState({ marketDate: '2026-03-02', cancelledOn: '2026-02-10', windowDays: 14, today }).open).toBe(true);
    // A window of 0 days: open up to the market day itself.
    expect(windowState({ marketDate: today, cancelledOn: null, windowDays: 0, today }).open).toBe(true);
    expect(windowState({ marketDate: '2026-02-28', cancelledOn: null, windowDays: 0, today }).daysBefore).toBe(-1);
  });

  it('refunds freely while the market day is at least the window away', async () => {
    const p = await paidBooking(30);
    expect(await windowOf(p.invoiceId)).toMatchObject({
      applies: true,
      cancelled: false,
      countedFrom: todayUtc(),
      marketDate: addDays(todayUtc(), 30),
      daysBefore: 30,
      windowDays: 14,
      open: true,
    });
    const r = await ok(refund(p));
    expect(r.overrideReason).toBeNull();
    const exactly = await paidBooking(14);
    expect((await windowOf(exactly.invoiceId)).open).toBe(true);
    await ok(refund(exactly));
  });

  it("inside the window it is a 422 naming overrideReason; with a manager's reason it is recorded with its approver", async () => {
    const p = await paidBooking(3);
    expect(await windowOf(p.invoiceId)).toMatchObject({ daysBefore: 3, windowDays: 14, open: false });
    const refused = await refund(p);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual([
      {
        field: 'overrideReason',
        message: "outside the refund window (market day in 3 days, window 14 days); a manager's reason is required",
      },
    ]);
    // A blank reason is no reason.
    expect((await refund(p, { overrideReason: '   ' })).status).toBe(422);

    const key = randomUUID();
    const made = await refund(p, { overrideReason: 'Stall flooded, manager approved' }, key);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ overrideReason: 'Stall flooded, manager approved', createdBy: o.user.id, amount: 1000 });
    const replay = await refund(p, { overrideReason: 'Stall flooded, manager approved' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(made.body.id);

    const invoice = await ok(o.call('GET', `/invoices/${p.invoiceId}`));
    expect(invoice.refunds).toEqual([expect.objectContaining({ id: made.body.id, overrideReason: 'Stall flooded, manager approved' })]);
    const entry = invoice.history.find((h: { action: string }) => h.action === 'refund');
    expect(entry).toMatchObject({ actorId: o.user.id, reason: 'Stall not used', overrideReason: 'Stall flooded, manager approved' });
    expect(entry.actorName).toEqual(expect.any(String));
    expect(invoice).toMatchObject({ refunded: 1000, balance: 1000 });
    expect((await ok(o.call('GET', '/ledger/consistency'))).consistent).toBe(true);
  });

  it("follows the organization's policy, and after the market day says how long ago it was", async () => {
    const p = await paidBooking(3);
    await t.app.ctx.db.insert(marketPolicies).values({ orgId: o.org.id, refundWindowDays: 3 });
    try {
      expect((await windowOf(p.invoiceId)).open).toBe(true);
      await ok(refund(p));
      const past = await paidBooking(-2);
      const r = await refund(past);
      expect(r.status).toBe(422);
      expect(r.body.error.fields[0].message).toBe(
        "outside the refund window (market day 2 days ago, window 3 days); a manager's reason is required",
      );
    } finally {
      await t.app.ctx.db.delete(marketPolicies).where(eq(marketPolicies.orgId, o.org.id));
    }
  });

  it('counts from the cancellation date of a cancelled booking', async () => {
    // Cancelled today, 5 days before the day: outside.
    const late = await paidBooking(5);
    await ok(o.call('POST', `/market-assignments/${late.assignmentId}/status`, { status: 'cancelled', reason: 'Vendor ill' }));
    expect(await windowOf(late.invoiceId)).toMatchObject({ cancelled: true, countedFrom: todayUtc(), daysBefore: 5, open: false });
    const refused = await refund(late);
    expect(refused.body.error.fields[0].message).toBe(
      "outside the refund window (cancelled 5 days before the market day, window 14 days); a manager's reason is required",
    );

    // Cancelled 20 days before the day (its audit row says when): inside, though the day is now 5 days away.
    const early = await paidBooking(5);
    await ok(o.call('POST', `/market-assignments/${early.assignmentId}/status`, { status: 'cancelled', reason: 'Vendor moved' }));
    const cancelledAt = new Date(`${addDays(todayUtc(), -15)}T10:00:00Z`);
    await t.app.ctx.db.update(auditLog).set({ createdAt: cancelledAt }).where(eq(auditLog.entityId, early.assignmentId));
    expect(await windowOf(early.invoiceId)).toMatchObject({ countedFrom: addDays(todayUtc(), -15), daysBefore: 20, open: true });
    expect((await ok(refund(early))).overrideReason).toBeNull();

    // A cancellation without an audit row of its own (an allocation's release) is dated by the booking's last change.
    const released = await paidBooking(5);
    await t.app.ctx.db
      .update(marketAssignments)
      .set({ status: 'cancelled', updatedAt: cancelledAt })
      .where(eq(marketAssignments.id, released.assignmentId));
    expect((await windowOf(released.invoiceId)).countedFrom).toBe(addDays(todayUtc(), -15));
  });

  it('does not window an invoice without a booking, and answers 404 for another organization', async () => {
    const v = await createAssignment(t.app, o.org.id, { categoryId: o.category.id, daysAhead: 1 });
    const inv = await manualInvoice(o.call, v.vendorId, 700);
    const p = await ok(pay(o.call, v.vendorId, [{ invoiceId: inv.id, amount: 700 }]));
    expect(await windowOf(inv.id)).toMatchObject({ applies: false, open: true, marketDate: null, daysBefore: null });
    await ok(o.call('POST', '/refunds', { paymentId: p.id, invoiceId: inv.id, amount: 700, method: 'cash', reason: 'Fine dropped' }));
    expect((await other.call('GET', `/invoices/${inv.id}/refund-window`)).status).toBe(404);
    expect((await o.call('GET', `/invoices/${randomUUID()}/refund-window`)).status).toBe(404);
  });
});
