import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import PaymentManagementPage from './payment-management-page';
import { ASSIGNMENT, assignmentDetail, assignmentFees, invoiceDetail, invoiceSummary, stallLine } from './payment-management.test-fixtures';

// The payment page of one booking against contract-shaped answers: the header names the booking, the fee
// preview offers to issue the invoice while there is none, issuing sends an Idempotency-Key, and the issued
// invoice then shows with its balance.

const assignment = assignmentDetail();

const line = stallLine;

const invoice = invoiceSummary();
const detail = invoiceDetail({ lines: [{ ...line, id: '7f8a9b0c-1d2e-4f3a-8b4c-5d6e7f8a9b0c', position: 0 }] });

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
    { method: 'GET', path: '/invoices/:id', reply: () => ({ body: detail }) },
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
