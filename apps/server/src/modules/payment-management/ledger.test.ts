import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors, vendorLedgerEntries } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { manualInvoice, ok, pay, paymentOrg, vendorOf, type PaymentOrg } from './payment-management.test-support.js';

let t: TestContext;
let a: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

describe('the vendor ledger', () => {
  it('refuses UPDATE and DELETE of its entries (append-only trigger)', async () => {
    const v = await vendorOf(t.app, a.org.id);
    await manualInvoice(a.call, v.id, 100);
    const db = t.app.ctx.db;
    // Drizzle wraps the database's error: its cause carries the trigger's message.
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(db.execute(sql`update vendor_ledger_entries set amount = 1 where vendor_id = ${v.id}`))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(db.execute(sql`delete from vendor_ledger_entries where vendor_id = ${v.id}`))).toMatch(/append-only: DELETE/);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendorLedgerEntries)
      .where(sql`vendor_id = ${v.id}`);
    expect(row!.n).toBe(1);
  });

  it('a statement has the opening balance before `from`, entries with a running balance, and the closing balance', async () => {
    const v = await vendorOf(t.app, a.org.id);
    const inv = await manualInvoice(a.call, v.id, 1000);
    await ok(pay(a.call, v.id, [{ invoiceId: inv.id, amount: 250 }]));
    // A payment received yesterday (backdated) is before today's range.
    await ok(
      a.call('POST', '/payments', {
        vendorId: v.id,
        method: 'bank_transfer',
        amount: 100,
        reference: 'TR-1',
        receivedAt: `${addDays(todayUtc(), -1)}T12:00:00Z`,
        allocations: [{ invoiceId: inv.id, amount: 100 }],
      }),
    );
    const all = await ok(a.call('GET', `/vendors/${v.id}/ledger`));
    expect(all.entries.map((e: { entryType: string; runningBalance: number }) => [e.entryType, e.runningBalance])).toEqual([
      ['payment', -100],
      ['charge', 900],
      ['payment', 650],
    ]);
    expect(all).toMatchObject({ openingBalance: 0, closingBalance: 650, currentBalance: 650, currency: 'JOD' });
    const today = await ok(a.call('GET', `/vendors/${v.id}/ledger?from=${todayUtc()}&to=${todayUtc()}`));
    expect(today).toMatchObject({ openingBalance: -100, closingBalance: 650 });
    expect(today.entries).toHaveLength(2);
    expect(today.entries[0].document).toBe(inv.number);
    expect(today.entries[1].document).toMatch(/^RCT-/);
    const before = await ok(a.call('GET', `/vendors/${v.id}/ledger?to=${addDays(todayUtc(), -1)}`));
    expect(before).toMatchObject({ openingBalance: 0, closingBalance: -100, currentBalance: 650 });
    expect((await a.call('GET', `/vendors/${v.id}/ledger?from=2026-02-02&to=2026-02-01`)).status).toBe(422);
  });

  it('exports the statement as CSV with English headers and neutralised cells', async () => {
    const [v] = await t.app.ctx.db
      .insert(vendors)
      .values({ orgId: a.org.id, vendorType: 'market', publicName: '=HYPERLINK("x")' })
      .returning();
    const inv = await manualInvoice(a.call, v!.id, 1234);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/${v!.id}/ledger/export?format=csv`, headers: await bearerOf(a) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,document,memo,amount,running_balance,currency');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain(`charge,${inv.number},Charge,1.234,1.234,JOD`);
    expect(lines.at(-1)).toContain('closing_balance');
  });

  it('the consistency check finds nothing on API-written data and reports an entry without a source', async () => {
    const o = await paymentOrg(t.app);
    const v = await vendorOf(t.app, o.org.id);
    const inv = await manualInvoice(o.call, v.id, 1000);
    const p = await ok(pay(o.call, v.id, [{ invoiceId: inv.id, amount: 600 }]));
    await ok(o.call('POST', '/refunds', { paymentId: p.id, invoiceId: inv.id, amount: 100, method: 'cash', reason: 'x' }));
    await ok(o.call('POST', `/invoices/${inv.id}/adjustments`, { kind: 'discount', amount: 50, reason: 'x' }));
    const clean = await ok(o.call('GET', '/ledger/consistency'));
    expect(clean).toMatchObject({ consistent: true, disagreements: [], invoicesChecked: 1, paymentsChecked: 1, entriesChecked: 4 });

    // A charge written behind the API's back, naming no document.
    await t.app.ctx.db.insert(vendorLedgerEntries).values({
      orgId: o.org.id,
      vendorId: v.id,
      invoiceId: inv.id,
      entryType: 'charge',
      sourceType: 'invoice_line',
      sourceId: randomUUID(),
      amount: 5,
      currency: 'JOD',
      occurredOn: todayUtc(),
    });
    const run = await ok(o.call('POST', '/ledger/consistency-check'));
    expect(run.consistent).toBe(false);
    expect(run.disagreements.map((d: { kind: string }) => d.kind).sort()).toEqual([
      'entry_without_source',
      'invoice_balance',
      'invoice_charge',
    ]);
    const [audit] = (
      (await t.app.ctx.db.execute(
        sql`select action, after from audit_log where org_id = ${o.org.id} and entity_type = 'vendor_ledger'`,
      )) as unknown as { rows: { action: string; after: { consistent: boolean } }[] }
    ).rows;
    expect(audit).toMatchObject({ action: 'consistency_check', after: { consistent: false } });
  });
});

describe('invoice list and export', () => {
  it('filters by state, vendor and due dates, pages with a cursor, and totals the whole filter', async () => {
    const o = await paymentOrg(t.app);
    const v = await vendorOf(t.app, o.org.id);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await manualInvoice(o.call, v.id, 100 * (i + 1), { dueDate: addDays(todayUtc(), i) }));
    await ok(pay(o.call, v.id, [{ invoiceId: made[4].id, amount: 500 }]));
    const first = await ok(o.call('GET', `/invoices?vendorId=${v.id}&limit=2`));
    expect(first.items.map((i: { id: string }) => i.id)).toEqual([made[4].id, made[3].id]);
    expect(first.totals).toMatchObject({ count: 5, charged: 1500, paid: 500, balance: 1000 });
    const second = await ok(o.call('GET', `/invoices?vendorId=${v.id}&limit=2&cursor=${first.nextCursor}`));
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([made[2].id, made[1].id]);
    const third = await ok(o.call('GET', `/invoices?vendorId=${v.id}&limit=2&cursor=${second.nextCursor}`));
    expect(third.items.map((i: { id: string }) => i.id)).toEqual([made[0].id]);
    expect(third.nextCursor).toBeNull();
    const paid = await ok(o.call('GET', `/invoices?state=paid`));
    expect(paid.items.map((i: { id: string }) => i.id)).toEqual([made[4].id]);
    const due = await ok(o.call('GET', `/invoices?dueFrom=${addDays(todayUtc(), 1)}&dueTo=${addDays(todayUtc(), 2)}`));
    expect(due.totals.count).toBe(2);
    expect((await o.call('GET', '/invoices?cursor=bm9wZQ')).status).toBe(422);
    const overview = await ok(o.call('GET', '/payments/overview'));
    expect(overview.states.find((s: { state: string }) => s.state === 'paid')).toMatchObject({ count: 1, paid: 500 });
    expect(overview.totals.count).toBe(5);
  });

  it('exports CSV and XLSX with the same filters, neutralising formula cells', async () => {
    const o = await paymentOrg(t.app);
    const [v] = await t.app.ctx.db.insert(vendors).values({ orgId: o.org.id, vendorType: 'market', publicName: '+SUM(A1)' }).returning();
    await manualInvoice(o.call, v!.id, 2500);
    const csv = await o.call('GET', '/invoices/export?format=csv');
    expect(csv.status).toBe(200);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows[0]).toBe(
      'number,vendor,market_date,kind,state,currency,issue_date,due_date,total,charged,paid,refunded,waived,credited,balance',
    );
    expect(rows[1]).toContain(",'+SUM(A1),");
    expect(rows[1]).toContain('2.500,2.500,0.000,0.000,0.000,0.000,2.500');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/export?format=xlsx', headers: await bearerOf(o) });
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain(`'+SUM(A1)`);
    expect(sheet).toContain('2.500');
  });
});

async function bearerOf(o: PaymentOrg): Promise<Record<string, string>> {
  return bearer(await tokenFor(t.app, o.user));
}
