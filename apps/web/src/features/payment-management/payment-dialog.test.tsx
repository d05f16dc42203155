import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { PaymentDialog } from './components/payment-dialog';
import { invoiceDetail, STAMP, VENDOR } from './payment-management.test-fixtures';

// The payment dialog against contract-shaped answers. The point: one opening of the dialog is one payment, so
// every attempt it makes (a retry after a failed answer, a double click) carries the same Idempotency-Key,
// and the amounts typed in the major unit reach the server as exact minor units of a 3-digit currency.

const INV_A = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
const INV_B = '7c2e9f5a-3d4b-4eac-9f8a-2b3c4d5e6f70';
const PAYMENT = '8d3fa06b-4e5c-4fbd-8a9b-3c4d5e6f7081';

const invoice = (id: string, number: string, balance: number, dueDate: string) =>
  invoiceDetail({
    id,
    number,
    vendorId: VENDOR,
    assignmentId: null,
    marketDayId: null,
    marketDate: null,
    currency: 'KWD',
    dueDate,
    total: balance,
    charged: balance,
    balance,
  });

const A = invoice(INV_A, 'INV-0001', 12500, '2026-03-10');
const B = invoice(INV_B, 'INV-0002', 4000, '2026-03-05');

const recorded = (amount: number, allocations: { invoiceId: string; amount: number }[]) =>
  paymentManagementRoutes.createPayment.response.parse({
    id: PAYMENT,
    receiptNumber: 'RCT-0001',
    vendorId: VENDOR,
    vendorName: 'Falafel Corner',
    method: 'cash',
    amount,
    currency: 'KWD',
    reference: null,
    note: null,
    receivedAt: STAMP,
    takenBy: null,
    takenByName: null,
    refunded: 0,
    allocations: allocations.map((a, i) => ({ id: `9e4ab17c-5f6d-40ce-9bac-4d5e6f70819${i}`, invoiceNumber: null, refunded: 0, ...a })),
    createdAt: STAMP,
    refunds: [],
  });

/** The server: the vendor's invoices, and payments that fail while `failures` lasts (a lost answer), then succeed. */
function serve(failures: number) {
  let left = failures;
  const api = stubApi([
    {
      method: 'GET',
      path: '/invoices',
      reply: () => ({
        body: {
          items: [A, B],
          nextCursor: null,
          totals: { count: 2, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 },
          currency: 'KWD',
        },
      }),
    },
    {
      method: 'POST',
      path: '/payments',
      reply: (c: ApiCall) => {
        if (left-- > 0) return { status: 503, body: { error: { code: 'unavailable', message: 'The database is not available' } } };
        const body = c.body as { amount: number; allocations: { invoiceId: string; amount: number }[] };
        return { status: 201, body: recorded(body.amount, body.allocations) };
      },
    },
  ]);
  /** The Idempotency-Key each POST /payments carried, in order. */
  const keys = () =>
    api.fetch.mock.calls
      .filter(([url, init]) => String(url).endsWith('/api/v1/payments') && init?.method === 'POST')
      .map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
  return { ...api, keys };
}

function Harness() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open payment
      </button>
      {done && <p>recorded {done}</p>}
      {open && (
        <PaymentDialog
          vendorId={VENDOR}
          currency="KWD"
          invoice={A}
          onClose={() => setOpen(false)}
          onRecorded={(p) => {
            setDone(p.receiptNumber);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

async function openDialog(user: Awaited<ReturnType<typeof renderWithProviders>>['user']) {
  await user.click(screen.getByRole('button', { name: 'open payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
  // The vendor's other open invoice is listed once the list arrives.
  await within(dialog).findByText('INV-0002');
  return dialog;
}

describe('payment dialog', () => {
  it('sends one Idempotency-Key across a retry and a double click, and a new one for the next opening', async () => {
    const api = serve(1);
    const { user } = await renderWithProviders(<Harness />);
    let dialog = await openDialog(user);
    // Prefilled with the invoice's balance in the major unit of a 3-digit currency.
    expect((within(dialog).getByLabelText('Amount (KWD)') as HTMLInputElement).value).toBe('12.500');

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The database is not available')).toBeTruthy();
    expect(api.keys()).toHaveLength(1);

    // The retry, clicked twice in a row.
    await user.dblClick(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('recorded RCT-0001')).toBeTruthy();
    const keys = api.keys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.keys()).toHaveLength(3));
    expect(api.keys()[2]).not.toBe(keys[0]);
  });

  it('sends the typed amount as minor units and splits it over the open invoices, this one first', async () => {
    const api = serve(0);
    const { user } = await renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    const amount = within(dialog).getByLabelText('Amount (KWD)');
    await user.clear(amount);
    await user.type(amount, '14.005');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('recorded RCT-0001');
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/payments')!.body;
    expect(sent).toMatchObject({
      vendorId: VENDOR,
      method: 'cash',
      amount: 14005,
      allocations: [
        { invoiceId: INV_A, amount: 12500 },
        { invoiceId: INV_B, amount: 1505 },
      ],
    });
  });

  it('refuses before sending when the shares do not add up to the amount', async () => {
    const api = serve(0);
    const { user } = await renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    const share = within(dialog).getByLabelText('Share for INV-0001');
    await user.clear(share);
    await user.type(share, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The shares must add up to the amount received.')).toBeTruthy();
    expect(api.keys()).toHaveLength(0);
  });
});
