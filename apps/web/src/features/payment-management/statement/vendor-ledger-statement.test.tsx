import { paymentManagementRoutes } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import VendorLedgerStatement from './vendor-ledger-statement';

// Staff's statement of a vendor (the vendor record's drawer) after the panel became shared with the vendor portal:
// it still reads the staff route of that vendor, with the range, and shows the opening and closing balances.

const VENDOR = '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e';

describe("staff's vendor statement", () => {
  it("reads the vendor's ledger from the staff route and shows its balances", async () => {
    const api = stubApi([
      {
        method: 'GET',
        path: '/vendors/:id/ledger',
        reply: (c) => ({
          body: paymentManagementRoutes.getVendorLedger.response.parse({
            vendorId: VENDOR,
            vendorName: 'Falafel Corner',
            currency: 'JOD',
            from: c.query.get('from'),
            to: c.query.get('to'),
            openingBalance: 1500,
            entries: [],
            closingBalance: 1500,
            currentBalance: 1500,
          }),
        }),
      },
    ]);
    await renderWithProviders(<VendorLedgerStatement vendorId={VENDOR} />);
    const panel = screen.getByTestId('vendor-statement');
    expect(within(panel).getByRole('heading', { name: 'Statement of account' })).toBeTruthy();
    expect((await within(panel).findByTestId('statement-opening')).textContent).toContain('1.500');
    expect(within(panel).getByText('No entries in this period.')).toBeTruthy();
    const asked = api.calls.find((c) => c.path === `/vendors/${VENDOR}/ledger`)!;
    expect(asked.query.get('from')).toMatch(/^\d{4}-01-01$/);
    expect(api.calls.some((c) => c.path.startsWith('/vendor-portal/'))).toBe(false);
  });
});
