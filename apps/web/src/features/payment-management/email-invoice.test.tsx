import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import PaymentManagementPage from './payment-management-page';
import {
  ASSIGNMENT,
  assignmentDetail,
  assignmentFees,
  invoiceDetail,
  invoiceSummary,
  STAMP,
  stallLine,
} from './payment-management.test-fixtures';

// "E-mail invoice" on an issued invoice card: a confirm that shows the vendor's address, one POST to the route
// (not a money write: no Idempotency-Key), a toast naming the address the server queued to, and the server's
// refusals in the reader's words.

const ISSUED = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
const DRAFT = '7c2e9f5a-3d4b-4e0c-9f8a-2b3c4d5e6f70';

const assignment = (vendorEmail: string | null) => assignmentDetail({ vendorEmail });

const line = stallLine;
const invoice = (id: string, draft: boolean) =>
  invoiceSummary({
    id,
    number: draft ? null : 'INV-0042',
    status: draft ? 'draft' : 'issued',
    state: draft ? 'draft' : 'issued',
    issueDate: draft ? null : '2026-03-01',
    charged: draft ? 0 : 2500,
    balance: draft ? 0 : 2500,
    issuedAt: draft ? null : STAMP,
  });
const detail = (id: string) =>
  invoiceDetail({ ...invoice(id, id === DRAFT), lines: [{ ...line, id: '7f8a9b0c-1d2e-4f3a-8b4c-5d6e7f8a9b0c', position: 0 }] });
const fees = assignmentFees({ lines: [line], total: 2500, invoices: [invoice(ISSUED, false), invoice(DRAFT, true)] });

function serve(vendorEmail: string | null, email: () => ApiReply) {
  return stubApi([
    { method: 'GET', path: '/market-assignments/:id', reply: () => ({ body: assignment(vendorEmail) }) },
    { method: 'GET', path: '/assignments/:id/fees', reply: () => ({ body: fees }) },
    {
      method: 'GET',
      path: '/invoices/:id',
      reply: (c) => ({ body: detail(c.path.split('/')[2]!) }),
    },
    { method: 'POST', path: '/invoices/:id/email', reply: email },
  ]);
}

async function openPage() {
  const r = await renderWithProviders(
    <>
      <Routes>
        <Route path="/payment-management/:assignmentId" element={<PaymentManagementPage />} />
      </Routes>
      <Toaster />
    </>,
    { route: `/payment-management/${ASSIGNMENT}` },
  );
  const card = await screen.findByTestId('invoice-INV-0042');
  return { ...r, card };
}

describe('e-mailing an invoice', () => {
  it('confirms with the address, calls the route once without an Idempotency-Key and toasts where it was queued', async () => {
    const api = serve('falafel@example.test', () => ({
      body: paymentManagementRoutes.emailInvoice.response.parse({ queuedTo: 'falafel@example.test' }),
    }));
    const { user, card } = await openPage();
    // Only the issued invoice offers it: a draft cannot be e-mailed.
    expect(within(await screen.findByTestId(`invoice-${DRAFT}`)).queryByRole('button', { name: 'E-mail invoice' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'E-mail invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail invoice INV-0042?' });
    expect(within(dialog).getByTestId('email-invoice-address').textContent).toContain('falafel@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Queued to falafel@example.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([`/invoices/${ISSUED}/email`]);
    const init = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/email'))![1]!;
    expect((init.headers as Record<string, string>)['idempotency-key']).toBeUndefined();
  });

  it("shows the server's refusal in the reader's words and keeps the dialog open", async () => {
    serve('falafel@example.test', () => ({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'This invoice was already e-mailed 5 times in the last hour, the most allowed: try again later',
        },
      },
    }));
    const { user, card } = await openPage();
    await user.click(within(card).getByRole('button', { name: 'E-mail invoice' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This invoice was already e-mailed 5 times in the last hour, the most allowed. Try again later.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('says the vendor has no address and offers no send', async () => {
    const api = serve(null, () => ({ body: { queuedTo: 'nobody' } }));
    const { user, card } = await openPage();
    await user.click(within(card).getByRole('button', { name: 'E-mail invoice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This vendor has no e-mail address. Add one to the vendor record first.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
