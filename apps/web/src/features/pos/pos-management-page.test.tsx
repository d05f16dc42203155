import { masterDataRoutes, platformRoutes, posRoutes, vendorsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { meKeys } from '../../app/session/use-me';
import { stubApi, type ApiCall, type ApiHandler } from '../../test/api-stub';
import { createTestQueryClient, renderWithProviders } from '../../test/render-with-providers';
import PosManagementPage from './pos-management-page';

// POS Management against contract-shaped answers: the registers list, a new register whose float is typed in
// the currency's major units, and the server's refusal shown under its field; commission rules, and payouts to
// vendors from the settlement.

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
    allowNegativeStock: false,
    cashierIds: [],
    channelId: null,
    status: 'active',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });

function serve(create: (c: ApiCall) => { status?: number; body: unknown }, more: ApiHandler[] = []) {
  // The test's own handlers first: they may answer a route the defaults answer too.
  return stubApi([
    ...more,
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
  it('lists the registers with location, float in the base currency and tenders', async () => {
    serve(() => ({ status: 500, body: {} }));
    await render();
    const row = (await screen.findByRole('rowheader', { name: 'Harbour till' })).closest('tr')!;
    expect(within(row).getByText('Harbour Square')).toBeTruthy();
    // KWD has three minor digits: 15000 is 15.000.
    expect(within(row).getByText(/15\.000/)).toBeTruthy();
    expect(within(row).getByText('Cash')).toBeTruthy();
    expect(within(row).getByText('Card')).toBeTruthy();
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
    await user.click(within(dialog).getByLabelText('Allow selling when stock is at zero'));
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    expect(await within(dialog).findByText('is already used by another register')).toBeTruthy();
    const sent = api.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Night till',
      locationId: null,
      openingFloat: 20500,
      tenders: ['cash', 'card', 'voucher'],
      allowNegativeStock: true,
    });

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

  it('previews the receipt with the texts as they are typed, in English or Arabic, marked as a sample', async () => {
    serve(() => ({ status: 201, body: register() }));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'New register' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Night till');
    await user.type(within(dialog).getByLabelText('Receipt header (English)'), 'Harbour Market');
    await user.type(within(dialog).getByLabelText('Receipt header (Arabic)'), 'سوق الميناء');
    await user.click(within(dialog).getByText('Receipt preview'));
    const receipt = within(dialog).getByTestId('pos-receipt');
    expect(receipt.textContent).toContain('Harbour Market');
    expect(receipt.textContent).toContain('Night till');
    expect(receipt.textContent).toContain('Sample item (preview)');
    await user.click(within(dialog).getByRole('button', { name: 'العربية' }));
    const arabic = within(dialog).getByTestId('pos-receipt');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.textContent).toContain('سوق الميناء');
  });
});

const OLIVE = '7c2e9f50-3d4b-4e1a-8f6c-2b3c4d5e6f70';
const OILS = '9e4ab172-5f6d-4a3c-8b8e-4d5e6f708192';
const PRESSED = 'af5bc283-6a7e-4b4d-9c9f-5e6f708192a3';

const vendorPage = () =>
  vendorsRoutes.listVendors.response.parse({
    items: [
      {
        id: OLIVE,
        vendorType: 'market',
        publicName: 'Olive Grove',
        legalName: null,
        contactName: null,
        email: null,
        phone: null,
        status: 'active',
        statusReason: null,
        categories: [],
        documentSummary: { total: 0, expiringSoon: 0, expired: 0 },
        createdAt: STAMP,
        updatedAt: STAMP,
        users: [],
      },
    ],
    total: 1,
    page: 1,
    pageSize: 100,
  });

