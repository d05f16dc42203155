import { paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { AdjustmentDialog } from './components/adjustment-dialog';
import { CancelInvoiceDialog } from './components/cancel-invoice-dialog';
import { RefundDialog } from './components/refund-dialog';
import { INVOICE, STAMP, VENDOR, invoiceDetail } from './payment-management.test-fixtures';

// The refund, adjustment and cancel-invoice dialogs share one submit logic (useMoneyForm): one Idempotency-Key per
// opening kept across a retry and a double click, the form's checks before anything is sent, the server's field
// errors under their fields and its other refusals as one line. The refund dialog also says where the booking
// stands against the refund window before submit, and asks for a manager's reason outside it.

const PAYMENT = '8d3fa06b-4e5c-4fbd-8a9b-3c4d5e6f7081';

const allocation = {
  allocationId: '9e4ab17c-5f6d-40ce-9bac-4d5e6f708190',
  paymentId: PAYMENT,
  receiptNumber: 'RCT-0007',
  method: 'card' as const,
  amount: 5000,
  refunded: 1000,
  receivedAt: STAMP,
};

const refundWindow = (open: boolean, daysBefore = open ? 30 : 3) =>
  paymentManagementRoutes.getRefundWindow.response.parse({
    invoiceId: INVOICE,
    applies: true,
    marketDate: '2026-03-04',
    countedFrom: '2026-03-01',
    cancelled: false,
    daysBefore,
    windowDays: 14,
    open,
  });

const refunded = (body: { amount: number; reason: string; overrideReason?: string }) =>
  paymentManagementRoutes.createRefund.response.parse({
    id: '0f1e2d3c-4b5a-4687-9a8b-7c6d5e4f3a2b',
    paymentId: PAYMENT,
    receiptNumber: 'RCT-0007',
    invoiceId: INVOICE,
    invoiceNumber: 'INV-0042',
    vendorId: VENDOR,
    amount: body.amount,
    currency: 'AED',
    method: 'card',
    reason: body.reason,
    overrideReason: body.overrideReason ?? null,
    createdBy: null,
    createdAt: STAMP,
  });

const invoice = invoiceDetail();

const unavailable: ApiReply = { status: 503, body: { error: { code: 'unavailable', message: 'The database is not available' } } };

/** A server whose POST to `path` answers from `replies` in turn (the last one repeats). */
function serve(path: string, replies: ((c: ApiCall) => ApiReply)[], window = refundWindow(true)) {
  let n = 0;
  const api = stubApi([
    { method: 'GET', path: '/invoices/:id/refund-window', reply: () => ({ body: window }) },
    { method: 'POST', path, reply: (c) => replies[Math.min(n++, replies.length - 1)]!(c) },
  ]);
  const posts = () => api.fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
  return {
    ...api,
    posts,
    keys: () => posts().map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']),
    bodies: () => api.calls.filter((c) => c.method === 'POST').map((c) => c.body),
  };
}

/** Opens the dialog with a button, as the payment page does; "closed" shows once it closed itself after success. */
function Harness({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {closed > 0 && <p>closed {closed}</p>}
      {open &&
        dialog(() => {
          setOpen(false);
          setClosed((c) => c + 1);
        })}
    </>
  );
}

const refundDialog = (close: () => void) => <RefundDialog invoiceId={INVOICE} allocation={allocation} currency="AED" onClose={close} />;

describe('refund dialog', () => {
  it('inside the window: says so, sends no override, and keeps one key across a retry and a double click', async () => {
    const api = serve('/refunds', [() => unavailable, (c) => ({ status: 201, body: refunded(c.body as never) })]);
    const { user } = await renderWithProviders(<Harness dialog={refundDialog} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund of receipt RCT-0007' });
    expect((await within(dialog).findByTestId('refund-window')).textContent).toBe(
      'Inside the refund window. Days until the market day (Mar 4, 2026): 30. Refund window: 14 days.',
    );
    expect(within(dialog).queryByLabelText("Manager's reason for refunding outside the window")).toBeNull();
    // Prefilled with what is left to refund of this payment on the invoice: 50.00 - 10.00.
    expect((within(dialog).getByLabelText('Amount (AED)') as HTMLInputElement).value).toBe('40.00');

    // Nothing is sent without a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Say why: the reason is kept with the record.')).toBeTruthy();
    expect(api.keys()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Stall not used');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The database is not available');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('closed 1')).toBeTruthy();
    const keys = api.keys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(api.bodies()[1]).toEqual({ paymentId: PAYMENT, invoiceId: INVOICE, amount: 4000, method: 'card', reason: 'Stall not used' });

    // The next opening is another refund: another key.
    await user.click(screen.getByRole('button', { name: 'open' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Reason'), 'Second');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await screen.findByText('closed 2');
    expect(api.keys()[2]).not.toBe(keys[0]);
  });

  it("outside the window: warns before submit and sends the manager's reason it requires", async () => {
    const api = serve('/refunds', [(c) => ({ status: 201, body: refunded(c.body as never) })], refundWindow(false));
    const { user } = await renderWithProviders(<Harness dialog={refundDialog} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    const note = await within(dialog).findByTestId('refund-window');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toBe(
      "Outside the refund window: a manager's reason is required. Days until the market day (Mar 4, 2026): 3. Refund window: 14 days.",
    );
    const override = within(dialog).getByLabelText("Manager's reason for refunding outside the window");
    await user.type(within(dialog).getByLabelText('Reason'), 'Stall flooded');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/a manager's reason is required: it is kept with the refund/)).toBeTruthy();
    expect(api.keys()).toHaveLength(0);

    await user.type(override, 'Approved by the market manager');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('closed 1');
    expect(api.bodies()).toEqual([
      expect.objectContaining({ reason: 'Stall flooded', overrideReason: 'Approved by the market manager', amount: 4000 }),
    ]);
  });

  it("shows the server's refusal under the override field even when the window looked open", async () => {
    const refusal: ApiReply = {
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'overrideReason: outside the refund window',
          fields: [
            {
              field: 'overrideReason',
              message: "outside the refund window (market day in 13 days, window 14 days); a manager's reason is required",
            },
          ],
        },
      },
    };
    const api = serve('/refunds', [() => refusal, (c) => ({ status: 201, body: refunded(c.body as never) })]);
    const { user } = await renderWithProviders(<Harness dialog={refundDialog} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refund-window');
    await user.type(within(dialog).getByLabelText('Reason'), 'Stall not used');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/market day in 13 days, window 14 days/)).toBeTruthy();
    // Named under its field, not repeated as the form's line.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(within(dialog).getByLabelText("Manager's reason for refunding outside the window"), 'Manager says yes');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('closed 1');
    expect(api.bodies()[1]).toMatchObject({ overrideReason: 'Manager says yes' });
    expect(new Set(api.keys()).size).toBe(1);
  });
});

describe('adjustment dialog', () => {
  const adjustment = (close: () => void) => <AdjustmentDialog invoice={invoice} kind="waiver" onClose={close} />;

  it('checks the amount and reason first, shows a server field error under its field, and retries with the same key', async () => {
    const amountRefused: ApiReply = {
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'amount: must be at most the open balance, 2000',
          fields: [{ field: 'amount', message: 'must be at most the open balance, 2000' }],
        },
      },
    };
    const api = serve('/invoices/:id/adjustments', [() => amountRefused, () => ({ status: 201, body: invoice })]);
    const { user } = await renderWithProviders(<Harness dialog={adjustment} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive, discount or credit INV-0042' });
    const amount = within(dialog).getByLabelText('Amount (AED)');
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('More than the open balance of this invoice.')).toBeTruthy();
    expect(within(dialog).getByText('Say why: the reason is kept with the record.')).toBeTruthy();
    expect(api.keys()).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'discount');
    await user.type(within(dialog).getByLabelText('Reason'), 'Loyal vendor');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('must be at most the open balance, 2000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('closed 1');
    expect(api.bodies()).toEqual([
      { kind: 'discount', amount: 2000, reason: 'Loyal vendor' },
      { kind: 'discount', amount: 2000, reason: 'Loyal vendor' },
    ]);
    expect(new Set(api.keys()).size).toBe(1);
  });
});

describe('cancel invoice dialog', () => {
  const cancel = (close: () => void) => <CancelInvoiceDialog invoice={invoice} onClose={close} />;

  it('needs a reason, shows a refusal naming no field as one line, and keeps the key for the retry', async () => {
    const paid: ApiReply = {
      status: 409,
      body: { error: { code: 'conflict', message: 'Money was paid on this invoice: refund the payments before cancelling it' } },
    };
    const api = serve('/invoices/:id/cancel', [() => paid, () => ({ body: invoice })]);
    const { user } = await renderWithProviders(<Harness dialog={cancel} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice INV-0042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(within(dialog).getByText('Say why: the reason is kept with the record.')).toBeTruthy();
    expect(api.keys()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Vendor left  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Money was paid on this invoice|paid/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    await screen.findByText('closed 1');
    await waitFor(() => expect(api.keys()).toHaveLength(2));
    expect(new Set(api.keys()).size).toBe(1);
    expect(api.bodies()).toEqual([{ reason: 'Vendor left' }, { reason: 'Vendor left' }]);
  });
});
