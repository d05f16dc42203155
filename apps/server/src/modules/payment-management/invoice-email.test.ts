import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, organizations, vendorLedgerEntries } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { renderInvoiceEmail } from './invoice-email.js';
import { manualInvoice, ok, pay, paymentOrg, type PaymentOrg } from './payment-management.test-support.js';

// Issue 16: the invoice e-mailed to the vendor (through the outbox, in English and Arabic, no links, at most 5 an
// hour per invoice), and the consistency check naming the document of each disagreement.

let t: TestContext;
let a: PaymentOrg;
let b: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await paymentOrg(t.app);
  b = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

const address = () => `vendor-${randomUUID().slice(0, 8)}@example.test`;
const outboxTo = (to: string) => t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const emailsOfInvoice = async (orgId: string, id: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.entityId, id), eq(auditLog.action, 'email_sent')));

/** An issued invoice of two lines (3.000 + 0.700 JOD), 1.200 paid, due in 10 days, to a vendor with `email`. */
async function issuedInvoice(o: PaymentOrg, email: string | null, vendorName?: string) {
  const v = await createVendorRow(t.app, o.org.id, { email, ...(vendorName ? { publicName: vendorName } : {}) });
  const dueDate = addDays(todayUtc(), 10);
  const inv = await ok(
    o.call('POST', '/invoices', {
      vendorId: v.id,
      dueDate,
      issue: true,
      lines: [
        { kind: 'fine', descriptionEn: 'Late setup', descriptionAr: 'تأخير في التجهيز', quantity: 2, unitAmount: 1500 },
        { kind: 'other', descriptionEn: 'Cleaning', descriptionAr: 'تنظيف', quantity: 1, unitAmount: 700 },
      ],
    }),
  );
  return { v, inv, dueDate };
}

describe(`e-mailing an invoice (${driver})`, () => {
  it('queues the invoice to the vendor in English and Arabic with its lines, total, paid, balance and due date', async () => {
    const to = address();
    const { inv, dueDate, v } = await issuedInvoice(a, to, 'Falafel http://evil.example/pay');
    await ok(pay(a.call, v.id, [{ invoiceId: inv.id, amount: 1200 }]));
    const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, a.org.id));

    const res = await a.call('POST', `/invoices/${inv.id}/email`, undefined, null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queuedTo: to });

    const [mail, ...more] = await outboxTo(to);
    expect(more).toHaveLength(0);
    expect(mail!.orgId).toBe(a.org.id);
    expect(mail!.template).toBe('payment.invoice');
    expect(mail!.subject).toContain(org!.name);
    expect(mail!.subject).toContain(inv.number);
    const text = mail!.textBody;
    // English, then Arabic: amounts with the currency's 3 minor digits.
    for (const expected of [
      'Late setup: 2 × 1.500 JOD = 3.000 JOD',
      'Cleaning: 1 × 0.700 JOD = 0.700 JOD',
      'Total: 3.700 JOD',
      'Paid: 1.200 JOD',
      'Balance: 2.500 JOD',
      `Due date: ${dueDate}`,
      'State: Partially paid.',
      'تأخير في التجهيز: 2 × 1.500 JOD = 3.000 JOD',
      'تنظيف: 1 × 0.700 JOD = 0.700 JOD',
      'الإجمالي: 3.700 JOD',
      'المدفوع: 1.200 JOD',
      'الرصيد المستحق: 2.500 JOD',
      `تاريخ الاستحقاق: ${dueDate}`,
    ])
      expect(text).toContain(expected);
    expect(mail!.htmlBody).toContain('3.700 JOD');
    expect(mail!.htmlBody).toContain('<section lang="ar" dir="rtl">');
    // No links: none written, and the vendor's name (typed by someone) is defanged.
    for (const body of [text, mail!.htmlBody!]) {
      expect(body).not.toMatch(/https?:\/\//);
      expect(body).not.toContain('<a ');
      expect(body).toContain('evil[.]example');
    }

    // Audited with the address, and shown in the invoice's history.
    const [audit] = await emailsOfInvoice(a.org.id, inv.id);
    expect(audit).toMatchObject({ entityType: 'invoice', actorId: a.user.id, after: { to, number: inv.number, outboxId: mail!.id } });
    const detail = await ok(a.call('GET', `/invoices/${inv.id}`));
    // (create and issue share one transaction's timestamp, so only the last place is certain.)
    expect(detail.history.map((h: { action: string }) => h.action).at(-1)).toBe('email_sent');
  });

  it('refuses a draft and a vendor without an e-mail address, saying so, and queues nothing', async () => {
    const to = address();
    const v = await createVendorRow(t.app, a.org.id, { email: to });
    const draft = await manualInvoice(a.call, v.id, 500, { issue: false });
    const refused = await a.call('POST', `/invoices/${draft.id}/email`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/draft/i);
    expect(await outboxTo(to)).toHaveLength(0);

    const { inv, v: silent } = await issuedInvoice(a, null, 'Quiet Stall');
    const noAddress = await a.call('POST', `/invoices/${inv.id}/email`);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.error.message).toMatch(/Quiet Stall has no e-mail address/);
    expect(await emailsOfInvoice(a.org.id, inv.id)).toHaveLength(0);
    // With an address it goes: the refusal was about the address.
    const later = address();
    await t.app.ctx.db.execute(sql`update vendors set email = ${later} where id = ${silent.id}`);
    expect((await a.call('POST', `/invoices/${inv.id}/email`)).status).toBe(200);
    expect(await outboxTo(later)).toHaveLength(1);
  });

  it("answers 404 for another organization's invoice and an unknown id, and queues nothing", async () => {
    const to = address();
    const { inv } = await issuedInvoice(a, to);
    const res = await b.call('POST', `/invoices/${inv.id}/email`);
    expect(res.status).toBe(404);
    expect((await b.call('POST', `/invoices/${randomUUID()}/email`)).status).toBe(404);
    expect(await outboxTo(to)).toHaveLength(0);
    expect(await emailsOfInvoice(b.org.id, inv.id)).toHaveLength(0);
    expect(await emailsOfInvoice(a.org.id, inv.id)).toHaveLength(0);
  });

  it('sends one invoice at most 5 times an hour, also under concurrent requests, and again once the hour has passed', async () => {
    const to = address();
    const { inv } = await issuedInvoice(a, to);
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.call('POST', `/invoices/${inv.id}/email`)));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(5);
    const refused = answers.filter((x) => x.status !== 200);
    expect(refused.map((x) => x.status)).toEqual([409, 409, 409]);
    expect(refused[0]!.body.error.message).toMatch(/already e-mailed 5 times in the last hour/);
    expect(await outboxTo(to)).toHaveLength(5);
    // Another invoice of the same vendor has its own count.
    const other = await manualInvoice(a.call, (await ok(a.call('GET', `/invoices/${inv.id}`))).vendorId, 100);
    expect((await a.call('POST', `/invoices/${other.id}/email`)).status).toBe(200);

    // An hour later the invoice can be sent again.
    await t.app.ctx.db.execute(
      sql`update audit_log set created_at = created_at - interval '61 minutes' where entity_id = ${inv.id} and action = 'email_sent'`,
    );
    expect((await a.call('POST', `/invoices/${inv.id}/email`)).status).toBe(200);
    expect(await outboxTo(to)).toHaveLength(7);
  });
});

