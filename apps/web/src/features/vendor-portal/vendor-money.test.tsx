import { vendorPortalRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi, type ApiHandler } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import VendorMoney from './vendor-money';
import { day, id, STAMP } from './vendor-money.test-fixtures';

// The vendor dashboard's market days, invoices and statement, against the vendor portal's routes (typed by the
// contracts): loading, empty and failure states, the invoice with its printed copy, the statement's CSV, Arabic.

const INVOICE = id(900);

const days = vendorPortalRoutes.listVendorMarketDays.response.parse({
  upcoming: [
    day(20, { invoiceState: 'unpaid' }),
    day(27, { id: id(127), assignmentId: null, bookingStatus: null, slotCode: null, requestStatus: 'pending' }),
  ],
  past: [day(9, { bookingStatus: 'no_show', invoiceState: 'overdue' }), ...[8, 7, 6, 5, 4].map((n) => day(n, { invoiceState: 'paid' }))],
  currency: 'KWD',
});

const invoice = {
  id: INVOICE,
  number: 'INV-000007',
  kind: 'full' as const,
  state: 'partially_paid' as const,
  currency: 'KWD',
  issueDate: '2026-03-01',
  dueDate: '2026-03-07',
  marketDayId: id(220),
  marketDate: '2026-04-20',
  locationNameEn: 'Harbour Square',
  locationNameAr: 'ساحة الميناء',
  slotCode: 'A-20',
  total: 15750,
  charged: 15750,
  paid: 5000,
  refunded: 1000,
  waived: 0,
  credited: 0,
  balance: 11750,
};
const invoices = vendorPortalRoutes.listVendorInvoices.response.parse([invoice]);
const detail = vendorPortalRoutes.getVendorInvoice.response.parse({
  ...invoice,
  vendorName: 'Falafel Corner',
  notes: null,
  lines: [
    {
      id: id(1),
      position: 0,
      kind: 'stall',
      descriptionEn: 'Stall fee',
      descriptionAr: 'رسوم الموقف',
      quantity: 1,
      unitAmount: 15750,
      amount: 15750,
      feeRuleId: null,
    },
  ],
  allocations: [
    {
      allocationId: id(2),
      paymentId: id(3),
      receiptNumber: 'RCT-000003',
      method: 'cash',
      amount: 5000,
      refunded: 1000,
      receivedAt: STAMP,
    },
  ],
  refunds: [{ id: id(4), receiptNumber: 'RCT-000003', amount: 1000, method: 'cash', reason: 'Paid twice for power', createdAt: STAMP }],
});

function statement(from: string | null, to: string | null) {
  return vendorPortalRoutes.getVendorStatement.response.parse({
    vendorId: id(500),
    vendorName: 'Falafel Corner',
    currency: 'KWD',
    from,
    to,
    openingBalance: 2000,
    entries: [
      {
        id: id(5),
        seq: 1,
        vendorId: id(500),
        invoiceId: INVOICE,
        entryType: 'charge',
        sourceType: 'invoice_line',
        sourceId: id(1),
        document: 'INV-000007',
        amount: 15750,
        currency: 'KWD',
        occurredOn: '2026-03-01',
        memo: 'Stall fee',
        createdAt: STAMP,
        runningBalance: 17750,
      },
    ],
    closingBalance: 17750,
    currentBalance: 12750,
  });
}

function handlers(over: ApiHandler[] = []): ApiHandler[] {
  return [
    ...over,
    { method: 'GET', path: '/vendor-portal/market-days', reply: () => ({ body: days }) },
    { method: 'GET', path: '/vendor-portal/invoices', reply: () => ({ body: invoices }) },
    { method: 'GET', path: '/vendor-portal/invoices/:id', reply: () => ({ body: detail }) },
    {
      method: 'GET',
      path: '/vendor-portal/statement',
      reply: (c) => ({ body: statement(c.query.get('from'), c.query.get('to')) }),
    },
  ];
}

describe('the vendor dashboard: my market days', () => {
  it('lists upcoming days first, then the latest past days, each with its status and invoice state', async () => {
    stubApi(handlers());
    const { user } = await renderWithProviders(<VendorMoney />);
    const card = screen.getByTestId('vendor-market-days');
    const upcoming = await within(card).findByTestId('vendor-days-upcoming');
    const rows = within(upcoming).getAllByTestId('vendor-market-day');
    expect(rows.map((r) => r.dataset.id)).toEqual([id(20), id(127)]);
    expect(within(rows[0]!).getByTestId('day-status').textContent).toBe('Booked');
    expect(within(rows[0]!).getByTestId('day-invoice').textContent).toBe('Invoice: Unpaid');
    expect(rows[0]!.textContent).toContain('Slot A-20');
    expect(rows[0]!.textContent).toContain('Harbour Square');
    // A request without a booking: its status, no slot yet, and no invoice to speak of.
    expect(within(rows[1]!).getByTestId('day-status').textContent).toBe('Request pending');
    expect(rows[1]!.textContent).toContain('No slot yet');
    expect(within(rows[1]!).queryByTestId('day-invoice')).toBeNull();

    const past = within(card).getByTestId('vendor-days-past');
    expect(within(past).getAllByTestId('vendor-market-day')).toHaveLength(5);
    const first = within(past).getAllByTestId('vendor-market-day')[0]!;
    expect(within(first).getByTestId('day-status').textContent).toBe('No-show');
    expect(within(first).getByTestId('day-invoice').dataset.status).toBe('overdue');
    await user.click(within(card).getByRole('button', { name: 'Show all past days (6)' }));
    expect(within(past).getAllByTestId('vendor-market-day')).toHaveLength(6);
  });

  it('says so when there are none, and offers a retry when they could not be loaded', async () => {
    let fail = true;
    stubApi(
      handlers([
        {
          method: 'GET',
          path: '/vendor-portal/market-days',
          reply: () =>
            fail
              ? { status: 500, body: { error: { code: 'internal', message: 'down' } } }
              : { body: { upcoming: [], past: [], currency: 'KWD' } },
        },
        { method: 'GET', path: '/vendor-portal/invoices', reply: () => ({ body: [] }) },
      ]),
    );
    const { user } = await renderWithProviders(<VendorMoney />);
    const card = screen.getByTestId('vendor-market-days');
    expect(await within(card).findByText('Your market days could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No market days yet. Your requests and bookings appear here.')).toBeTruthy();
    expect(await within(screen.getByTestId('vendor-invoices')).findByText(/^No invoices yet\./)).toBeTruthy();
  });
});