const catalogue = () =>
  masterDataRoutes.listCatalogCategories.response.parse([
    {
      id: OILS,
      parentId: null,
      code: 'OILS',
      nameEn: 'Oils',
      nameAr: 'زيوت',
      descriptionEn: null,
      descriptionAr: null,
      position: 0,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
    {
      id: PRESSED,
      parentId: OILS,
      code: 'PRESSED',
      nameEn: 'Cold pressed',
      nameAr: 'معصور على البارد',
      descriptionEn: null,
      descriptionAr: null,
      position: 0,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
  ]);

const rule = (over: Record<string, unknown> = {}) =>
  posRoutes.listCommissionRules.response.element.parse({
    id: 'b06cd394-7b8f-4c5e-8d0a-6f708192a3b4',
    vendorId: null,
    vendorName: null,
    categoryId: null,
    categoryNameEn: null,
    categoryNameAr: null,
    kind: 'percentage',
    rateBasisPoints: 1000,
    amount: 0,
    minimum: 0,
    maximum: null,
    updatedAt: STAMP,
    ...over,
  });

const MANAGER = 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5';

/** The page at a tab, for a user whose permissions are known (the session's /me, already in the cache). */
async function renderAt(route: string, permissions: string[], effectiveRole: 'admin' | 'vendor_manager' = 'admin') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    meKeys.me(undefined),
    platformRoutes.getMe.response.parse({
      user: { id: MANAGER, email: 'manager@example.com', phone: null, createdAt: STAMP },
      profile: null,
      organization: null,
      role: effectiveRole,
      effectiveRole,
      permissions,
    }),
  );
  return renderWithProviders(
    <>
      <PosManagementPage />
      <Toaster />
    </>,
    { route, queryClient },
  );
}

describe('POS management: commission rules', () => {
  it('adds a rule for a vendor and a catalogue category, the rate typed in percent and the limits in major units', async () => {
    const rules = [rule()];
    const api = serve(
      () => ({ status: 500, body: {} }),
      [
        { method: 'GET', path: '/pos/commission-rules', reply: () => ({ body: rules }) },
        { method: 'GET', path: '/vendors', reply: () => ({ body: vendorPage() }) },
        { method: 'GET', path: '/catalog-categories', reply: () => ({ body: catalogue() }) },
        {
          method: 'POST',
          path: '/pos/commission-rules',
          reply: () => {
            rules.unshift(
              rule({
                id: 'd28ef5b6-9dab-4e7f-8a2c-8192a3b4c5d6',
                vendorId: OLIVE,
                vendorName: 'Olive Grove',
                categoryId: PRESSED,
                categoryNameEn: 'Cold pressed',
                categoryNameAr: 'معصور على البارد',
                rateBasisPoints: 1250,
                minimum: 500,
                maximum: 2000,
              }),
            );
            return { status: 201, body: rules[0] };
          },
        },
      ],
    );
    const { user } = await renderAt('/pos/management?tab=commission', ['vendor_management', 'master_data']);
    const table = await screen.findByTestId('commission-rules');
    const row = (await within(table).findByRole('rowheader', { name: 'Any vendor' })).closest('tr')!;
    expect(within(row).getByText('Any category')).toBeTruthy();
    expect(within(row).getByText('10% of the line')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /Cold pressed/ })).toHaveLength(1));
    await user.selectOptions(within(dialog).getByLabelText('Vendor'), OLIVE);
    await user.selectOptions(within(dialog).getByLabelText('Catalogue category'), PRESSED);
    await user.type(within(dialog).getByLabelText('Rate (%)'), '12.5');
    await user.type(within(dialog).getByLabelText('Minimum per line (KWD)'), '0.5');
    await user.type(within(dialog).getByLabelText('Maximum per line (KWD)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/pos/commission-rules')!.body).toEqual({
      vendorId: OLIVE,
      categoryId: PRESSED,
      kind: 'percentage',
      rateBasisPoints: 1250,
      minimum: 500,
      maximum: 2000,
    });
    // The list reloads with the new rule first (most specific).
    const added = (await within(table).findByRole('rowheader', { name: 'Olive Grove' })).closest('tr')!;
    expect(within(added).getByText('Cold pressed')).toBeTruthy();
    expect(within(added).getByText(/12\.5% of the line · at least .*0\.500 · at most .*2\.000/)).toBeTruthy();
  });

  it('adds a flat rule without asking for categories the user may not read, and deletes a rule once confirmed', async () => {
    const rules = [rule({ vendorId: OLIVE, vendorName: 'Olive Grove', kind: 'flat', rateBasisPoints: 0, amount: 250 })];
    const api = serve(
      () => ({ status: 500, body: {} }),
      [
        { method: 'GET', path: '/pos/commission-rules', reply: () => ({ body: rules }) },
        { method: 'GET', path: '/vendors', reply: () => ({ body: vendorPage() }) },
        {
          method: 'POST',
          path: '/pos/commission-rules',
          reply: () => ({ status: 201, body: rule({ kind: 'flat', rateBasisPoints: 0, amount: 1500 }) }),
        },
        { method: 'DELETE', path: '/pos/commission-rules/:id', reply: () => ({ body: { ok: true } }) },
      ],
    );
    const { user } = await renderAt('/pos/management?tab=commission', ['vendor_management']);
    const row = (await screen.findByRole('rowheader', { name: 'Olive Grove' })).closest('tr')!;
    expect(within(row).getByText(/0\.250 per line/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Catalogue category') as HTMLSelectElement).disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Flat amount per line'));
    await user.type(within(dialog).getByLabelText('Amount per line (KWD)'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ vendorId: null, categoryId: null, kind: 'flat', amount: 1500 });
    expect(api.calls.some((c) => c.path === '/catalog-categories')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Delete the rule for Olive Grove, Any category' }));
    const confirm = await screen.findByRole('dialog');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(`/pos/commission-rules/${rules[0]!.id}`));
    expect(await screen.findByText('Commission rule deleted')).toBeTruthy();
  });
});

