import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, marketAssignments } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { caller, ok, paymentOrg, type LooseBody, type PaymentOrg } from '../payment-management/payment-management.test-support.js';
import { bookingOf, portalTestApp, vendorAccount, type VendorAccount } from './vendor-portal.test-support.js';

// A vendor declares the sales of its own booked day, through payment management's rule: only its own booking
// (another vendor's, or another organization's, is not found), only on or after the day, and only for a booking
// that held its slot; what it declares is what staff see and price from.

const world = portalTestApp();
const db = () => world.t.app.ctx.db;
const account = (org: PaymentOrg = world.home, name?: string) => vendorAccount(world.t.app, org.org.id, name);
/** A confirmed booking of the vendor `daysAhead` days from today (negative: past). */
const booked = async (who: VendorAccount, daysAhead: number, org: PaymentOrg = world.home) =>
  (await bookingOf(world.t.app, org, who.vendor.id, daysAhead)).assignment;
const setStatus = (id: string, status: 'cancelled' | 'checked_in' | 'no_show' | 'absent_approved') =>
  db().update(marketAssignments).set({ status }).where(eq(marketAssignments.id, id));

const declare = (who: VendorAccount, bookingId: string, amount: unknown) =>
  who.call('PUT', `/vendor-portal/market-days/${bookingId}/declared-sales`, { amount });
const dayOf = async (who: VendorAccount, id: string) => {
  const days = await ok(who.call('GET', '/vendor-portal/market-days'));
  return [...days.upcoming, ...days.past].find((d: LooseBody) => d.id === id);
};

describe(`vendor portal: declared sales (${driver})`, () => {
  it("stores the vendor's own sales on the booking, audited as the vendor's, and shows them to the vendor and staff", async () => {
    const me = await account();
    const yesterday = await booked(me, -1);
    const today = await booked(me, 0);
    await setStatus(today.id, 'checked_in');
    expect(await dayOf(me, yesterday.id)).toMatchObject({ declaredSales: null, canDeclareSales: true });

    const saved = await ok(declare(me, yesterday.id, 125_500));
    expect(saved).toEqual({ assignmentId: yesterday.id, declaredSales: 125_500, declaredSalesAt: expect.any(String) });
    expect(Date.parse(saved.declaredSalesAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await dayOf(me, yesterday.id)).toMatchObject({ declaredSales: 125_500, canDeclareSales: true });
    // Staff read the same stored sales on the booking's fee preview.
    const fees = await ok(world.home.call('GET', `/assignments/${yesterday.id}/fees`));
    expect(fees).toMatchObject({ declaredSales: 125_500, declaredSalesAt: saved.declaredSalesAt });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'market_assignment'), eq(auditLog.entityId, yesterday.id)));
    expect(audit.map((r) => [r.action, r.actorId, r.after])).toEqual([['update', me.user.id, { declaredSales: 125_500 }]]);

    // Today's booking, checked in, may be declared too; 0 is a day without sales; a correction replaces it.
    expect((await ok(declare(me, today.id, 0))).declaredSales).toBe(0);
    expect((await ok(declare(me, today.id, 4000))).declaredSales).toBe(4000);
    expect(await dayOf(me, today.id)).toMatchObject({ declaredSales: 4000, canDeclareSales: true });
  });

  it("answers 404 for another vendor's booking, another organization's and an unknown one, and changes nothing", async () => {
    const me = await account();
    const theirs = await booked(await account(world.home, 'Olive Stall'), -1);
    const away = await paymentOrg(world.t.app);
    const abroad = await account(away);
    const foreign = await booked(abroad, -1, away);
    for (const id of [theirs.id, foreign.id, randomUUID()]) {
      const res = await declare(me, id, 5000);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const rows = await db().select().from(marketAssignments).where(eq(marketAssignments.id, theirs.id));
    expect(rows[0]!.declaredSales).toBeNull();
    // Nor is this vendor's booking another organization's vendor's to declare.
    expect((await declare(abroad, (await booked(me, -1)).id, 5000)).status).toBe(404);
  });

  it('refuses a day still ahead, a booking that did not hold its slot and a bad amount with 422 naming amount', async () => {
    const me = await account();
    const tomorrow = await booked(me, 1);
    const ahead = await declare(me, tomorrow.id, 5000);
    expect(ahead.status).toBe(422);
    expect(ahead.body.error.fields).toEqual([
      { field: 'amount', message: `cannot be declared before the market day (${addDays(todayUtc(), 1)})` },
    ]);
    expect(await dayOf(me, tomorrow.id)).toMatchObject({ declaredSales: null, canDeclareSales: false });

    const cancelled = await booked(me, -2);
    await setStatus(cancelled.id, 'cancelled');
    const refused = await declare(me, cancelled.id, 5000);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual([{ field: 'amount', message: 'cannot be declared: the booking is cancelled' }]);
    for (const status of ['no_show', 'absent_approved'] as const) {
      const gone = await booked(me, -3);
      await setStatus(gone.id, status);
      const res = await declare(me, gone.id, 5000);
      expect(res.status, status).toBe(422);
      expect(res.body.error.fields, status).toEqual([
        { field: 'amount', message: 'cannot be declared: the booking did not hold its slot that day' },
      ]);
      expect(await dayOf(me, gone.id)).toMatchObject({ canDeclareSales: false });
    }

    const past = await booked(me, -4);
    for (const amount of [-1, 2.5, '100', null]) {
      const res = await declare(me, past.id, amount);
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    }
    const badId = await declare(me, 'not-an-id', 100);
    expect(badId.status).toBe(422);
    expect(badId.body.error.fields[0].field).toBe('params.id');
    const rows = await db().select().from(marketAssignments).where(eq(marketAssignments.vendorId, me.vendor.id));
    expect(rows.map((r) => r.declaredSales)).toEqual(rows.map(() => null));
  });

  it('answers an account without a linked vendor with 404, staff without the vendor dashboard with 403, strangers 401', async () => {
    const url = `/vendor-portal/market-days/${(await booked(await account(), -1)).id}/declared-sales`;
    const as = async (role: string) => {
      const user = await createUser(world.t.app, { orgId: world.home.org.id, role });
      return caller(world.t.app, bearer(await tokenFor(world.t.app, user)));
    };
    expect((await (await as('market_vendor'))('PUT', url, { amount: 1 })).status).toBe(404);
    expect((await (await as('vendor_manager'))('PUT', url, { amount: 1 })).status).toBe(403);
    expect((await world.t.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload: { amount: 1 } })).statusCode).toBe(401);
  });
});
