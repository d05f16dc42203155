import { posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall, type ApiReply } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import SessionsPage from './sessions-page';

// POS Sessions against contract-shaped answers (JOD: three minor digits). Closing counts each tender of the
// register, shows each tender's difference as it is typed and sends the counts in minor units; a cash move
// carries one Idempotency-Key per opening of its dialog, kept across a retry; the Z report follows the close.

const STAMP = '2026-03-01T09:00:00.000Z';
const REGISTER = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
const SESSION = '7c2e9f5a-3d4b-4eac-9f8a-2b3c4d5e6f70';
const CLOSED = '8d3fa06b-4e5c-4fbd-8a9b-3c4d5e6f7081';
const VENDOR = '9e4ab17c-5f6d-40ce-9bac-4d5e6f708192';
const SECOND = 'a05bc28d-6a7e-41df-8cbd-5e6f708192a3';
const SECOND_SESSION = 'b16cd39e-7b8f-42e0-9dce-6f708192a3b4';

const register = posRoutes.listRegisters.response.element.parse({
  id: REGISTER,
  name: 'Harbour till',
  locationId: null,
  locationNameEn: null,
  locationNameAr: null,
  openingFloat: 20000,
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
});

const session = (over: Record<string, unknown> = {}) =>
  posRoutes.getSession.response.parse({
    id: SESSION,
    registerId: REGISTER,
    registerName: 'Harbour till',
    status: 'open',
    openedAt: STAMP,
    openedByName: 'Mona Manager',
    openingFloat: 20000,
    openingNote: '',
    closedAt: null,
    closedByName: null,
    closingNote: '',
    saleCount: 1,
    returnCount: 1,
    grossSales: 25250,
    returns: 5000,
    discounts: 0,
    taxes: 3482,
    cashIn: 0,
    cashOut: 0,
    expectedCash: 35250,
    closing: null,
    ...over,
  });

const report = (kind: 'x' | 'z', s: ReturnType<typeof session>) =>
  posRoutes.sessionReport.response.parse({
    kind,
    session: s,
    takenAt: STAMP,
    byTender: [
      { tender: 'cash', taken: 20000, refunded: 0, change: 4750, net: 15250 },
      { tender: 'card', taken: 10000, refunded: 5000, change: 0, net: 5000 },
    ],
    byVendor: [{ vendorId: VENDOR, vendorName: 'Olive Grove', gross: 10000, returns: 5000, net: 5000, commission: 500, payable: 4500 }],
    byCategory: [{ categoryId: null, nameEn: null, nameAr: null, gross: 25250, returns: 5000, net: 20250 }],
    byTax: [{ rateBasisPoints: 1600, taxable: 17768, tax: 3482 }],
    cashMoves: [],
  });

const closedSession = session({
  status: 'closed',
  closedAt: STAMP,
  closedByName: 'Mona Manager',
  closingNote: 'Short by 250',
  closing: [
    { tender: 'cash', expected: 35250, counted: 35000, difference: -250 },
    { tender: 'card', expected: 5000, counted: 5000, difference: 0 },
  ],
});

const held = posRoutes.listOrders.response.parse({
  items: [
    {
      id: 'c27de4af-8c90-43f1-8edf-708192a3b4c5',
      kind: 'sale',
      receiptNumber: '000042',
      registerName: 'Harbour till',
      soldAt: STAMP,
      cashierName: 'Sam Seller',
      customerName: '',
      lineCount: 1,
      vendorCount: 1,
      tenders: ['cash'],
      total: 12000,
      placement: 'held',
    },
  ],
  nextCursor: null,
});

function serve(extra: { method: string; path: string; reply: (c: ApiCall) => ApiReply }[] = []) {
  return stubApi([
    ...extra,
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register] }) },
    { method: 'GET', path: '/pos/sessions', reply: () => ({ body: [session(), session({ ...closedSession, id: CLOSED })] }) },
    {
      method: 'GET',
      path: '/pos/sessions/:id/report',
      reply: (c) => ({ body: c.path.includes(SESSION) ? report('x', session()) : report('z', closedSession) }),
    },
    { method: 'GET', path: '/pos/orders', reply: () => ({ body: held }) },
    {
      method: 'GET',
      path: '/payments/overview',
      reply: () => ({
        body: { currency: 'JOD', states: [], totals: { count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 } },
      }),
    },
  ]);
}

