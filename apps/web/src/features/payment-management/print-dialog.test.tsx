import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { PrintDialog } from './print/print-dialog';

// The printed invoice: chosen in Arabic it is written right to left in Arabic words with Western digits, and
// its totals come from the invoice's ledger figures; the copy the browser prints follows the paper chosen.

const STAMP = '2026-03-01T09:00:00.000Z';
const INVOICE = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';

const detail = paymentManagementRoutes.getInvoice.response.parse({
  id: INVOICE,
  number: 'INV-0007',
  vendorId: '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e',
  vendorName: 'Falafel Corner',
  assignmentId: null,
  marketDayId: null,
  marketDate: '2026-03-14',
  kind: 'full',
  status: 'issued',
  state: 'partially_paid',
  currency: 'KWD',
  issueDate: '2026-03-01',
  dueDate: '2026-03-07',
  notes: null,
  statusReason: null,
  total: 15750,
  charged: 15750,
  paid: 5000,
  refunded: 0,
  waived: 750,
  credited: 0,
  balance: 10000,
  issuedAt: STAMP,
  createdAt: STAMP,
  updatedAt: STAMP,
  lines: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      position: 0,
      kind: 'stall',
      descriptionEn: 'Stall fee',
      descriptionAr: 'رسوم الموقف',
      quantity: 1,
      unitAmount: 12000,
      amount: 12000,
      feeRuleId: null,
    },
    {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      position: 1,
      kind: 'power',
      descriptionEn: 'Power',
      descriptionAr: 'الكهرباء',
      quantity: 1,
      unitAmount: 3750,
      amount: 3750,
      feeRuleId: null,
    },
  ],
  allocations: [
    {
      allocationId: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
      paymentId: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80',
      receiptNumber: 'RCT-0003',
      method: 'cash',
      amount: 5000,
      refunded: 0,
      receivedAt: STAMP,
    },
  ],
  refunds: [],
  adjustments: [],
  ledger: [],
  history: [],
});

describe('print view', () => {
  it('renders the invoice in Arabic right to left, with its lines and totals in Western digits', async () => {
    stubApi([{ method: 'GET', path: '/invoices/:id', reply: () => ({ body: detail }) }]);
    const { user } = await renderWithProviders(<PrintDialog target={{ kind: 'invoice', invoiceId: INVOICE }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Print invoice' });
    const preview = within(dialog).getByTestId('print-preview');
    // English first (the screen's language).
    const english = await within(preview).findByTestId('print-invoice');
    expect(english.getAttribute('dir')).toBe('ltr');
    expect(within(english).getByText('Stall fee')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Language of the print'), 'ar');
    await waitFor(() => expect(within(preview).getByTestId('print-invoice').getAttribute('dir')).toBe('rtl'));
    const sheet = within(preview).getByTestId('print-invoice');
    expect(sheet.getAttribute('lang')).toBe('ar');
    expect(within(sheet).getByText('فاتورة')).toBeTruthy();
    expect(within(sheet).getByText('رسوم الموقف')).toBeTruthy();
    expect(within(sheet).getByText('الرصيد المستحق')).toBeTruthy();
    const total = within(sheet).getByTestId('print-total').textContent ?? '';
    const balance = within(sheet).getByTestId('print-balance').textContent ?? '';
    expect(total).toContain('15.750');
    expect(balance).toContain('10.000');
    expect(balance).toContain('د.ك');
    expect(sheet.textContent).not.toMatch(/[\u0660-\u0669]/);
    // The screen itself stays in English.
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeTruthy();

    // The copy the browser prints (everything else is hidden by print CSS) is the same document, on A4.
    const root = document.body.querySelector('.pm-print-root')!;
    expect(root.parentElement).toBe(document.body);
    expect(root.querySelector('[data-testid="print-invoice"]')?.getAttribute('dir')).toBe('rtl');
    expect(root.querySelector('style')?.textContent).toContain('size: A4');
    await user.click(within(dialog).getByLabelText('Receipt roll (80 mm)'));
    await waitFor(() => expect(root.querySelector('style')?.textContent).toContain('size: 80mm auto'));
    expect(root.querySelector('[data-paper="thermal"]')).toBeTruthy();
  });
});
