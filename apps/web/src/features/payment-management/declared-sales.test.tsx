import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { FeesPreview } from './components/fees-preview';
import { ASSIGNMENT, STAMP, assignmentFees, invoiceDetail, invoiceSummary, stallLine } from './payment-management.test-fixtures';

// The fee preview of a booking shows the sales declared for its day with an edit action; once the booking was
// invoiced before its sales were declared, it offers "Invoice sales share", sent once with an Idempotency-Key.

const RULE = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

const stall = stallLine;
const share = (amount: number) => ({
  kind: 'sales_percentage',
  descriptionEn: 'Sales share',
  descriptionAr: 'حصة المبيعات',
  quantity: 1,
  unitAmount: amount,
  amount,
  feeRuleId: RULE,
});

const FULL = invoiceSummary();
const SALES = invoiceSummary({ id: '7c2e9f5a-3d4b-4eac-9f8a-2b3c4d5e6f70', number: 'INV-0043', kind: 'sales', total: 3001 });

/** The server's side: the booking is invoiced; declaring sales makes the share due; invoicing it charges it. */
function serve() {
  let declared: number | null = null;
  let shareInvoiced = false;
  const fees = () => {
    const amount = declared === null ? 0 : Math.max(500, Math.round((declared * 250) / 10_000));
    const lines = declared === null ? [stall] : [stall, share(amount)];
    return assignmentFees({
      lines,
      total: lines.reduce((s, l) => s + l.amount, 0),
      invoices: shareInvoiced ? [FULL, SALES] : [FULL],
      declaredSales: declared,
      declaredSalesAt: declared === null ? null : STAMP,
      declaredSalesByName: declared === null ? null : 'Mona Manager',
      salesShareInvoiced: shareInvoiced,
      salesShare: declared !== null && !shareInvoiced ? { kind: 'sales', amount, dueDate: '2026-03-07', lines: [share(amount)] } : null,
    });
  };
  const api = stubApi([
    { method: 'GET', path: '/assignments/:id/fees', reply: () => ({ body: fees() }) },
    {
      method: 'PUT',
      path: '/market-assignments/:id/declared-sales',
      reply: (c: ApiCall) => {
        declared = (c.body as { amount: number }).amount;
        return { body: { assignmentId: ASSIGNMENT, declaredSales: declared, declaredSalesAt: STAMP, declaredSalesBy: null } };
      },
    },
    {
      method: 'POST',
      path: '/assignments/:id/sales-invoice',
      reply: () => {
        shareInvoiced = true;
        return { status: 201, body: invoiceDetail(SALES) };
      },
    },
  ]);
  return api;
}

describe('declared sales on the fee preview', () => {
  it('declares the sales in minor units, then invoices the share once with an Idempotency-Key', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<FeesPreview assignmentId={ASSIGNMENT} />);
    const box = await screen.findByTestId('declared-sales');
    expect(within(box).getByTestId('declared-sales-amount').textContent).toBe('Not declared');
    expect(within(box).queryByRole('button', { name: 'Invoice sales share' })).toBeNull();

    await user.click(within(box).getByRole('button', { name: 'Declare sales' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sales declared for the day' });
    const amount = within(dialog).getByLabelText('Declared sales (AED)');
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save sales' }));
    expect(within(dialog).getByText('Enter an amount (0 or more) with no more decimals than the currency has.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1200.40');
    await user.click(within(dialog).getByRole('button', { name: 'Save sales' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ amount: 120_040 }]);

    // 2.5% of 1,200.40 = 30.01: the share is due, the sales can still be corrected.
    expect(await within(box).findByText(/its share of sales, AED\s?30\.01, is not invoiced yet/)).toBeTruthy();
    expect(within(box).getByTestId('declared-sales-amount').textContent).toMatch(/1,200\.40/);
    expect(within(box).getByText(/Declared by Mona Manager/)).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Edit sales' })).toBeTruthy();

    await user.click(within(box).getByRole('button', { name: 'Invoice sales share' }));
    dialog = await screen.findByRole('dialog', { name: 'Invoice the share of sales?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Invoice sales share' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.fetch.mock.calls.filter(([url, init]) => String(url).includes('/sales-invoice') && init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect((posts[0]![1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // Invoiced: no more offer, and the sales stay as invoiced.
    expect(await within(box).findByText('The share of sales is invoiced: cancel that invoice to correct the sales.')).toBeTruthy();
    expect(within(box).queryByRole('button', { name: 'Invoice sales share' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Edit sales' })).toBeNull();
  });

  it('offers no edit on a cancelled booking', async () => {
    serve();
    await renderWithProviders(<FeesPreview assignmentId={ASSIGNMENT} bookingCancelled />);
    const box = await screen.findByTestId('declared-sales');
    expect(within(box).queryByRole('button', { name: 'Declare sales' })).toBeNull();
  });
});
