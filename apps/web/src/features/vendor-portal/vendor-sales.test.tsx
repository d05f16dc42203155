import { vendorPortalRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi, type ApiHandler } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { VendorMarketDaysCard } from './vendor-market-days-card';
import { day, id, STAMP } from './vendor-money.test-fixtures';

// "Declare sales" on the vendor's own market days: offered only where the server allows it, the amount typed in the
// base currency's major unit (3 decimals for KWD), checked before it is sent, sent as minor units to the vendor
// portal's route, and the server's refusal shown under the field.

const SALES_PATH = '/vendor-portal/market-days/:id/declared-sales';

/** Three past bookings (one declarable, one declared, one a no-show) and one ahead; the stub keeps what is declared. */
function world(refuse?: { field: string; message: string }) {
  const declared = new Map<string, number>([[id(2), 12_500]]);
  const days = () =>
    vendorPortalRoutes.listVendorMarketDays.response.parse({
      upcoming: [day(20)],
      past: [
        day(3, { canDeclareSales: true, declaredSales: declared.get(id(3)) ?? null }),
        day(2, { bookingStatus: 'checked_in', canDeclareSales: true, declaredSales: declared.get(id(2)) ?? null }),
        day(1, { bookingStatus: 'no_show' }),
      ],
      currency: 'KWD',
    });
  const handlers: ApiHandler[] = [
    { method: 'GET', path: '/vendor-portal/market-days', reply: () => ({ body: days() }) },
    {
      method: 'PUT',
      path: SALES_PATH,
      reply: (c) => {
        if (refuse) return { status: 422, body: { error: { code: 'validation_failed', message: 'refused', fields: [refuse] } } };
        const assignmentId = c.path.split('/')[3]!;
        declared.set(assignmentId, (c.body as { amount: number }).amount);
        return { body: { assignmentId, declaredSales: declared.get(assignmentId), declaredSalesAt: STAMP } };
      },
    },
  ];
  return stubApi(handlers);
}

const row = (n: number) => screen.getAllByTestId('vendor-market-day').find((r) => r.dataset.id === id(n))!;
const puts = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.method === 'PUT');

describe('the vendor dashboard: declaring sales', () => {
  it('is offered only where the server allows it, checks the amount, and sends it in minor units', async () => {
    const api = world();
    const { user } = await renderWithProviders(<VendorMarketDaysCard />);
    await screen.findByTestId('vendor-days-past');
    expect(within(row(2)).getByTestId('day-sales').textContent).toContain('12.500');
    expect(within(row(3)).queryByTestId('day-sales')).toBeNull();
    // Not ahead of the day, not for a no-show.
    expect(within(row(20)).queryByRole('button')).toBeNull();
    expect(within(row(1)).queryByRole('button')).toBeNull();

    // A correction starts from what was declared.
    await user.click(within(row(2)).getByRole('button', { name: /^Correct sales for April 2, 2026$/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Declare your sales' });
    expect(within(dialog).getByLabelText('Total sales (KWD)')).toHaveProperty('value', '12.500');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row(3)).getByRole('button', { name: 'Declare sales for April 3, 2026' }));
    dialog = await screen.findByRole('dialog', { name: 'Declare your sales' });
    expect(dialog.textContent).toContain('Harbour Square');
    const field = within(dialog).getByLabelText('Total sales (KWD)');
    // More decimals than the dinar has: refused before anything is sent.
    await user.type(field, '12.3456');
    await user.click(within(dialog).getByRole('button', { name: 'Save sales' }));
    expect(await within(dialog).findByText(/^Enter an amount \(0 or more\)/)).toBeTruthy();
    expect(puts(api)).toEqual([]);

    await user.clear(field);
    await user.type(field, '125.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save sales' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(api).map((c) => [c.path, c.body])).toEqual([[`/vendor-portal/market-days/${id(3)}/declared-sales`, { amount: 125_500 }]]);
    // The days reload: the sales show, and the action becomes a correction.
    await waitFor(() => expect(within(row(3)).getByTestId('day-sales').textContent).toContain('125.500'));
    expect(within(row(3)).getByRole('button', { name: /^Correct sales for/ })).toBeTruthy();
  });

  it("shows the server's refusal under the amount and keeps the dialog open", async () => {
    const api = world({ field: 'amount', message: 'cannot be declared: the booking did not hold its slot that day' });
    const { user } = await renderWithProviders(<VendorMarketDaysCard />);
    await user.click(await screen.findByRole('button', { name: /^Declare sales for/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare your sales' });
    await user.type(within(dialog).getByLabelText('Total sales (KWD)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save sales' }));
    expect(await within(dialog).findByText('cannot be declared: the booking did not hold its slot that day')).toBeTruthy();
    expect(puts(api)).toHaveLength(1);
    expect(puts(api)[0]!.body).toEqual({ amount: 0 });
    expect(screen.getByRole('dialog', { name: 'Declare your sales' })).toBeTruthy();
  });

  it('reads in Arabic with Western digits and takes an amount typed in Arabic-Indic digits', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const api = world();
    const { user } = await renderWithProviders(<VendorMarketDaysCard />);
    await screen.findByTestId('vendor-days-past');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(within(row(2)).getByTestId('day-sales').textContent).toContain('المبيعات المُصرَّح بها');
    await user.click(within(row(3)).getByRole('button', { name: /^التصريح بالمبيعات ليوم/ }));
    const dialog = await screen.findByRole('dialog', { name: 'التصريح بمبيعاتك' });
    expect(dialog.textContent).toContain('ساحة الميناء');
    expect(dialog.textContent).not.toMatch(/[\u0660-\u0669]/);
    await user.type(within(dialog).getByLabelText('إجمالي المبيعات (KWD)'), '١٢٫٥');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ المبيعات' }));
    await waitFor(() => expect(puts(api).map((c) => c.body)).toEqual([{ amount: 12_500 }]));
  });
});
