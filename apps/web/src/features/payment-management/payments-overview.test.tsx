import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import PaymentsOverview from './overview/payments-overview';

// The payments overview: the filters reach the server as the contract's query, the totals are the server's
// over the whole filter, and each invoice links to its booking's payment page.

const STAMP = '2026-03-01T09:00:00.000Z';
const ASSIGNMENT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const page = (overdue: boolean, adjusted: { waived?: number; credited?: number } = {}) =>
  paymentManagementRoutes.listInvoices.response.parse({
    items: [
      {
        id: '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f',
        number: overdue ? 'INV-0009' : 'INV-0001',
        vendorId: '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e',
        vendorName: 'Falafel Corner',
        assignmentId: ASSIGNMENT,
        marketDayId: null,
        marketDate: '2026-03-14',
        kind: 'full',
        status: 'issued',
        state: overdue ? 'overdue' : 'issued',
        currency: 'AED',
        issueDate: '2026-03-01',
        dueDate: '2026-03-07',
        notes: null,
        statusReason: null,
        total: 2500,
        charged: 2500,
        paid: 0,
        refunded: 0,
        waived: adjusted.waived ?? 0,
        credited: adjusted.credited ?? 0,
        balance: 2500 - (adjusted.waived ?? 0) - (adjusted.credited ?? 0),
        issuedAt: STAMP,
        createdAt: STAMP,
        updatedAt: STAMP,
      },
    ],
    nextCursor: null,
    totals: {
      count: overdue ? 1 : 12,
      charged: 2500,
      paid: 0,
      refunded: 0,
      waived: adjusted.waived ?? 0,
      credited: adjusted.credited ?? 0,
      balance: overdue ? 2500 : 98765,
    },
    currency: 'AED',
  });

describe('payments overview', () => {
  it('sends the filters, shows the totals of the filter and links each invoice to its booking', async () => {
    const api = stubApi([
      { method: 'GET', path: '/invoices', reply: (c: ApiCall) => ({ body: page(c.query.get('overdue') === 'true') }) },
      { method: 'GET', path: '/vendors', reply: () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }) },
      { method: 'GET', path: '/market-days', reply: () => ({ body: [] }) },
    ]);
    const { user } = await renderWithProviders(<PaymentsOverview />);
    const totals = await screen.findByTestId('overview-totals');
    expect(totals.textContent).toContain('987.65');
    const link = await screen.findByRole('link', { name: 'INV-0001' });
    expect(link.getAttribute('href')).toBe(`/payment-management/${ASSIGNMENT}`);

    await user.selectOptions(screen.getByLabelText('State'), 'overdue');
    await user.click(screen.getByLabelText('Overdue only'));
    expect(await screen.findByRole('link', { name: 'INV-0009' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('overview-totals')).getByText('1')).toBeTruthy());
    const last = api.calls.filter((c) => c.path === '/invoices').at(-1)!;
    expect(last.query.get('state')).toBe('overdue');
    expect(last.query.get('overdue')).toBe('true');
    expect(last.query.get('limit')).toBe('50');
  });

  it('shows what was waived or credited, so total, paid and waived add up to the balance', async () => {
    stubApi([
      { method: 'GET', path: '/invoices', reply: () => ({ body: page(false, { waived: 1000, credited: 250 }) }) },
      { method: 'GET', path: '/vendors', reply: () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }) },
      { method: 'GET', path: '/market-days', reply: () => ({ body: [] }) },
    ]);
    await renderWithProviders(<PaymentsOverview />);
    const link = await screen.findByRole('link', { name: 'INV-0001' });
    const row = link.closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const at = (name: string) => [within(row).getByRole('rowheader').textContent, ...cells][headers.indexOf(name)];
    expect([at('Total'), at('Paid'), at('Waived / credited'), at('Balance')].map((v) => v?.replace(/[^\d.]/g, ''))).toEqual([
      '25.00',
      '0.00',
      '12.50',
      '12.50',
    ]);
    const totals = screen.getByTestId('overview-totals');
    expect(within(totals).getByText('Waived and credited').nextElementSibling!.textContent).toContain('12.50');
  });
});
