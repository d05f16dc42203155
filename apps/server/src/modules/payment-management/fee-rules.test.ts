import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../lib/dates.js';
import { createCategory } from '../../../test/factories/market.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createAssignment, flatRule, ok, paymentOrg, setPolicy, type PaymentOrg } from './payment-management.test-support.js';

let t: TestContext;
let a: PaymentOrg;
let b: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await paymentOrg(t.app);
  b = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

const rule = (kind: string, extra: Record<string, unknown>) => ({
  kind,
  nameEn: `${kind} fee`,
  nameAr: 'رسوم',
  validFrom: '2020-01-01',
  ...extra,
});

describe('fee rules', () => {
  it('creates, lists, updates with the version it read, and refuses a stale version', async () => {
    const created = await flatRule(a.call, 5000);
    expect(created).toMatchObject({ kind: 'flat_per_day', amount: 5000, inUse: false, validTo: null });
    const list = await ok(a.call('GET', '/fee-rules?kind=flat_per_day'));
    expect(list.map((r: { id: string }) => r.id)).toContain(created.id);
    const updated = await ok(a.call('PATCH', `/fee-rules/${created.id}`, { amount: 6000, expectedUpdatedAt: created.updatedAt }));
    expect(updated.amount).toBe(6000);
    const stale = await a.call('PATCH', `/fee-rules/${created.id}`, { amount: 7000, expectedUpdatedAt: created.updatedAt });
    expect(stale.status).toBe(409);
    expect((await a.call('DELETE', `/fee-rules/${created.id}`)).status).toBe(200);
    expect((await a.call('GET', '/fee-rules')).body.find((r: { id: string }) => r.id === created.id)).toBeUndefined();
  });

  it('checks kind-specific fields and validity dates', async () => {
    const noCategory = await a.call('POST', '/fee-rules', rule('category', { amount: 100 }));
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.error.fields[0].field).toBe('categoryId');
    const foreign = await a.call('POST', '/fee-rules', rule('category', { amount: 100, categoryId: b.category.id }));
    expect(foreign.status).toBe(422);
    const backwards = await a.call(
      'POST',
      '/fee-rules',
      rule('flat_per_day', { amount: 100, validFrom: '2026-02-01', validTo: '2026-01-01' }),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields[0].field).toBe('validTo');
  });

  it('refuses to delete a rule used on an invoice line (409: end it instead) and lets it be ended', async () => {
    const r = await flatRule(b.call, 1000, { validFrom: '2020-01-01' });
    const { assignment } = await createAssignment(t.app, b.org.id, { categoryId: b.category.id });
    await ok(b.call('POST', `/assignments/${assignment.id}/invoices`, {}));
    const del = await b.call('DELETE', `/fee-rules/${r.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toMatch(/validTo/);
    const ended = await ok(b.call('PATCH', `/fee-rules/${r.id}`, { validTo: '2020-12-31', expectedUpdatedAt: r.updatedAt }));
    expect(ended).toMatchObject({ validTo: '2020-12-31', inUse: true });
  });

  it("another organization's rule is not found", async () => {
    const r = await flatRule(a.call, 100);
    expect((await b.call('PATCH', `/fee-rules/${r.id}`, { amount: 1, expectedUpdatedAt: r.updatedAt })).status).toBe(404);
    expect((await b.call('DELETE', `/fee-rules/${r.id}`)).status).toBe(404);
  });
});

describe('fee preview', () => {
  it('prices each kind: flat, per m² rounded half up once per line, category, power, sales percentage with its minimum', async () => {
    const o = await paymentOrg(t.app);
    const other = await createCategory(t.app, o.org.id, { nameEn: 'Crafts' });
    await flatRule(o.call, 10_000);
    await ok(o.call('POST', '/fee-rules', rule('per_square_metre', { amount: 1250 })));
    await ok(o.call('POST', '/fee-rules', rule('category', { amount: 700, categoryId: o.category.id })));
    await ok(o.call('POST', '/fee-rules', rule('category', { amount: 900, categoryId: other.id })));
    await ok(o.call('POST', '/fee-rules', rule('power', { amount: 300 })));
    await ok(o.call('POST', '/fee-rules', rule('sales_percentage', { rateBasisPoints: 250, minimumAmount: 500 })));
    await ok(o.call('POST', '/fee-rules', rule('fine', { amount: 2000 })));
    const { assignment } = await createAssignment(t.app, o.org.id, {
      categoryId: o.category.id,
      widthM: 3.33,
      depthM: 2.5,
      power: 'single_phase',
    });
    const p = await ok(o.call('GET', `/assignments/${assignment.id}/fees`));
    const byKind = Object.fromEntries(p.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount]));
    // 1250 x 333 cm x 250 cm / 10,000 = 10,406.25 -> 10,406
    expect(byKind).toEqual({ stall: 10_000, size: 10_406, category: 700, power: 300 });
    expect(p.total).toBe(21_406);
    expect(p.currency).toBe('JOD');
    // Declared sales add the percentage: 2.5% of 10,000 = 250 -> the minimum 500 applies; of 100,000 -> 2,500.
    const low = await ok(o.call('GET', `/assignments/${assignment.id}/fees?declaredSales=10000`));
    expect(low.lines.find((l: { kind: string }) => l.kind === 'sales_percentage').amount).toBe(500);
    const high = await ok(o.call('GET', `/assignments/${assignment.id}/fees?declaredSales=100020`));
    // 100,020 x 2.5% = 2,500.5 -> half up -> 2,501
    expect(high.lines.find((l: { kind: string }) => l.kind === 'sales_percentage').amount).toBe(2501);
  });

  it('uses the rules in force when the request was accepted: a rule ended before acceptance is not applied', async () => {
    const o = await paymentOrg(t.app);
    const accepted = new Date('2025-06-15T10:00:00Z');
    await flatRule(o.call, 1000, { validFrom: '2020-01-01', validTo: '2025-06-14' });
    await flatRule(o.call, 2000, { validFrom: '2025-06-15', validTo: '2025-12-31' });
    await flatRule(o.call, 4000, { validFrom: '2026-01-01' });
    const { assignment } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id, acceptedAt: accepted });
    const p = await ok(o.call('GET', `/assignments/${assignment.id}/fees`));
    expect(p.pricedOn).toBe('2025-06-15');
    expect(p.lines.map((l: { amount: number }) => l.amount)).toEqual([2000]);
  });

  it('splits deposit and balance per line with due dates from the policy; without a policy one invoice due 7 days before', async () => {
    const o = await paymentOrg(t.app);
    await flatRule(o.call, 1001);
    await ok(o.call('POST', '/fee-rules', rule('power', { amount: 333 })));
    const { assignment } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id, daysAhead: 40, power: 'three_phase' });
    const one = await ok(o.call('GET', `/assignments/${assignment.id}/fees`));
    expect(one.schedule).toEqual([expect.objectContaining({ kind: 'full', amount: 1334, dueDate: addDays(todayUtc(), 33) })]);

    await setPolicy(t.app, o.org.id, { depositBasisPoints: 5000, depositDueDays: 3, balanceDueDaysBefore: 10 });
    const two = await ok(o.call('GET', `/assignments/${assignment.id}/fees`));
    const [deposit, balance] = two.schedule;
    // 50% of 1001 = 500.5 -> 501 (half up, once per line); 50% of 333 = 166.5 -> 167.
    expect(deposit).toMatchObject({ kind: 'deposit', amount: 668, dueDate: addDays(todayUtc(), 3) });
    expect(balance).toMatchObject({ kind: 'balance', amount: 666, dueDate: addDays(todayUtc(), 30) });
    expect(deposit.amount + balance.amount).toBe(two.total);

    const made = await ok(o.call('POST', `/assignments/${assignment.id}/invoices`, {}));
    expect(made.invoices.map((i: { kind: string; state: string; balance: number }) => [i.kind, i.state, i.balance])).toEqual([
      ['deposit', 'issued', 668],
      ['balance', 'issued', 666],
    ]);
    // A second set is refused until these are cancelled.
    expect((await o.call('POST', `/assignments/${assignment.id}/invoices`, {})).status).toBe(409);
    for (const i of made.invoices) await ok(o.call('POST', `/invoices/${i.id}/cancel`, { reason: 'Re-priced' }));
    const again = await ok(o.call('POST', `/assignments/${assignment.id}/invoices`, {}));
    expect(again.invoices).toHaveLength(2);
  });

  it('a due date already past is the issue date (a late booking is due when invoiced)', async () => {
    const o = await paymentOrg(t.app);
    await flatRule(o.call, 500);
    const { assignment } = await createAssignment(t.app, o.org.id, { categoryId: o.category.id, daysAhead: 2 });
    const p = await ok(o.call('GET', `/assignments/${assignment.id}/fees`));
    expect(p.schedule[0].dueDate).toBe(todayUtc());
  });

  it('refuses invoices without a base currency (409 naming master data) and without any fee', async () => {
    const none = await paymentOrg(t.app, { currency: false });
    await flatRule(none.call, 500);
    const { assignment } = await createAssignment(t.app, none.org.id, { categoryId: none.category.id });
    const r = await none.call('POST', `/assignments/${assignment.id}/invoices`, {});
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/base currency/);
    const free = await paymentOrg(t.app);
    const x = await createAssignment(t.app, free.org.id, { categoryId: free.category.id });
    expect((await free.call('POST', `/assignments/${x.assignment.id}/invoices`, {})).status).toBe(409);
  });

  it("another organization's assignment is not found", async () => {
    const { assignment } = await createAssignment(t.app, a.org.id, { categoryId: a.category.id });
    expect((await b.call('GET', `/assignments/${assignment.id}/fees`)).status).toBe(404);
    expect((await b.call('POST', `/assignments/${assignment.id}/invoices`, {})).status).toBe(404);
  });
});
