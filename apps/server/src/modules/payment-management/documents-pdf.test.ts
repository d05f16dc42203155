import type { paymentManagementRoutes as c } from '@market/contracts';
import { SHELL_TRANSLATIONS } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { invoicePdf, moneyText, statementPdf, type PdfContext } from './documents-pdf.js';

const texts = (language: 'en' | 'ar'): PdfContext => ({
  language,
  organization: 'Farmers Market',
  digits: 2,
  dir: language === 'ar' ? 'rtl' : 'ltr',
  t: (key, vars) =>
    Object.entries(vars ?? {}).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), SHELL_TRANSLATIONS[key]?.[language] ?? key),
});

function statementOf(n: number): c.VendorStatement {
  let running = 0;
  const entries = Array.from({ length: n }, (_, i) => {
    const amount = i % 3 === 0 ? 5000 : -1500;
    running += amount;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      seq: i + 1,
      vendorId: '00000000-0000-4000-8000-000000000001',
      invoiceId: null,
      entryType: amount > 0 ? ('charge' as const) : ('payment' as const),
      sourceType: 'invoice',
      sourceId: '00000000-0000-4000-8000-000000000002',
      document: `INV-2026-${String(i + 1).padStart(4, '0')}`,
      amount,
      currency: 'AED',
      occurredOn: '2026-11-01',
      memo: i % 2 ? 'نقدًا عند الكشك' : 'Stall A12, Saturday market',
      createdAt: '2026-11-01T10:00:00.000Z',
      runningBalance: running,
    };
  });
  return {
    vendorId: '00000000-0000-4000-8000-000000000001',
    vendorName: 'زيت الزيتون Olive Co',
    currency: 'AED',
    from: '2026-11-01',
    to: null,
    openingBalance: 0,
    entries,
    closingBalance: running,
    currentBalance: running,
  };
}

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

const ID = '00000000-0000-4000-8000-000000000009';
const invoice: c.InvoiceDetail = {
  id: ID,
  number: 'INV-2026-0007',
  vendorId: ID,
  vendorName: 'زيت الزيتون Olive Co',
  assignmentId: ID,
  marketDayId: ID,
  marketDate: '2026-11-28',
  kind: 'full',
  status: 'issued',
  state: 'partially_paid',
  currency: 'AED',
  issueDate: '2026-11-20',
  dueDate: '2026-11-21',
  notes: 'Thank you',
  statusReason: null,
  total: 7500,
  charged: 7500,
  paid: 2000,
  refunded: 0,
  waived: 0,
  credited: 0,
  balance: 5500,
  issuedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  lines: [
    {
      id: ID,
      position: 0,
      kind: 'stall',
      descriptionEn: 'Stall',
      descriptionAr: 'كشك',
      quantity: 1,
      unitAmount: 5000,
      amount: 5000,
      feeRuleId: null,
    },
    {
      id: ID,
      position: 1,
      kind: 'power',
      descriptionEn: 'Power',
      descriptionAr: 'كهرباء',
      quantity: 1,
      unitAmount: 2500,
      amount: 2500,
      feeRuleId: null,
    },
  ],
  allocations: [
    {
      allocationId: ID,
      paymentId: ID,
      receiptNumber: 'RCT-2026-0003',
      method: 'cash',
      amount: 2000,
      refunded: 0,
      receivedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  refunds: [],
  adjustments: [],
  ledger: [],
  history: [],
} as unknown as c.InvoiceDetail;

describe('invoice PDF', () => {
  it.each(['en', 'ar'] as const)('is an A4 PDF in %s', async (language) => {
    const pdf = await invoicePdf(invoice, texts(language));
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(pages(pdf)).toBe(1);
  });
});

describe('statement PDF', () => {
  it.each(['en', 'ar'] as const)('is an A4 PDF in %s with the Latin and Arabic fonts embedded', async (language) => {
    const pdf = await statementPdf(statementOf(3), texts(language));
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic/);
    expect(pages(pdf)).toBe(1);
  });

  it('runs over several pages for a long period', async () => {
    expect(pages(await statementPdf(statementOf(120), texts('ar')))).toBeGreaterThanOrEqual(3);
  });

  it('writes money with Western digits in Arabic too', () => {
    expect(moneyText(-2000, 'AED', 'ar')).toMatch(/20\.00/);
    expect(moneyText(-2000, 'AED', 'ar')).not.toMatch(/[\u0660-\u0669]/);
    expect(moneyText(5000, 'JOD', 'en')).toContain('5.000');
    // The organization's master data decides the digits.
    expect(moneyText(5000, 'AED', 'en', 3)).toContain('5.000');
  });
});
