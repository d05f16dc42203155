import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketAssignments } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createAssignment, flatRule, ok, paymentOrg, setPolicy, type PaymentOrg } from './payment-management.test-support.js';

// Declared sales are kept on the booking; issuing prices from them; a booking invoiced before its sales were
// declared gets its share of sales as one more invoice, once, through the ledger's one append path.

let t: TestContext;
let a: PaymentOrg;
let b: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await paymentOrg(t.app);
  b = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

/** 2.5% of declared sales, at least 500; and a flat stall fee of 10,000. */
async function salesWorld(o: PaymentOrg, opts: { sales?: boolean } = {}) {
  await flatRule(o.call, 10_000);
  if (opts.sales !== false)
    await ok(
      o.call('POST', '/fee-rules', {
        kind: 'sales_percentage',
        nameEn: 'Sales share',
        nameAr: 'حصة المبيعات',
        rateBasisPoints: 250,
        minimumAmount: 500,
        validFrom: '2020-01-01',
      }),
    );
  const { assignment } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id });
  return assignment.id as string;
}

const declare = (o: PaymentOrg, id: string, amount: unknown) => o.call('PUT', `/market-assignments/${id}/declared-sales`, { amount });
const fees = (o: PaymentOrg, id: string) => ok(o.call('GET', `/assignments/${id}/fees`));
const kinds = (lines: { kind: string; amount: number }[]) => lines.map((l) => [l.kind, l.amount]);