describe('the invoice e-mail text', () => {
  const facts = {
    organization: 'Harbour Market',
    vendorName: 'Falafel Corner',
    number: 'INV-000007',
    state: 'paid' as const,
    currency: 'AED',
    digits: 2,
    issueDate: '2026-03-01',
    dueDate: '2026-03-07',
    lines: [{ descriptionEn: 'Stall', descriptionAr: 'موقف', quantity: 1, unitAmount: 2500, amount: 2500 }],
    total: 2500,
    paid: 2000,
    waived: 500,
    credited: 0,
    balance: 0,
  };

  it('writes amounts with the minor digits of the currency and names waivers only when there are some', () => {
    const m = renderInvoiceEmail(facts);
    expect(m.subject).toBe('Harbour Market: invoice INV-000007 / فاتورة INV-000007');
    expect(m.text).toContain('Total: 25.00 AED');
    expect(m.text).toContain('Waived or discounted: 5.00 AED');
    expect(m.text).not.toContain('Credited');
    expect(m.text).toContain('الحالة: مدفوعة.');
    const whole = renderInvoiceEmail({ ...facts, currency: 'JPY', digits: 0, waived: 0 });
    expect(whole.text).toContain('Total: 2500 JPY');
    expect(whole.text).not.toContain('Waived');
  });

  it('escapes names in the HTML part', () => {
    const m = renderInvoiceEmail({ ...facts, organization: 'A <b>&</b> B', vendorName: '<script>x</script>' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('A &lt;b&gt;&amp;&lt;/b&gt; B');
  });
});

describe(`the consistency check names the document (${driver})`, () => {
  it('gives the invoice number of each disagreement', async () => {
    const o = await paymentOrg(t.app);
    const { inv, v } = await issuedInvoice(o, address());
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
    const run = await ok(o.call('POST', '/ledger/consistency-check', undefined, null));
    expect(run.consistent).toBe(false);
    expect(run.disagreements.map((d: { kind: string; document: string | null }) => [d.kind, d.document]).sort()).toEqual([
      ['entry_without_source', inv.number],
      ['invoice_balance', inv.number],
      ['invoice_charge', inv.number],
    ]);
  });
});