describe('POS sessions', () => {
  it('lists sessions with their figures and differences, and the held sales', async () => {
    serve();
    await renderWithProviders(<SessionsPage />, { route: '/pos/sessions?register=1' });
    expect(screen.getByRole('heading', { level: 1, name: 'POS Sessions' })).toBeTruthy();
    const open = await screen.findByTestId(`session-${SESSION}`);
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('1 / 1')).toBeTruthy();
    expect(within(open).getByText(/35\.250/)).toBeTruthy();
    const closed = screen.getByTestId(`session-${CLOSED}`);
    // Only the tender that did not match is named.
    expect(within(closed).getByText(/Cash.*0\.250/)).toBeTruthy();
    expect(within(closed).queryByText(/Card/)).toBeNull();
    const heldSales = screen.getByTestId('held-sales');
    expect((await within(heldSales).findByRole('link', { name: '000042' })).getAttribute('href')).toBe('/orders?receipt=000042');
  });

  it('closes a session: per-tender differences as counted, the counts sent in minor units, then the Z report', async () => {
    const api = serve([{ method: 'POST', path: '/pos/sessions/:id/close', reply: () => ({ body: report('z', closedSession) }) }]);
    const { user } = await renderWithProviders(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Close the session of Harbour till' }));
    const dialog = await screen.findByRole('dialog');
    const cash = await within(dialog).findByLabelText('Counted Cash (JOD)');
    expect(within(within(dialog).getByTestId('count-cash')).getByText(/35\.250/)).toBeTruthy();
    await user.type(cash, '35');
    expect(within(dialog).getByTestId('difference-cash').textContent).toMatch(/-.*0\.250/);
    // Card not counted yet: no total difference.
    expect(within(dialog).getByTestId('difference-total').textContent).toBe('—');
    await user.type(within(dialog).getByLabelText('Counted Card (JOD)'), '5.000');
    expect(within(dialog).getByTestId('difference-card').textContent).toMatch(/0\.000/);
    expect(within(dialog).getByTestId('difference-total').textContent).toMatch(/-.*0\.250/);
    await user.type(within(dialog).getByLabelText('Closing note (optional)'), 'Short by 250');
    await user.click(within(dialog).getByRole('button', { name: 'Close session' }));

    const z = await screen.findByRole('dialog', { name: 'Z report (session closed)' });
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/pos/sessions/${SESSION}/close`);
    expect(post.body).toEqual({
      counted: [
        { tender: 'cash', amount: 35000 },
        { tender: 'card', amount: 5000 },
      ],
      note: 'Short by 250',
    });
    const closing = within(z).getAllByTestId('report-closing')[0]!;
    expect(within(closing).getByText(/-.*0\.250/)).toBeTruthy();
    const vendors = within(z).getAllByTestId('report-vendors')[0]!;
    expect(within(vendors).getByText('Olive Grove')).toBeTruthy();
    expect(within(vendors).getByText(/4\.500/)).toBeTruthy();
    // The Z report came with the close: it is not asked for again.
    expect(api.calls.filter((c) => c.path === `/pos/sessions/${SESSION}/report`)).toHaveLength(1);
  });

  it('refuses to close before every tender is counted, sending nothing', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Close the session of Harbour till' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Counted Cash (JOD)'), '35.250');
    await user.click(within(dialog).getByRole('button', { name: 'Close session' }));
    expect(await within(dialog).findByText('Enter what was counted for Card (0 if none)')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('moves cash out with a reason and one Idempotency-Key across a retry', async () => {
    let attempts = 0;
    const api = serve([
      {
        method: 'POST',
        path: '/pos/sessions/:id/cash-moves',
        reply: (c) =>
          ++attempts === 1
            ? { status: 503, body: { error: { code: 'unavailable', message: 'The database is not available' } } }
            : {
                status: 201,
                body: posRoutes.addCashMove.response.parse({ id: VENDOR, ...(c.body as object), byName: 'Mona', createdAt: STAMP }),
              },
      },
    ]);
    const { user } = await renderWithProviders(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Cash in or out: Harbour till' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Cash out'));
    await user.type(within(dialog).getByLabelText('Amount (JOD)'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bank drop');
    await user.click(within(dialog).getByRole('button', { name: 'Record cash move' }));
    expect(await within(dialog).findByText('The database is not available')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record cash move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = api.fetch.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).includes('/cash-moves'));
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(posts[1]![1]!.body as string)).toEqual({ kind: 'out', amount: 5000, reason: 'Bank drop' });
  });

  it('opens a session on a register without one, its float counted in minor units', async () => {
    const second = { ...register, id: SECOND, name: 'Night till', openingFloat: 15000 };
    const api = serve([
      { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register, second] }) },
      { method: 'POST', path: '/pos/sessions', reply: () => ({ status: 201, body: session({ id: SECOND_SESSION, registerId: SECOND }) }) },
    ]);
    const { user } = await renderWithProviders(<SessionsPage />);
    await screen.findByTestId(`session-${SESSION}`);
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a session' });
    // Harbour till has an open session: only the night till is offered, with its default float.
    const select = within(dialog).getByLabelText('Register') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Night till']);
    const float = within(dialog).getByLabelText('Opening float (JOD)') as HTMLInputElement;
    expect(float.value).toBe('15.000');
    await user.clear(float);
    await user.type(float, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Open session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ registerId: SECOND, openingFloat: 12500 });
  });

  it('prints the X report in Arabic, right to left', async () => {
    serve();
    const { user } = await renderWithProviders(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'X report: Harbour till' }));
    const dialog = await screen.findByRole('dialog', { name: 'X report (session so far)' });
    await within(dialog).findAllByTestId('report-tenders');
    await user.selectOptions(within(dialog).getByLabelText('Print language'), 'ar');
    await waitFor(() => expect(within(dialog).getByTestId('session-report').getAttribute('dir')).toBe('rtl'));
    const doc = within(dialog).getByTestId('session-report');
    expect(within(doc).getByText('تقرير X (الجلسة حتى الآن)')).toBeTruthy();
    expect(within(doc).getByText('حسب البائع')).toBeTruthy();
    // The copy that prints is the same report, outside the dialog.
    expect(document.querySelector('[data-testid="report-print-root"] [data-testid="session-report"]')?.getAttribute('dir')).toBe('rtl');
  });
});
