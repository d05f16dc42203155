import { paymentManagementRoutes } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { LedgerCheck } from './overview/ledger-check';

// The Payments tab's "Check the ledger": it runs the admin action and shows what was checked, then either that
// everything agrees or each disagreement by kind and document, with the amounts expected and found.

const report = (disagreements: unknown[]) =>
  paymentManagementRoutes.runLedgerConsistencyCheck.response.parse({
    invoicesChecked: 12,
    paymentsChecked: 7,
    entriesChecked: 31,
    consistent: disagreements.length === 0,
    disagreements,
  });

async function runCheck(answer: ReturnType<typeof report>) {
  const api = stubApi([{ method: 'POST', path: '/ledger/consistency-check', reply: () => ({ body: answer }) }]);
  const { user } = await renderWithProviders(<LedgerCheck currency="AED" />);
  expect(screen.queryByTestId('ledger-check-counts')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Check the ledger' }));
  const counts = await screen.findByTestId('ledger-check-counts');
  expect(counts.textContent).toBe('Checked: 12 invoices, 7 payments, 31 ledger entries.');
  expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /ledger/consistency-check']);
}

describe('ledger check', () => {
  it('says the ledger, invoices and payments agree when nothing disagrees', async () => {
    await runCheck(report([]));
    expect(screen.getByText('Ledger, invoices and payments agree.')).toBeTruthy();
    expect(screen.queryAllByTestId('ledger-disagreement')).toHaveLength(0);
  });

  it('lists a disagreement with its kind, document and amounts', async () => {
    await runCheck(
      report([
        {
          kind: 'invoice_charge',
          entityType: 'invoice',
          entityId: '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f',
          document: 'INV-000042',
          expected: 2500,
          actual: 2505,
          message: 'INV-000042: the ledger charged 2505, its lines come to 2500',
        },
      ]),
    );
    expect(screen.queryByText('Ledger, invoices and payments agree.')).toBeNull();
    expect(screen.getByText('Disagreements found: 1')).toBeTruthy();
    const [row, ...more] = screen.getAllByTestId('ledger-disagreement');
    expect(more).toHaveLength(0);
    expect(within(row!).getByRole('rowheader').textContent).toBe('Charges differ from the invoice lines');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('INV-000042');
    expect(cells[1]).toContain('25.00');
    expect(cells[2]).toContain('25.05');
  });
});
