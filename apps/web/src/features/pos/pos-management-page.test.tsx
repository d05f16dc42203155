import { posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import PosManagementPage from './pos-management-page';

// POS Management against contract-shaped answers: the registers list, a new register whose float is typed in
// the currency's major units, and the server's refusal shown under its field.

const STAMP = '2026-03-01T09:00:00.000Z';
const LOCATION = '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e';
const register = (over: Record<string, unknown> = {}) =>
  posRoutes.listRegisters.response.element.parse({
    id: '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f',
    name: 'Harbour till',
    locationId: LOCATION,
    locationNameEn: 'Harbour Square',
    locationNameAr: 'ساحة الميناء',
    openingFloat: 15000,
    tenders: ['cash', 'card'],
    receiptHeaderEn: '',
    receiptHeaderAr: '',
    receiptFooterEn: '',
    receiptFooterAr: '',
    status: 'active',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });

function serve(create: (c: ApiCall) => { status?: number; body: unknown }) {
  return stubApi([
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
    { method: 'GET', path: '/payments/overview', reply: () => ({ body: { currency: 'KWD', states: [], totals: totals() } }) },
    { method: 'GET', path: '/market-locations', reply: () => ({ body: [] }) },
    { method: 'POST', path: '/pos/registers', reply: create },
  ]);
}
const totals = () => ({ count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 });

const render = () =>
  renderWithProviders(
    <>
      <PosManagementPage />
      <Toaster />
    </>,
  );

describe('POS management', () => {
  it('lists the registers with location, float in the base currency and tenders, and says what is not built yet', async () => {
    serve(() => ({ status: 500, body: {} }));
    await render();
    const row = (await screen.findByRole('rowheader', { name: 'Harbour till' })).closest('tr')!;
    expect(within(row).getByText('Harbour Square')).toBeTruthy();
    // KWD has three minor digits: 15000 is 15.000.
    expect(within(row).getByText(/15\.000/)).toBeTruthy();
    expect(within(row).getByText('Cash')).toBeTruthy();
    expect(within(row).getByText('Card')).toBeTruthy();
    expect(screen.getByText(/Selling, cash sessions, orders and reports are not built yet/)).toBeTruthy();
  });

  it('adds a register with its float in minor units and shows a refusal of the server under its field', async () => {
    let attempt = 0;
    const api = serve(() =>
      ++attempt === 1
        ? {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: 'Another register already has this name',
                fields: [{ field: 'name', message: 'is already used by another register' }],
              },
            },
          }
        : { status: 201, body: register({ name: 'Night till' }) },
    );
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'New register' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Night till');
    const float = within(dialog).getByLabelText('Default opening float (KWD)');
    await user.clear(float);
    await user.type(float, '20.5');
    await user.click(within(dialog).getByLabelText('Voucher'));
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    expect(await within(dialog).findByText('is already used by another register')).toBeTruthy();
    const sent = api.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Night till', locationId: null, openingFloat: 20500, tenders: ['cash', 'card', 'voucher'] });

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Night till 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Register added')).toBeTruthy();
  });

  it('checks the float and the tenders before sending anything', async () => {
    const api = serve(() => ({ status: 201, body: register() }));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'New register' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Till');
    const float = within(dialog).getByLabelText('Default opening float (KWD)');
    await user.clear(float);
    await user.type(float, '-3');
    await user.click(within(dialog).getByLabelText('Cash'));
    await user.click(within(dialog).getByLabelText('Card'));
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    expect(await within(dialog).findByText('Enter an amount of 0 or more, such as 150.00')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one tender')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
