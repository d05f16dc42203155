import { marketAssignmentsRoutes, paymentManagementRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import FeesTab from './fees/fees-tab';

// The fees tab: a rule's money is typed in the major unit and sent once as minor units of the base currency
// (3 digits here), a share of sales as basis points; the market policy saves its deposit the same way.

const STAMP = '2026-03-01T09:00:00.000Z';
const totals = { count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 };
const policies = marketAssignmentsRoutes.getMarketPolicies.response.parse({
  offerHours: 48,
  depositBasisPoints: 0,
  depositDueDays: 7,
  balanceDueDaysBefore: 7,
  refundWindowDays: 14,
  updatedAt: null,
});

function serve() {
  return stubApi([
    { method: 'GET', path: '/payments/overview', reply: () => ({ body: { currency: 'KWD', states: [], totals } }) },
    { method: 'GET', path: '/fee-rules', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/market-categories', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/market-policies', reply: () => ({ body: policies }) },
    {
      method: 'PUT',
      path: '/market-policies',
      reply: (c: ApiCall) => ({ body: { ...(c.body as object), updatedAt: STAMP } }),
    },
    {
      method: 'POST',
      path: '/fee-rules',
      reply: (c: ApiCall) => ({
        status: 201,
        body: paymentManagementRoutes.createFeeRule.response.parse({
          id: '9f8e7d6c-5b4a-4392-8a1b-0c9d8e7f6a5b',
          amount: 0,
          rateBasisPoints: 0,
          minimumAmount: 0,
          categoryId: null,
          categoryNameEn: null,
          categoryNameAr: null,
          validTo: null,
          inUse: false,
          createdAt: STAMP,
          updatedAt: STAMP,
          ...(c.body as object),
        }),
      }),
    },
  ]);
}

describe('fees tab', () => {
  it('sends a flat rule and a sales rule in minor units and basis points of a 3-digit currency', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<FeesTab />);
    expect(await screen.findByText('No fee rules yet: bookings are free until you add one.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New fee rule' }));
    let form = await screen.findByRole('dialog', { name: 'New fee rule' });
    await user.type(within(form).getByLabelText('Name (English)'), 'Stall');
    await user.type(within(form).getByLabelText('Name (Arabic)'), 'الموقف');
    await user.type(within(form).getByLabelText('Amount per day (KWD)'), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByText('No fee rules yet: bookings are free until you add one.');

    await user.click(screen.getByRole('button', { name: 'New fee rule' }));
    form = await screen.findByRole('dialog', { name: 'New fee rule' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'sales_percentage');
    await user.type(within(form).getByLabelText('Name (English)'), 'Sales');
    await user.type(within(form).getByLabelText('Name (Arabic)'), 'المبيعات');
    await user.type(within(form).getByLabelText('Share of declared sales (%)'), '12.5');
    await user.type(within(form).getByLabelText('Minimum charge (KWD)'), '2.250');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByText('No fee rules yet: bookings are free until you add one.');

    const posted = api.calls.filter((c) => c.method === 'POST' && c.path === '/fee-rules').map((c) => c.body);
    expect(posted[0]).toMatchObject({ kind: 'flat_per_day', nameEn: 'Stall', amount: 1500, categoryId: null, validTo: null });
    expect(posted[0]).not.toHaveProperty('rateBasisPoints');
    expect(posted[1]).toMatchObject({ kind: 'sales_percentage', rateBasisPoints: 1250, minimumAmount: 2250 });
    expect(posted[1]).not.toHaveProperty('amount');
  });

  it('refuses more decimals than the currency has before sending', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<FeesTab />);
    await user.click(await screen.findByRole('button', { name: 'New fee rule' }));
    const form = await screen.findByRole('dialog', { name: 'New fee rule' });
    await user.type(within(form).getByLabelText('Name (English)'), 'Stall');
    await user.type(within(form).getByLabelText('Name (Arabic)'), 'الموقف');
    await user.type(within(form).getByLabelText('Amount per day (KWD)'), '1.2345');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByText('Enter an amount (0 or more) with no more decimals than the currency has.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the market policy with the deposit as basis points and the version it was loaded with', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<FeesTab />);
    const policy = await screen.findByTestId('policy-form');
    const deposit = await within(policy).findByLabelText('Deposit (% of the fees)');
    await user.clear(deposit);
    await user.type(deposit, '30');
    await user.click(within(policy).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT' && c.path === '/market-policies')!;
    expect(put.body).toEqual({
      depositBasisPoints: 3000,
      depositDueDays: 7,
      balanceDueDaysBefore: 7,
      refundWindowDays: 14,
      offerHours: 48,
      expectedUpdatedAt: null,
    });
  });
});
