import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAssignments, marketDayRequests, marketDays } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createUser, enablePermission, tokenFor } from '../../../test/factories.js';
import { createSlot } from '../../../test/factories/market.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import {
  caller,
  ok,
  pay,
  paymentOrg,
  type Call,
  type LooseBody,
  type PaymentOrg,
} from '../payment-management/payment-management.test-support.js';
import { bookingOf, vendorAccount as accountOf } from './vendor-portal.test-support.js';

// The vendor's own market days, invoices and statement: always the caller's own linked vendor, drafts never,
// another vendor's (same organization or another) never, and the same figures the staff screens show.

let t: TestContext;
let a: PaymentOrg;
let b: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await paymentOrg(t.app), await paymentOrg(t.app)];
});
afterAll(async () => t?.close());

const vendorAccount = (orgId: string, name?: string) => accountOf(t.app, orgId, name);

/** An invoice of one line for a booking (or none), issued unless told otherwise, through the staff API. */
function invoice(call: Call, vendorId: string, amount: number, o: { assignmentId?: string; dueDate?: string; issue?: boolean } = {}) {
  return ok(
    call('POST', '/invoices', {
      vendorId,
      assignmentId: o.assignmentId ?? null,
      kind: 'full',
      dueDate: o.dueDate ?? addDays(todayUtc(), 14),
      issue: o.issue ?? true,
      lines: [{ kind: 'stall', descriptionEn: 'Stall fee', descriptionAr: 'رسوم البسطة', quantity: 1, unitAmount: amount }],
    }),
  );
}

const booking = (org: PaymentOrg, vendorId: string, daysAhead: number) => bookingOf(t.app, org, vendorId, daysAhead);

describe(`vendor portal: my market days (${driver})`, () => {
  it("lists the vendor's own requests and bookings, upcoming first, with the board's invoice state", async () => {
    const me = await vendorAccount(a.org.id);
    const soon = await booking(a, me.vendor.id, 3); // no invoice
    const later = await booking(a, me.vendor.id, 10); // unpaid
    const waived = await booking(a, me.vendor.id, 20); // waived in full
    const drafted = await booking(a, me.vendor.id, 25); // a draft only: no invoice to the vendor yet
    const paid = await booking(a, me.vendor.id, -5); // paid
    const late = await booking(a, me.vendor.id, -20); // overdue, and the vendor did not come
    await invoice(a.call, me.vendor.id, 5000, { assignmentId: later.assignment.id });
    const w = await invoice(a.call, me.vendor.id, 3000, { assignmentId: waived.assignment.id });
    await ok(a.call('POST', `/invoices/${w.id}/adjustments`, { kind: 'waiver', amount: 3000, reason: 'Opening week' }));
    await invoice(a.call, me.vendor.id, 4000, { assignmentId: drafted.assignment.id, issue: false });
    const p = await invoice(a.call, me.vendor.id, 2000, { assignmentId: paid.assignment.id });
    await ok(pay(a.call, me.vendor.id, [{ invoiceId: p.id, amount: 2000 }]));
    await invoice(a.call, me.vendor.id, 2500, { assignmentId: late.assignment.id, dueDate: addDays(todayUtc(), -1) });
    await t.app.ctx.db.update(marketAssignments).set({ status: 'no_show' }).where(eq(marketAssignments.id, late.assignment.id));
    // A request still waiting, on a day of its own (no booking).
    const slot = await createSlot(t.app, a.org.id);
    const [day] = await t.app.ctx.db
      .insert(marketDays)
      .values({
        orgId: a.org.id,
        locationId: slot.locationId,
        date: addDays(todayUtc(), 15),
        setupTime: '07:00',
        openTime: '09:00',
        closeTime: '14:00',
        status: 'published',
      })
      .returning();
    const [pending] = await t.app.ctx.db
      .insert(marketDayRequests)
      .values({ orgId: a.org.id, marketDayId: day!.id, vendorId: me.vendor.id, categoryId: a.category.id })
      .returning();
    // Another vendor of the same organization, booked on one of the same days.
    const other = await vendorAccount(a.org.id, 'Olive Stall');
    await booking(a, other.vendor.id, 10);

    const res = await ok(me.call('GET', '/vendor-portal/market-days'));
    const brief = (d: LooseBody) => [d.id, d.requestStatus, d.bookingStatus, d.invoiceState];
    expect(res.upcoming.map(brief)).toEqual([
      [soon.assignment.id, 'accepted', 'confirmed', 'none'],
      [later.assignment.id, 'accepted', 'confirmed', 'unpaid'],
      [pending!.id, 'pending', null, 'none'],
      [waived.assignment.id, 'accepted', 'confirmed', 'waived'],
      [drafted.assignment.id, 'accepted', 'confirmed', 'none'],
    ]);
    expect(res.past.map(brief)).toEqual([
      [paid.assignment.id, 'accepted', 'confirmed', 'paid'],
      [late.assignment.id, 'accepted', 'no_show', 'overdue'],
    ]);
    expect(res.upcoming[1]).toEqual({
      id: later.assignment.id,
      requestId: later.request.id,
      assignmentId: later.assignment.id,
      marketDayId: later.day.id,
      date: addDays(todayUtc(), 10),
      openTime: '09:00',
      closeTime: '14:00',
      dayStatus: 'published',
      locationId: later.slot.locationId,
      locationNameEn: expect.stringMatching(/^Location /),
      locationNameAr: expect.stringMatching(/^موقع /),
      categoryId: a.category.id,
      categoryNameEn: 'Food',
      categoryNameAr: a.category.nameAr,
      categoryColour: a.category.colour,
      requestStatus: 'accepted',
      bookingStatus: 'confirmed',
      slotCode: later.slot.code,
      invoiceState: 'unpaid',
      declaredSales: null,
      canDeclareSales: false,
    });
    expect(res.currency).toBe('JOD');
    expect(res.upcoming[2]).toMatchObject({ requestId: pending!.id, assignmentId: null, slotCode: null, date: addDays(todayUtc(), 15) });

    // The staff board says the same of each booking.
    for (const x of [later, waived, paid]) {
      const board = await ok(
        a.call('GET', `/market-assignments/board?locationId=${x.slot.locationId}&from=${x.day.date}&to=${x.day.date}`),
      );
      const mine = [...res.upcoming, ...res.past].find((d: LooseBody) => d.id === x.assignment.id);
      expect(board.cells.find((c: LooseBody) => c.assignmentId === x.assignment.id).invoiceState).toBe(mine.invoiceState);
    }
    // The other vendor sees only its own day.
    const theirs = await ok(other.call('GET', '/vendor-portal/market-days'));
    expect(theirs.upcoming).toHaveLength(1);
    expect(theirs.past).toEqual([]);
  });
});