describe('the vendor dashboard: invoices', () => {
  it('opens an invoice with its lines, payments and refunds, and prints it in Arabic right to left', async () => {
    const api = stubApi(handlers());
    const { user } = await renderWithProviders(<VendorMoney />);
    const row = await within(screen.getByTestId('vendor-invoices')).findByRole('button', { name: 'Open invoice INV-000007' });
    expect(within(row).getByTestId('vendor-invoice-balance').textContent).toContain('11.750');
    await user.click(row);

    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    const body = await within(dialog).findByTestId('vendor-invoice-detail');
    expect(within(body).getByText('Stall fee')).toBeTruthy();
    expect(within(body).getByTestId('vendor-invoice-state').textContent).toBe('Partially paid');
    expect(within(body).getByTestId('vendor-invoice-payment').textContent).toContain('Receipt RCT-000003');
    expect(within(body).getByTestId('vendor-invoice-refund').textContent).toContain('Paid twice for power');
    expect(within(body).getByTestId('vendor-invoice-due').textContent).toContain('11.750');
    expect(api.calls.some((c) => c.path === `/vendor-portal/invoices/${INVOICE}`)).toBe(true);
    // Only the vendor portal's routes are asked: never the staff invoice.
    expect(api.calls.every((c) => c.path.startsWith('/vendor-portal/'))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Print invoice' }));
    const print = await screen.findByRole('dialog', { name: 'Print invoice' });
    const preview = within(print).getByTestId('print-preview');
    expect(within(preview).getByTestId('print-invoice').getAttribute('dir')).toBe('ltr');
    expect(within(preview).getByText('Harbour Square')).toBeTruthy();
    await user.selectOptions(within(print).getByLabelText('Language of the print'), 'ar');
    await waitFor(() => expect(within(preview).getByTestId('print-invoice').getAttribute('dir')).toBe('rtl'));
    const sheet = within(preview).getByTestId('print-invoice');
    expect(within(sheet).getByText('رسوم الموقف')).toBeTruthy();
    expect(within(sheet).getByTestId('print-balance').textContent).toContain('11.750');
    expect(sheet.textContent).not.toMatch(/[\u0660-\u0669]/);
    // Closing the print returns to the invoice.
    await user.click(within(print).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-000007' })).toBeTruthy();
  });
});

describe('the vendor dashboard: statement', () => {
  it('shows the statement of the range with the balance today, and downloads its CSV and PDF from the vendor route', async () => {
    const api = stubApi(
      handlers([
        {
          method: 'GET',
          path: '/vendor-portal/statement/export',
          reply: () => ({ body: 'date,type\r\n' }),
        },
      ]),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await renderWithProviders(<VendorMoney />);
    const card = screen.getByTestId('vendor-statement-card');
    expect((await within(card).findByTestId('statement-opening')).textContent).toContain('2.000');
    expect(within(card).getByTestId('statement-closing').textContent).toContain('17.750');
    expect(within(card).getByTestId('vendor-balance-now').textContent).toContain('12.750');
    const asked = api.calls.find((c) => c.path === '/vendor-portal/statement')!;
    expect(asked.query.get('from')).toMatch(/^\d{4}-01-01$/);
    expect(asked.query.get('to')).toMatch(/^\d{4}-\d\d-\d\d$/);

    await user.click(within(card).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const file = api.calls.find((c) => c.path === '/vendor-portal/statement/export')!;
    expect(file.query.get('format')).toBe('csv');
    expect(file.query.get('from')).toBe(asked.query.get('from'));
    // The PDF comes from the same route, written in the screen's language.
    await user.click(within(card).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/vendor-portal/statement/export')).toHaveLength(2));
    const pdf = api.calls.filter((c) => c.path === '/vendor-portal/statement/export')[1]!;
    expect(pdf.query.get('format')).toBe('pdf');
    expect(pdf.query.get('language')).toBe('en');

    // A range that ends before it starts is refused before anything is asked.
    const to = within(card).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2001-01-01');
    expect(await within(card).findByText(/on or after/i)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);

    await user.click(within(card).getByRole('button', { name: 'Print' }));
    const print = await screen.findByRole('dialog', { name: 'Print statement' });
    expect(within(print).getByTestId('print-statement').textContent).toContain('Falafel Corner');
  });

  it('reads right to left in Arabic with Western digits', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    stubApi(handlers());
    await renderWithProviders(<VendorMoney />);
    const days = await screen.findByTestId('vendor-days-upcoming');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    const first = within(days).getAllByTestId('vendor-market-day')[0]!;
    expect(within(first).getByTestId('day-status').textContent).toBe('محجوز');
    expect(first.textContent).toContain('ساحة الميناء');
    expect(first.textContent).toContain('20');
    const card = screen.getByTestId('vendor-statement-card');
    expect((await within(card).findByTestId('vendor-balance-now')).textContent).toContain('الرصيد اليوم');
    expect(card.textContent).not.toMatch(/[\u0660-\u0669]/);
  });
});