describe('POS management: settlement', () => {
  const settlement = (over: Record<string, unknown> = {}) =>
    posRoutes.settlement.response.parse([
      { vendorId: OLIVE, vendorName: 'Olive Grove', sales: 10_000, returns: 5_000, commission: 500, payouts: 0, balance: -4_500, ...over },
    ]);

  it('shows what is owed to a vendor and records a payout of it with one Idempotency-Key per opening, kept on retry', async () => {
    let attempt = 0;
    let rows = settlement();
    const api = serve(
      () => ({ status: 500, body: {} }),
      [
        { method: 'GET', path: '/pos/settlement', reply: () => ({ body: rows }) },
        {
          method: 'POST',
          path: '/pos/payouts',
          reply: (c) => {
            if (++attempt === 1) return { status: 503, body: { error: { code: 'unavailable', message: 'Try again' } } };
            rows = settlement({ payouts: 4_500, balance: 0 });
            const b = c.body as Record<string, unknown>;
            return {
              status: 201,
              body: posRoutes.recordPayout.response.parse({
                id: 'e39f06c7-aebc-4f8a-9b3d-92a3b4c5d6e7',
                vendorName: 'Olive Grove',
                reference: '',
                createdAt: STAMP,
                ...b,
              }),
            };
          },
        },
      ],
    );
    const { user } = await renderAt('/pos/management?tab=settlement', ['vendor_management']);
    const row = (await screen.findByRole('rowheader', { name: 'Olive Grove' })).closest('tr')!;
    expect(within(row).getByText('Owed to vendor')).toBeTruthy();
    expect(within(row).getByText(/4\.500/)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Record a payout to Olive Grove' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount (KWD)') as HTMLInputElement).value).toBe('4.500');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'cash');
    await user.type(within(dialog).getByLabelText('Reference'), 'Envelope 7');
    const paidOn = within(dialog).getByLabelText('Paid on');
    await user.clear(paidOn);
    await user.type(paidOn, '2026-03-02');
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = api.fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/api/v1/pos/payouts') && init?.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({
      vendorId: OLIVE,
      amount: 4_500,
      method: 'cash',
      paidOn: '2026-03-02',
      reference: 'Envelope 7',
    });
    expect(await screen.findByText('Payout to Olive Grove recorded')).toBeTruthy();
    expect(await within(screen.getByTestId('settlement')).findByText('Settled')).toBeTruthy();
  });
});