describe('declared sales', () => {
  it('are stored on the booking with who and when, audited, and shown by the fee preview', async () => {
    const o = await paymentOrg(t.app);
    const id = await salesWorld(o);
    expect((await fees(o, id)).declaredSales).toBeNull();
    const saved = await ok(declare(o, id, 100_020));
    expect(saved).toMatchObject({ assignmentId: id, declaredSales: 100_020, declaredSalesBy: o.user.id });
    expect(Date.parse(saved.declaredSalesAt)).toBeGreaterThan(Date.now() - 60_000);
    const f = await fees(o, id);
    expect(f).toMatchObject({
      declaredSales: 100_020,
      declaredSalesAt: saved.declaredSalesAt,
      salesShareInvoiced: false,
      salesShare: null,
    });
    expect(f.declaredSalesByName).toEqual(expect.any(String));
    // 100,020 x 2.5% = 2,500.5 -> 2,501: the preview prices the stored sales without being told them.
    expect(kinds(f.lines)).toEqual([
      ['stall', 10_000],
      ['sales_percentage', 2501],
    ]);
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'market_assignment'), eq(auditLog.entityId, id)));
    expect(audit.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['update', o.user.id, { declaredSales: null }, { declaredSales: 100_020 }],
    ]);
    // The same amount again is no change (nothing more audited); 0 is a day without sales.
    await ok(declare(o, id, 100_020));
    expect((await ok(declare(o, id, 0))).declaredSales).toBe(0);
    const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a negative amount, a fraction, a non-number and a cancelled booking with 422 naming amount', async () => {
    const id = await salesWorld(await paymentOrg(t.app));
    const o = a;
    const { assignment } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id });
    for (const amount of [-1, 1.5, '100', null]) {
      const r = await declare(o, assignment.id, amount);
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    }
    await t.app.ctx.db.update(marketAssignments).set({ status: 'cancelled' }).where(eq(marketAssignments.id, assignment.id));
    const cancelled = await declare(o, assignment.id, 5000);
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.error.fields).toEqual([{ field: 'amount', message: 'cannot be declared: the booking is cancelled' }]);
    // Another organization's booking, and no booking at all, are not found.
    expect((await declare(b, id, 5000)).status).toBe(404);
    expect((await declare(a, randomUUID(), 5000)).status).toBe(404);
  });

  it('issuing prices from the stored sales; sales still sent with the request are stored first', async () => {
    const o = await paymentOrg(t.app);
    const stored = await salesWorld(o);
    await ok(declare(o, stored, 40_000));
    const made = await ok(o.call('POST', `/assignments/${stored}/invoices`, {}));
    expect(kinds(made.invoices[0].lines)).toEqual([
      ['stall', 10_000],
      ['sales_percentage', 1000],
    ]);

    const sent = await salesWorld(o, { sales: false });
    const viaBody = await ok(o.call('POST', `/assignments/${sent}/invoices`, { declaredSales: 7000 }));
    expect(viaBody.invoices[0].total).toBe(20_000 + 500); // the two stall rules; the sales rule's minimum 500
    expect((await fees(o, sent)).declaredSales).toBe(7000);
  });

  it('declared after invoicing: the page offers the share, it is invoiced once, and the ledger stays consistent', async () => {
    const o = await paymentOrg(t.app);
    const id = await salesWorld(o);
    const first = await ok(o.call('POST', `/assignments/${id}/invoices`, {}));
    expect(kinds(first.invoices[0].lines)).toEqual([['stall', 10_000]]);
    expect((await fees(o, id)).salesShare).toBeNull();

    await ok(declare(o, id, 300_000));
    const offered = await fees(o, id);
    expect(offered.salesShare).toMatchObject({ kind: 'sales', amount: 7500 });
    expect(kinds(offered.salesShare.lines)).toEqual([['sales_percentage', 7500]]);

    const key = randomUUID();
    const made = await o.call('POST', `/assignments/${id}/sales-invoice`, undefined, key);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'sales', status: 'issued', assignmentId: id, total: 7500, charged: 7500, balance: 7500 });
    expect(made.body.ledger.map((e: { entryType: string; amount: number }) => [e.entryType, e.amount])).toEqual([['charge', 7500]]);
    // The same key answers the stored result; another key is refused: never twice for one booking.
    const replay = await o.call('POST', `/assignments/${id}/sales-invoice`, undefined, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(made.body.id);
    expect((await o.call('POST', `/assignments/${id}/sales-invoice`)).status).toBe(409);

    const after = await fees(o, id);
    expect(after).toMatchObject({ salesShareInvoiced: true, salesShare: null });
    expect(after.invoices.map((i: { kind: string }) => i.kind).sort()).toEqual(['full', 'sales']);
    // Other sales cannot be declared over an invoiced share; the same amount is still fine.
    const changed = await declare(o, id, 1000);
    expect(changed.status).toBe(409);
    expect(changed.body.error.fields[0].field).toBe('amount');
    await ok(declare(o, id, 300_000));

    const check = await ok(o.call('GET', '/ledger/consistency'));
    expect(check).toMatchObject({ consistent: true, disagreements: [] });
    expect(check.invoicesChecked).toBe(2);

    // Cancelled, the sales invoice no longer stands: the sales can be corrected and the share invoiced again.
    await ok(o.call('POST', `/invoices/${made.body.id}/cancel`, { reason: 'Wrong sales' }));
    await ok(declare(o, id, 100_000));
    expect((await fees(o, id)).salesShare).toMatchObject({ amount: 2500 });
    expect((await ok(o.call('POST', `/assignments/${id}/sales-invoice`))).total).toBe(2500);
    expect((await ok(o.call('GET', '/ledger/consistency'))).consistent).toBe(true);
  });

  it('two attempts at once with different keys make one invoice', async () => {
    const o = await paymentOrg(t.app);
    const id = await salesWorld(o);
    await ok(o.call('POST', `/assignments/${id}/invoices`, {}));
    await ok(declare(o, id, 20_000));
    const answers = await Promise.all([1, 2, 3].map(() => o.call('POST', `/assignments/${id}/sales-invoice`)));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409, 409]);
    expect((await fees(o, id)).invoices).toHaveLength(2);
  });

  it('is not offered, and refused, when the share was charged with the rest (deposit parts included) or cannot apply', async () => {
    const o = await paymentOrg(t.app);
    await setPolicy(t.app, o.org.id, { depositBasisPoints: 3000 });
    const withShare = await salesWorld(o);
    await ok(declare(o, withShare, 40_000));
    const made = await ok(o.call('POST', `/assignments/${withShare}/invoices`, {}));
    // The sales line is split into deposit and balance parts: those parts still are the share of sales.
    expect(made.invoices.flatMap((i: { lines: { kind: string }[] }) => i.lines.map((l) => l.kind))).not.toContain('sales_percentage');
    expect(await fees(o, withShare)).toMatchObject({ salesShareInvoiced: true, salesShare: null });
    expect((await o.call('POST', `/assignments/${withShare}/sales-invoice`)).status).toBe(409);

    // Not invoiced yet: the share comes with the booking's invoices.
    const notInvoiced = (await createAssignment(t.app, o.org.id, { categoryId: o.category.id })).assignment.id;
    await ok(declare(o, notInvoiced, 40_000));
    expect((await o.call('POST', `/assignments/${notInvoiced}/sales-invoice`)).status).toBe(409);
    // Invoiced, but no sales declared.
    const undeclared = (await createAssignment(t.app, o.org.id, { categoryId: o.category.id })).assignment.id;
    await ok(o.call('POST', `/assignments/${undeclared}/invoices`, {}));
    const none = await o.call('POST', `/assignments/${undeclared}/sales-invoice`);
    expect(none.status).toBe(409);
    expect(none.body.error.fields).toEqual([{ field: 'declaredSales', message: 'is not declared' }]);

    // No sales rule in force: nothing to invoice.
    const plain = await paymentOrg(t.app);
    const noRule = await salesWorld(plain, { sales: false });
    await ok(plain.call('POST', `/assignments/${noRule}/invoices`, {}));
    await ok(declare(plain, noRule, 40_000));
    expect((await fees(plain, noRule)).salesShare).toBeNull();
    expect((await plain.call('POST', `/assignments/${noRule}/sales-invoice`)).status).toBe(409);
    // Another organization's booking is not found.
    expect((await b.call('POST', `/assignments/${withShare}/sales-invoice`)).status).toBe(404);
  });
});