describe(`vendor portal: invoices (${driver})`, () => {
  it("lists the vendor's issued invoices only, and opens one with its lines, payments and refunds", async () => {
    const me = await vendorAccount(a.org.id);
    // Far enough ahead that a refund is inside the market policy's refund window.
    const day = await booking(a, me.vendor.id, 40);
    const inv = await invoice(a.call, me.vendor.id, 7000, { assignmentId: day.assignment.id });
    const draft = await invoice(a.call, me.vendor.id, 900, { issue: false });
    const fine = await invoice(a.call, me.vendor.id, 1500);
    const payment = await ok(pay(a.call, me.vendor.id, [{ invoiceId: inv.id, amount: 4000 }]));
    await ok(
      a.call('POST', '/refunds', { paymentId: payment.id, invoiceId: inv.id, amount: 500, method: 'cash', reason: 'Paid twice for power' }),
    );

    const list = await ok(me.call('GET', '/vendor-portal/invoices'));
    expect(list.map((i: LooseBody) => i.id).sort()).toEqual([inv.id, fine.id].sort());
    expect(list.find((i: LooseBody) => i.id === inv.id)).toEqual({
      id: inv.id,
      number: inv.number,
      kind: 'full',
      state: 'partially_paid',
      currency: 'JOD',
      issueDate: todayUtc(),
      dueDate: addDays(todayUtc(), 14),
      marketDayId: day.day.id,
      marketDate: day.day.date,
      locationNameEn: expect.stringMatching(/^Location /),
      locationNameAr: expect.stringMatching(/^موقع /),
      slotCode: day.slot.code,
      total: 7000,
      charged: 7000,
      paid: 4000,
      refunded: 500,
      waived: 0,
      credited: 0,
      balance: 3500,
    });

    const detail = await ok(me.call('GET', `/vendor-portal/invoices/${inv.id}`));
    const staff = await ok(a.call('GET', `/invoices/${inv.id}`));
    expect(detail).toMatchObject({ vendorName: 'Fig Stall', notes: null, balance: staff.balance, state: staff.state });
    expect(detail.lines).toEqual(staff.lines);
    expect(detail.allocations).toEqual(staff.allocations);
    expect(detail.refunds).toEqual([
      {
        id: staff.refunds[0].id,
        receiptNumber: payment.receiptNumber,
        amount: 500,
        method: 'cash',
        reason: 'Paid twice for power',
        createdAt: staff.refunds[0].createdAt,
      },
    ]);
    // Staff-only parts of the staff answer are not in the vendor's.
    expect(detail).not.toHaveProperty('history');
    expect(detail).not.toHaveProperty('ledger');

    // A draft, another vendor's invoice (same organization or another) and an unknown id are all "not found".
    const neighbour = await vendorAccount(a.org.id, 'Olive Stall');
    const theirs = await invoice(a.call, neighbour.vendor.id, 800);
    const abroad = await vendorAccount(b.org.id);
    const foreign = await invoice(b.call, abroad.vendor.id, 800);
    for (const id of [draft.id, theirs.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await me.call('GET', `/vendor-portal/invoices/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await neighbour.call('GET', `/vendor-portal/invoices/${inv.id}`)).status).toBe(404);
    expect((await abroad.call('GET', `/vendor-portal/invoices/${inv.id}`)).status).toBe(404);
    expect((await ok(abroad.call('GET', '/vendor-portal/invoices'))).map((i: LooseBody) => i.id)).toEqual([foreign.id]);
    const bad = await me.call('GET', '/vendor-portal/invoices/not-an-id');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields[0].field).toBe('params.id');
  });
});

describe(`vendor portal: statement (${driver})`, () => {
  it('shows the same statement and CSV as the staff statement of the vendor', async () => {
    const me = await vendorAccount(a.org.id, 'Date Palm, "Best"');
    const first = await invoice(a.call, me.vendor.id, 6000);
    await ok(pay(a.call, me.vendor.id, [{ invoiceId: first.id, amount: 2500 }]));
    // A payment received two days ago lands before a range that starts yesterday.
    await ok(
      a.call('POST', '/payments', {
        vendorId: me.vendor.id,
        method: 'bank_transfer',
        amount: 1000,
        reference: 'TR-9',
        receivedAt: `${addDays(todayUtc(), -2)}T10:00:00Z`,
        allocations: [{ invoiceId: first.id, amount: 1000 }],
      }),
    );
    const second = await invoice(a.call, me.vendor.id, 1200);
    await ok(a.call('POST', `/invoices/${second.id}/adjustments`, { kind: 'discount', amount: 200, reason: 'Loyalty' }));
    await invoice(a.call, (await vendorAccount(a.org.id, 'Olive Stall')).vendor.id, 999);

    for (const range of ['', `?from=${addDays(todayUtc(), -1)}&to=${todayUtc()}`, `?to=${addDays(todayUtc(), -1)}`]) {
      const mine = await ok(me.call('GET', `/vendor-portal/statement${range}`));
      const staff = await ok(a.call('GET', `/vendors/${me.vendor.id}/ledger${range}`));
      expect(mine, range).toEqual(staff);
      const sep = range ? '&' : '?';
      const csv = await me.call('GET', `/vendor-portal/statement/export${range}${sep}format=csv`);
      const staffCsv = await a.call('GET', `/vendors/${me.vendor.id}/ledger/export${range}${sep}format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d{4}-\d\d-\d\d\.csv"$/);
      expect(csv.body).toBe(staffCsv.body);
    }
    const today = await ok(me.call('GET', `/vendor-portal/statement?from=${addDays(todayUtc(), -1)}&to=${todayUtc()}`));
    expect(today).toMatchObject({ vendorId: me.vendor.id, currency: 'JOD', openingBalance: -1000, closingBalance: 3500 });
    expect(today.entries.map((e: LooseBody) => [e.entryType, e.amount])).toEqual([
      ['charge', 6000],
      ['payment', -2500],
      ['charge', 1200],
      ['discount', -200],
    ]);
    const csv = await me.call('GET', '/vendor-portal/statement/export?format=csv');
    expect(csv.body.split('\r\n')[1]).toBe(',opening_balance,,"Date Palm, ""Best""",,0.000,JOD');

    const backwards = await me.call('GET', `/vendor-portal/statement?from=${todayUtc()}&to=${addDays(todayUtc(), -1)}`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields[0].field).toBe('to');
    expect((await me.call('GET', '/vendor-portal/statement/export?format=xlsx')).status).toBe(422);
    // A vendor of another organization has its own (empty) statement.
    const abroad = await vendorAccount(b.org.id);
    expect(await ok(abroad.call('GET', '/vendor-portal/statement'))).toMatchObject({
      vendorId: abroad.vendor.id,
      entries: [],
      currentBalance: 0,
    });
  });
});

describe(`vendor portal money without a linked vendor (${driver})`, () => {
  it('answers staff and vendor accounts without a vendor record with nothing, and refuses others', async () => {
    const mine = await vendorAccount(a.org.id);
    const inv = await invoice(a.call, mine.vendor.id, 1000);
    // A staff role given the vendor dashboard, and a vendor account never linked to a vendor.
    await enablePermission(t.app, a.org.id, 'vendor_manager', 'vendor_dashboard');
    const staff = await createUser(t.app, { orgId: a.org.id, role: 'vendor_manager' });
    const unlinked = await createUser(t.app, { orgId: a.org.id, role: 'market_vendor' });
    for (const user of [staff, unlinked]) {
      const call = caller(t.app, bearer(await tokenFor(t.app, user)));
      expect(await ok(call('GET', '/vendor-portal/market-days'))).toEqual({ upcoming: [], past: [], currency: 'JOD' });
      expect(await ok(call('GET', '/vendor-portal/invoices'))).toEqual([]);
      for (const url of [`/vendor-portal/invoices/${inv.id}`, '/vendor-portal/statement', '/vendor-portal/statement/export?format=csv']) {
        const res = await call('GET', url);
        expect(res.status, url).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    const other = await createUser(t.app, { orgId: a.org.id, role: 'vendor_manager_plus' });
    const refused = caller(t.app, bearer(await tokenFor(t.app, other)));
    expect((await refused('GET', '/vendor-portal/invoices')).status).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/vendor-portal/market-days' })).statusCode).toBe(401);
  });
});
