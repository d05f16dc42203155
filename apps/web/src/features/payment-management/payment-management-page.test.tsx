import { marketAssignmentsRoutes, paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import PaymentManagementPage from './payment-management-page';
import { assignmentFees, stallLine } from './payment-management.test-fixtures';

// The payment page of one booking against contract-shaped answers: the header names the booking, the fee
// preview offers to issue the invoice while there is none, issuing sends an Idempotency-Key, and the issued
// invoice then shows with its balance.

const STAMP = '2026-03-01T09:00:00.000Z';
const ASSIGNMENT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const VENDOR = '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e';
const DAY = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const INVOICE = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';

const assignment = marketAssignmentsRoutes.getAssignment.response.parse({
  id: ASSIGNMENT,
  marketDayId: DAY,
  date: '2026-03-14',
  dayStatus: 'published',
  locationId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  locationNameEn: 'Harbour Square',
  locationNameAr: 'ساحة الميناء',
  slotId: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f70',
  slotCode: 'A3',
  vendorId: VENDOR,
  vendorName: 'Falafel Corner',
  categoryId: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7081',
  categoryNameEn: 'Street food',
  categoryNameAr: 'طعام الشارع',
  categoryColour: '#f97316',
  requestId: null,
  status: 'confirmed',
  statusReason: null,
  locked: false,
  termId: null,
  checkedInAt: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  setupTime: '07:00',
  openTime: '09:00',
  closeTime: '14:00',
  slotZone: 'North',
  slotWidthM: 3,
  slotDepthM: 3,
  slotPower: 'single_phase',
  vendorEmail: null,
  acceptedAt: STAMP,
});

const line = stallLine;

const invoice = {
  id: INVOICE,
  number: 'INV-0042',
  vendorId: VENDOR,
  vendorName: 'Falafel Corner',
  assignmentId: ASSIGNMENT,
  marketDayId: DAY,
  marketDate: '2026-03-14',
  kind: 'full',
  status: 'issued',
  state: 'issued',
  currency: 'AED',
  issueDate: '2026-03-01',
  dueDate: '2026-03-07',
  notes: null,
  statusReason: null,
  total: 2500,
  charged: 2500,
  paid: 0,
  refunded: 0,
  waived: 0,
  credited: 0,
  balance: 2500,
  issuedAt: STAMP,
  createdAt: STAMP,
  updatedAt: STAMP,
};
const detail = {
  ...invoice,
  lines: [{ ...line, id: '7f8a9b0c-1d2e-4f3a-8b4c-5d6e7f8a9b0c', position: 0 }],
  allocations: [],
  refunds: [],
  adjustments: [],
  ledger: [],
  history: [],
};

const fees = (issued: boolean) =>
  assignmentFees({
    lines: [line],
    total: 2500,
    schedule: [{ kind: 'full', amount: 2500, dueDate: '2026-03-07', lines: [line] }],
    invoices: issued ? [invoice] : [],
  });

function serve() {
  let issued = false;
  return stubApi([
    { method: 'GET', path: '/market-assignments/:id', reply: () => ({ body: assignment }) },
    { method: 'GET', path: '/assignments/:id/fees', reply: () => ({ body: fees(issued) }) },
    { method: 'GET', path: '/invoices/:id', reply: () => ({ body: paymentManagementRoutes.getInvoice.response.parse(detail) }) },
    {
      method: 'POST',
      path: '/assignments/:id/invoices',
      reply: (_c: ApiCall) => {
        issued = true;
        return { status: 201, body: paymentManagementRoutes.createAssignmentInvoices.response.parse({ invoices: [detail] }) };
      },
    },
  ]);
}

describe('payment management page', () => {
  it('shows the booking, issues its invoice once with an Idempotency-Key, then shows the invoice and its balance', async () => {
    const api = serve();
    const { user } = await renderWithProviders(
      <Routes>
        <Route path="/payment-management/:assignmentId" element={<PaymentManagementPage />} />
      </Routes>,
      { route: `/payment-management/${ASSIGNMENT}` },
    );
    expect(await screen.findByRole('heading', { name: 'Falafel Corner' })).toBeTruthy();
    expect(screen.getByText('A3')).toBeTruthy();
    expect(screen.getByText('Harbour Square')).toBeTruthy();
    expect(screen.getByText('No invoice yet for this booking.')).toBeTruthy();
    const preview = await screen.findByTestId('fees-preview');
    expect(within(preview).getByTestId('fees-total').textContent).toContain('25.00');

    await user.click(within(preview).getByRole('button', { name: 'Issue invoice(s)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Issue the invoices of this booking?' });
    await user.click(within(confirm).getByRole('button', { name: 'Issue invoice(s)' }));

    const card = await screen.findByTestId('invoice-INV-0042');
    expect(within(card).getByTestId('invoice-balance').textContent).toContain('25.00');
    expect(within(card).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    const posts = api.fetch.mock.calls.filter(([url, init]) => String(url).includes('/invoices') && init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect((posts[0]![1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Issue invoice(s)' })).toBeNull());
  });
});
