import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../lib/dates.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { manualInvoice, ok, pay, paymentOrg, vendorOf, type PaymentOrg } from './payment-management.test-support.js';

let t: TestContext;
let a: PaymentOrg;
let b: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await paymentOrg(t.app);
  b = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

const invoice = async (call: PaymentOrg['call'], id: string) => ok(call('GET', `/invoices/${id}`));

describe('invoices', () => {
  it('a draft has no number and no charge; issuing numbers it and charges one entry per line', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const draft = await ok(
      a.call('POST', '/invoices', {
        vendorId: v.id,
        dueDate: addDays(todayUtc(), 10),
        lines: [
          { kind: 'fine', descriptionEn: 'Late setup', descriptionAr: 'تأخير', quantity: 2, unitAmount: 1500 },
          { kind: 'other', descriptionEn: 'Cleaning', descriptionAr: 'تنظيف', quantity: 1, unitAmount: 700 },
        ],
      }),
    );
    expect(draft).toMatchObject({ status: 'draft', state: 'draft', number: null, total: 3700, charged: 0, balance: 0 });
    const issued = await ok(a.call('POST', `/invoices/${draft.id}/issue`));
    expect(issued).toMatchObject({ status: 'issued', state: 'issued', total: 3700, charged: 3700, balance: 3700, issueDate: todayUtc() });
    expect(issued.number).toMatch(/^INV-\d{6}$/);
    expect(issued.ledger.map((e: { entryType: string; amount: number }) => [e.entryType, e.amount])).toEqual([
      ['charge', 3000],
      ['charge', 700],
    ]);
    expect(issued.history.map((h: { action: string }) => h.action)).toEqual(['create', 'issue']);
    // Issuing twice (another key) is refused.
    expect((await a.call('POST', `/invoices/${draft.id}/issue`)).status).toBe(409);
  });

  it('invoice numbers are gap-free under concurrent issuing', async () => {
    const o = await paymentOrg(t.app);
    const v = await vendorOf(t.app, o.org.id);
    const drafts = await Promise.all(Array.from({ length: 12 }, () => manualInvoice(o.call, v.id, 100, { issue: false })));
    // A cancelled draft is refused: its failed attempt must not leave a gap in the numbers.
    await ok(o.call('POST', `/invoices/${drafts[0].id}/cancel`, { reason: 'Not needed' }));
    const answers = await Promise.all(drafts.map((d) => o.call('POST', `/invoices/${d.id}/issue`)));
    expect(answers.filter((x) => x.status === 409)).toHaveLength(1);
    const numbers = answers
      .filter((x) => x.status === 200)
      .map((x) => Number(x.body.number.slice(4)))
      .sort((p, q) => p - q);
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
  });

  it('overdue is computed from the due date', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const late = await manualInvoice(a.call, v.id, 900, { dueDate: addDays(todayUtc(), -1) });
    const onTime = await manualInvoice(a.call, v.id, 900, { dueDate: todayUtc() });
    expect(late.state).toBe('overdue');
    expect(onTime.state).toBe('issued');
    const list = await ok(a.call('GET', `/invoices?vendorId=${v.id}&overdue=true`));
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([late.id]);
    expect(list.totals).toMatchObject({ count: 1, charged: 900, balance: 900 });
    // Paid in full, it is no longer overdue.
    await ok(pay(a.call, v.id, [{ invoiceId: late.id, amount: 900 }]));
    expect((await invoice(a.call, late.id)).state).toBe('paid');
  });

  it('cancel reverses the open balance and is refused once something is paid (net of refunds)', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    const p = await ok(pay(a.call, v.id, [{ invoiceId: inv.id, amount: 400 }]));
    const refused = await a.call('POST', `/invoices/${inv.id}/cancel`, { reason: 'Vendor left' });
    expect(refused.status).toBe(409);
    await ok(a.call('POST', '/refunds', { paymentId: p.id, invoiceId: inv.id, amount: 400, method: 'cash', reason: 'Leaving' }));
    const cancelled = await ok(a.call('POST', `/invoices/${inv.id}/cancel`, { reason: 'Vendor left' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', state: 'cancelled', balance: 0, statusReason: 'Vendor left', credited: 1000 });
    expect(cancelled.ledger.at(-1)).toMatchObject({ entryType: 'cancellation', amount: -1000 });
  });

  it('adjustments need a reason, are capped at the open balance, record the approver; a full credit sets credited', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    const noReason = await a.call('POST', `/invoices/${inv.id}/adjustments`, { kind: 'waiver', amount: 100, reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields[0].field).toBe('reason');
    const tooMuch = await a.call('POST', `/invoices/${inv.id}/adjustments`, { kind: 'discount', amount: 1001, reason: 'Loyal vendor' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fields[0].field).toBe('amount');
    const waived = await ok(a.call('POST', `/invoices/${inv.id}/adjustments`, { kind: 'waiver', amount: 300, reason: 'Rain' }));
    expect(waived).toMatchObject({ waived: 300, balance: 700, state: 'issued' });
    expect(waived.adjustments[0]).toMatchObject({ kind: 'waiver', amount: 300, reason: 'Rain', approvedBy: a.user.id });
    const credited = await ok(a.call('POST', `/invoices/${inv.id}/adjustments`, { kind: 'credit', amount: 700, reason: 'Day cancelled' }));
    expect(credited).toMatchObject({ status: 'credited', state: 'credited', balance: 0, credited: 700 });

    const all = await manualInvoice(a.call, v.id, 500);
    const w = await ok(a.call('POST', `/invoices/${all.id}/adjustments`, { kind: 'waiver', amount: 500, reason: 'Charity stall' }));
    expect(w).toMatchObject({ state: 'waived', balance: 0 });
  });
});

describe('payments', () => {
  it('allocates one payment over several invoices with a gap-free receipt number and one entry per allocation', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const i1 = await manualInvoice(a.call, v.id, 1000);
    const i2 = await manualInvoice(a.call, v.id, 600);
    const p = await ok(
      pay(a.call, v.id, [
        { invoiceId: i1.id, amount: 1000 },
        { invoiceId: i2.id, amount: 200 },
      ]),
    );
    expect(p).toMatchObject({ amount: 1200, currency: 'JOD', method: 'cash', takenBy: a.user.id });
    expect(p.receiptNumber).toMatch(/^RCT-\d{6}$/);
    expect((await invoice(a.call, i1.id)).state).toBe('paid');
    expect(await invoice(a.call, i2.id)).toMatchObject({ state: 'partially_paid', paid: 200, balance: 400 });
    const listed = await ok(a.call('GET', `/payments?vendorId=${v.id}`));
    expect(listed.items.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(listed.totals).toEqual({ count: 1, amount: 1200 });
    const statement = await ok(a.call('GET', `/vendors/${v.id}/ledger`));
    expect(statement.currentBalance).toBe(400);
  });

  it('checks allocations: sum equals the amount, each within the open balance, invoices of this vendor, issued', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const w = await vendorOf(t.app, a.org.id);
    const mine = await manualInvoice(a.call, v.id, 500);
    const theirs = await manualInvoice(a.call, w.id, 500);
    const draft = await manualInvoice(a.call, v.id, 500, { issue: false });
    const foreign = await manualInvoice(b.call, (await vendorOf(t.app, b.org.id)).id, 500);
    const field = async (body: Record<string, unknown>) => {
      const r = await a.call('POST', '/payments', { vendorId: v.id, method: 'card', ...body });
      expect(r.status).toBe(422);
      return r.body.error.fields[0].field;
    };
    expect(await field({ amount: 300, allocations: [{ invoiceId: mine.id, amount: 200 }] })).toBe('allocations');
    expect(await field({ amount: 600, allocations: [{ invoiceId: mine.id, amount: 600 }] })).toBe('allocations.0.amount');
    expect(
      await field({
        amount: 200,
        allocations: [
          { invoiceId: mine.id, amount: 100 },
          { invoiceId: theirs.id, amount: 100 },
        ],
      }),
    ).toBe('allocations.1.invoiceId');
    expect(await field({ amount: 100, allocations: [{ invoiceId: foreign.id, amount: 100 }] })).toBe('allocations.0.invoiceId');
    expect(await field({ amount: 100, allocations: [{ invoiceId: draft.id, amount: 100 }] })).toBe('allocations.0.invoiceId');
    const otherOrgVendor = await a.call('POST', '/payments', {
      vendorId: (await vendorOf(t.app, b.org.id)).id,
      method: 'cash',
      amount: 100,
      allocations: [{ invoiceId: mine.id, amount: 100 }],
    });
    expect(otherOrgVendor.body.error.fields[0].field).toBe('vendorId');
    expect((await invoice(a.call, mine.id)).paid).toBe(0);
  });

  it('two concurrent payments cannot both take the last open balance', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    const answers = await Promise.all([700, 700, 700].map((amount) => pay(a.call, v.id, [{ invoiceId: inv.id, amount }])));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 422, 422]);
    expect((await invoice(a.call, inv.id)).balance).toBe(300);
  });

  it('refunds are capped at what that payment paid on that invoice minus earlier refunds', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const i1 = await manualInvoice(a.call, v.id, 1000);
    const i2 = await manualInvoice(a.call, v.id, 1000);
    const p = await ok(
      pay(a.call, v.id, [
        { invoiceId: i1.id, amount: 600 },
        { invoiceId: i2.id, amount: 300 },
      ]),
    );
    const refund = (invoiceId: string, amount: number) =>
      a.call('POST', '/refunds', { paymentId: p.id, invoiceId, amount, method: 'cash', reason: 'Overpaid' });
    expect((await refund(i2.id, 301)).body.error.fields[0].field).toBe('amount');
    const r1 = await ok(refund(i1.id, 250));
    expect(r1).toMatchObject({ amount: 250, invoiceId: i1.id, paymentId: p.id, receiptNumber: p.receiptNumber });
    expect((await refund(i1.id, 351)).status).toBe(422);
    await ok(refund(i1.id, 350));
    expect((await refund(i1.id, 1)).status).toBe(422);
    const unpaid = await manualInvoice(a.call, v.id, 100);
    expect((await refund(unpaid.id, 1)).body.error.fields[0].field).toBe('invoiceId');
    expect(await invoice(a.call, i1.id)).toMatchObject({ paid: 600, refunded: 600, balance: 1000, state: 'issued' });
    const detail = await ok(a.call('GET', `/payments/${p.id}`));
    expect(detail.refunded).toBe(600);
    expect(detail.refunds).toHaveLength(2);
  });

  it('Idempotency-Key: required on money routes, a replay answers the stored result, another body is a 422', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    const missing = await pay(a.call, v.id, [{ invoiceId: inv.id, amount: 100 }], null as unknown as string);
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields[0].field).toBe('Idempotency-Key');
    const bad = await pay(a.call, v.id, [{ invoiceId: inv.id, amount: 100 }], 'short');
    expect(bad.body.error.fields[0].field).toBe('Idempotency-Key');
    const key = randomUUID();
    const first = await pay(a.call, v.id, [{ invoiceId: inv.id, amount: 100 }], key);
    const again = await pay(a.call, v.id, [{ invoiceId: inv.id, amount: 100 }], key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).toEqual(first.body);
    const other = await pay(a.call, v.id, [{ invoiceId: inv.id, amount: 200 }], key);
    expect(other.status).toBe(422);
    expect(other.body.error.fields[0].field).toBe('Idempotency-Key');
    expect((await invoice(a.call, inv.id)).paid).toBe(100);
    // The same key in another organization is another key.
    const elsewhere = await manualInvoice(b.call, (await vendorOf(t.app, b.org.id)).id, 100);
    const bv = (await invoice(b.call, elsewhere.id)).vendorId;
    expect((await pay(b.call, bv, [{ invoiceId: elsewhere.id, amount: 100 }], key)).status).toBe(201);
  });

  it("B's user gets 404 on A's invoices and payments, and A's vendor ledger", async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    const p = await ok(pay(a.call, v.id, [{ invoiceId: inv.id, amount: 100 }]));
    for (const url of [`/invoices/${inv.id}`, `/payments/${p.id}`, `/vendors/${v.id}/ledger`, `/vendors/${v.id}/ledger/export?format=csv`])
      expect((await b.call('GET', url)).status, url).toBe(404);
    for (const [url, body] of [
      [`/invoices/${inv.id}/issue`, undefined],
      [`/invoices/${inv.id}/cancel`, { reason: 'x' }],
      [`/invoices/${inv.id}/adjustments`, { kind: 'waiver', amount: 1, reason: 'x' }],
    ] as const)
      expect((await b.call('POST', url, body)).status, url).toBe(404);
    const refund = await b.call('POST', '/refunds', { paymentId: p.id, invoiceId: inv.id, amount: 1, method: 'cash', reason: 'x' });
    expect(refund.status).toBe(422);
    expect((await b.call('GET', '/invoices')).body.items.find((i: { id: string }) => i.id === inv.id)).toBeUndefined();
    expect((await invoice(a.call, inv.id)).balance).toBe(900);
  });
});