describe('POS management: who may use a register', () => {
  const SAM = 'f4a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b';
  const NIGHT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const cashiers = () =>
    posRoutes.listCashiers.response.parse([
      { userId: MANAGER, name: 'Mona Manager', email: 'manager@example.com', role: 'admin' },
      { userId: SAM, name: null, email: 'sam@example.com', role: 'vendor_manager' },
    ]);
  const registers = () => [
    register({ cashierIds: [SAM] }),
    register({ id: NIGHT, name: 'Night till', locationId: null, locationNameEn: null, locationNameAr: null }),
  ];
  const serveRegisters = () =>
    serve(
      () => ({ status: 500, body: {} }),
      [
        { method: 'GET', path: '/pos/registers', reply: () => ({ body: registers() }) },
        { method: 'GET', path: '/pos/cashiers', reply: () => ({ body: cashiers() }) },
        {
          method: 'PATCH',
          path: '/pos/registers/:id',
          reply: (c) => ({ body: { ...registers().find((r) => c.path.endsWith(r.id))!, ...(c.body as object), updatedAt: STAMP } }),
        },
      ],
    );
  const patches = (api: { calls: ApiCall[] }) =>
    api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);

  it('shows each register’s cashiers, and a manager names them: sent only when they changed', async () => {
    const api = serveRegisters();
    const { user } = await renderAt('/pos/management', ['vendor_management']);
    const harbour = (await screen.findByRole('rowheader', { name: 'Harbour till' })).closest('tr')!;
    expect(await within(harbour).findByText('sam@example.com')).toBeTruthy();
    const night = screen.getByRole('rowheader', { name: 'Night till' }).closest('tr')!;
    expect(within(night).getByText('All staff')).toBeTruthy();

    await user.click(within(night).getByRole('button', { name: 'Night till' }));
    let dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByTestId('register-cashiers');
    expect(within(field).getByText(/Nobody ticked: everyone with point-of-sale access may use this register/)).toBeTruthy();
    expect(within(field).queryByText(/Only an admin can change/)).toBeNull();
    expect(within(field).getByText(/Vendor Manager/)).toBeTruthy();
    await user.click(within(field).getByLabelText(/Mona Manager/));
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(api)[0]).toMatchObject({ name: 'Night till', cashierIds: [MANAGER], expectedUpdatedAt: STAMP });

    // Another field changed, the cashiers not: they are not sent.
    await user.click(within(harbour).getByRole('button', { name: 'Harbour till' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/sam@example\.com/) as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), ' east');
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(patches(api)).toHaveLength(2));
    expect(patches(api)[1]).toMatchObject({ name: 'Harbour till east' });
    expect(patches(api)[1]).not.toHaveProperty('cashierIds');
  });

  it('shows the cashiers read-only to someone who is not a manager, whose edits save without them', async () => {
    const api = serveRegisters();
    const { user } = await renderAt('/pos/management', ['vendor_management'], 'vendor_manager');
    const harbour = (await screen.findByRole('rowheader', { name: 'Harbour till' })).closest('tr')!;
    await user.click(within(harbour).getByRole('button', { name: 'Harbour till' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByTestId('register-cashiers');
    const sam = (await within(field).findByLabelText(/sam@example\.com/)) as HTMLInputElement;
    expect(sam.checked).toBe(true);
    expect(sam.disabled).toBe(true);
    expect((within(field).getByLabelText(/Mona Manager/) as HTMLInputElement).disabled).toBe(true);
    expect(within(field).getByText(/Only an admin can change who uses a register\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), ' east');
    await user.click(within(dialog).getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(api)[0]).toMatchObject({ name: 'Harbour till east' });
    expect(patches(api)[0]).not.toHaveProperty('cashierIds');
  });
});

describe('POS management: discount limits', () => {
  const LATER = '2026-03-02T10:00:00.000Z';
  const settings = (discountLimits: { role: string; maxBasisPoints: number }[], updatedAt: string | null = STAMP) =>
    posRoutes.getPosSettings.response.parse({ discountLimits, updatedAt });
  const input = (role: string) => screen.getByLabelText(`Largest discount for ${role} (%)`) as HTMLInputElement;

  it('saves a limit per role in basis points, checks what is typed, reloads when someone saved meanwhile and shows a refused limit under its role', async () => {
    let current = settings([{ role: 'vendor_manager', maxBasisPoints: 1_000 }]);
    const replies: ((c: ApiCall) => { status?: number; body: unknown })[] = [
      () => {
        current = settings([{ role: 'inventory', maxBasisPoints: 500 }], LATER);
        return {
          status: 409,
          body: { error: { code: 'conflict', message: 'Changed', fields: [{ field: 'expectedUpdatedAt', message: 'has changed' }] } },
        };
      },
      () => ({
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid',
            fields: [{ field: 'discountLimits.1.maxBasisPoints', message: 'at most 10000 (100%)' }],
          },
        },
      }),
      (c) => {
        current = settings(
          (c.body as { discountLimits: { role: string; maxBasisPoints: number }[] }).discountLimits,
          '2026-03-03T10:00:00.000Z',
        );
        return { body: current };
      },
    ];
    const api = serve(
      () => ({ status: 500, body: {} }),
      [
        { method: 'GET', path: '/pos/settings', reply: () => ({ body: current }) },
        { method: 'PUT', path: '/pos/settings', reply: (c) => replies.shift()!(c) },
      ],
    );
    const { user } = await renderAt('/pos/management?tab=discounts', ['vendor_management']);
    expect(await screen.findByTestId('discount-limits')).toBeTruthy();
    expect(input('Vendor Manager').value).toBe('10');
    expect(input('Admin').value).toBe('');
    expect(screen.queryByText(/Only an admin or super admin can change the discount limits/)).toBeNull();
    const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);

    await user.type(input('Content'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(/Enter a percentage from 0 to 100 with at most two decimals/)).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await user.clear(input('Content'));
    await user.type(input('Content'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      discountLimits: [
        { role: 'content', maxBasisPoints: 1_250 },
        { role: 'vendor_manager', maxBasisPoints: 1_000 },
      ],
      expectedUpdatedAt: STAMP,
    });
    // Someone saved meanwhile: the tab says so and shows their limits.
    expect(await screen.findByText(/Someone changed the discount limits meanwhile/)).toBeTruthy();
    await waitFor(() => expect(input('Inventory').value).toBe('5'));
    expect(input('Content').value).toBe('');
    expect(input('Vendor Manager').value).toBe('');

    await user.type(input('Content'), '100');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({
      discountLimits: [
        { role: 'inventory', maxBasisPoints: 500 },
        { role: 'content', maxBasisPoints: 10_000 },
      ],
      expectedUpdatedAt: LATER,
    });
    // The server names the second limit sent: Content's.
    expect(await screen.findByText('at most 10000 (100%)')).toBeTruthy();
    expect(input('Content').getAttribute('aria-invalid')).toBe('true');
    expect(input('Inventory').getAttribute('aria-invalid')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Discount limits saved')).toBeTruthy();
    expect(puts()).toHaveLength(3);
    expect(screen.queryByText('at most 10000 (100%)')).toBeNull();
  });

  it('shows the limits read-only to someone who is not a manager', async () => {
    serve(() => ({ status: 500, body: {} }), [{ method: 'GET', path: '/pos/settings', reply: () => ({ body: settings([], null) }) }]);
    await renderAt('/pos/management?tab=discounts', ['vendor_management'], 'vendor_manager');
    expect(await screen.findByText('Only an admin or super admin can change the discount limits.')).toBeTruthy();
    expect(input('Content').readOnly).toBe(true);
    expect(input('Content').placeholder).toBe('No limit');
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Discounts' }).getAttribute('aria-selected')).toBe('true');
  });
});
