import { describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../lib/dates.js';
import { driver } from '../../../test/harness.js';
import { ok, pay, paymentOrg, type Answer, type Call } from '../payment-management/payment-management.test-support.js';
import { portalTestApp, vendorAccount } from './vendor-portal.test-support.js';

// Statements and invoices as PDFs: staff for any vendor of their organization, a vendor for its own only, in
// English or Arabic; a language the organization does not have is refused with the field named.

const ctx = portalTestApp();

const issued = (call: Call, vendorId: string, amount: number) =>
  ok(
    call('POST', '/invoices', {
      vendorId,
      dueDate: addDays(todayUtc(), 14),
      issue: true,
      lines: [{ kind: 'stall', descriptionEn: 'Stall fee', descriptionAr: 'رسوم البسطة', quantity: 1, unitAmount: amount }],
    }),
  );

function expectPdf(res: Answer) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.headers?.['content-type']).toBe('application/pdf');
  expect(String(res.headers?.['content-disposition'])).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect(String(res.body).startsWith('%PDF-')).toBe(true);
}

describe(`statements and invoices as PDF (${driver})`, () => {
  it('gives staff the statement and an invoice in English and Arabic', async () => {
    const { home } = ctx;
    const me = await vendorAccount(ctx.t.app, home.org.id, 'زيت الزيتون Olive Co');
    const inv = await issued(home.call, me.vendor.id, 5000);
    await ok(pay(home.call, me.vendor.id, [{ invoiceId: inv.id, amount: 2000 }]));
    for (const language of ['en', 'ar']) {
      expectPdf(await home.call('GET', `/vendors/${me.vendor.id}/ledger/export?format=pdf&language=${language}`));
      expectPdf(await home.call('GET', `/invoices/${inv.id}/pdf?language=${language}`));
    }
    // English when no language is asked for; CSV stays as it was.
    expectPdf(await home.call('GET', `/invoices/${inv.id}/pdf`));
    const csv = await home.call('GET', `/vendors/${me.vendor.id}/ledger/export?format=csv`);
    expect(csv.headers?.['content-type']).toMatch(/^text\/csv/);
  });

  it('refuses a language the organization does not have, and an unknown format, naming the field', async () => {
    const { home } = ctx;
    const me = await vendorAccount(ctx.t.app, home.org.id);
    const inv = await issued(home.call, me.vendor.id, 1000);
    const lang = await home.call('GET', `/invoices/${inv.id}/pdf?language=zz`);
    expect(lang.status).toBe(422);
    expect(JSON.stringify(lang.body)).toContain('language');
    const bad = await home.call('GET', `/invoices/${inv.id}/pdf?language=not a code`);
    expect([400, 422]).toContain(bad.status);
    const format = await home.call('GET', `/vendors/${me.vendor.id}/ledger/export?format=doc`);
    expect([400, 422]).toContain(format.status);
    expect(JSON.stringify(format.body)).toContain('format');
  });

  it("gives a vendor its own invoice and statement, and never another vendor's or another organization's", async () => {
    const { home, t } = ctx;
    const me = await vendorAccount(t.app, home.org.id, 'Fig Stall');
    const other = await vendorAccount(t.app, home.org.id, 'Date Stall');
    const mine = await issued(home.call, me.vendor.id, 4000);
    const theirs = await issued(home.call, other.vendor.id, 4000);
    const elsewhere = await paymentOrg(t.app);
    const far = await vendorAccount(t.app, elsewhere.org.id, 'Far Stall');
    const farInvoice = await issued(elsewhere.call, far.vendor.id, 4000);

    expectPdf(await me.call('GET', `/vendor-portal/invoices/${mine.id}/pdf?language=ar`));
    expectPdf(await me.call('GET', '/vendor-portal/statement/export?format=pdf&language=ar'));
    expect((await me.call('GET', `/vendor-portal/invoices/${theirs.id}/pdf`)).status).toBe(404);
    expect((await me.call('GET', `/vendor-portal/invoices/${farInvoice.id}/pdf`)).status).toBe(404);
    // Staff of another organization reach neither the invoice nor the vendor.
    expect((await elsewhere.call('GET', `/invoices/${mine.id}/pdf`)).status).toBe(404);
    expect((await elsewhere.call('GET', `/vendors/${me.vendor.id}/ledger/export?format=pdf`)).status).toBe(404);
  });

  it('never gives a vendor a draft as PDF', async () => {
    const { home, t } = ctx;
    const me = await vendorAccount(t.app, home.org.id);
    const draft = await ok(
      home.call('POST', '/invoices', {
        vendorId: me.vendor.id,
        dueDate: addDays(todayUtc(), 14),
        issue: false,
        lines: [{ kind: 'stall', descriptionEn: 'Stall fee', descriptionAr: 'رسوم البسطة', quantity: 1, unitAmount: 900 }],
      }),
    );
    expect((await me.call('GET', `/vendor-portal/invoices/${draft.id}/pdf`)).status).toBe(404);
  });
});
