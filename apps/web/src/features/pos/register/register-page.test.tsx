import { platformRoutes, posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../../app/session/use-me';
import { stubApi, type ApiCall, type ApiReply } from '../../../test/api-stub';
import { createTestQueryClient, renderWithProviders } from '../../../test/render-with-providers';
import { priceOrder, settle, type OrderBody, type Sellable } from './cart';
import RegisterPage from './register-page';
import { memoryServices } from './register-services';

// The register screen against contract-shaped answers: scanning, split tender, the receipt, and the sale queue
// when the network fails. Storage is in memory (the app's is IndexedDB).

const STAMP = '2026-03-01T09:00:00.000Z';
const REGISTER_ID = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
const SESSION_ID = '7c2e9f50-3d4b-4eac-9f80-2b3c4d5e6f70';

const register = posRoutes.listRegisters.response.element.parse({
  id: REGISTER_ID,
  name: 'Harbour till',
  locationId: null,
  locationNameEn: null,
  locationNameAr: null,
  openingFloat: 15_000,
  tenders: ['cash', 'card'],
  receiptHeaderEn: 'Harbour Market',
  receiptHeaderAr: 'سوق الميناء',
  receiptFooterEn: 'Thank you',
  receiptFooterAr: 'شكرًا لكم',
  allowNegativeStock: false,
  cashierIds: [],
  channelId: null,
  status: 'active',
  createdAt: STAMP,
  updatedAt: STAMP,
});

const session = posRoutes.listSessions.response.element.parse({
  id: SESSION_ID,
  registerId: REGISTER_ID,
  registerName: 'Harbour till',
  status: 'open',
  openedAt: STAMP,
  openedByName: 'Mona',
  openingFloat: 15_000,
  openingNote: '',
  closedAt: null,
  closedByName: null,
  closingNote: '',
  saleCount: 0,
  returnCount: 0,
  grossSales: 0,
  returns: 0,
  discounts: 0,
  taxes: 0,
  cashIn: 0,
  cashOut: 0,
  expectedCash: 15_000,
  closing: null,
});

const sellable = (over: Partial<Sellable>) =>
  posRoutes.lookupSellables.response.element.parse({
    variantId: null,
    barcode: null,
    vendorId: null,
    taxRateBasisPoints: 1600,
    tracksStock: false,
    stock: null,
    ...over,
  });
const oil = sellable({
  productId: '8d3fa061-4e5c-4fbd-8a91-3c4d5e6f7081',
  variantId: '9e4fb172-5f6d-4ace-9ba2-4d5e6f708192',
  sku: 'OIL-1',
  barcode: '6281000000017',
  nameEn: 'Olive oil 1 l',
  nameAr: 'زيت زيتون ١ لتر',
  vendorName: 'Olive Grove',
  price: 5_000,
  tracksStock: true,
  stock: 20,
});
const honey = sellable({
  productId: 'af50c283-6a7e-4bdf-8cb3-5e6f708192a3',
  sku: 'HNY-1',
  nameEn: 'Wild honey',
  nameAr: 'عسل بري',
  vendorName: 'Bee Farm',
  price: 3_250,
});
const ITEMS = [oil, honey];

/** The server's answer to a sale: priced by its rules, numbered 000123. */
function recordedOrder(body: OrderBody) {
  const lines = body.lines.map((l) => ({ l, item: ITEMS.find((i) => i.productId === l.productId)! }));
  const priced = priceOrder(
    lines.map(({ l, item }) => ({ ...l, taxRateBasisPoints: item.taxRateBasisPoints })),
    body.orderDiscount,
  );
  const paid = settle(body.payments, priced.total);
  if (!paid.ok) throw new Error('the test paid too little');
  return posRoutes.recordOrder.response.parse({
    alreadyRecorded: false,
    order: {
      id: body.id,
      kind: 'sale',
      receiptNumber: '000123',
      registerId: REGISTER_ID,
      registerName: 'Harbour till',
      sessionId: SESSION_ID,
      placement: 'session',
      originalOrderId: null,
      originalReceiptNumber: null,
      soldAt: body.soldAt,
      recordedAt: body.soldAt,
      cashierName: 'Mona',
      customerName: body.customerName ?? '',
      customerEmail: body.customerEmail ?? '',
      note: '',
      subtotal: priced.subtotal,
      discount: priced.discount,
      tax: priced.tax,
      total: priced.total,
      lines: lines.map(({ l, item }, i) => ({
        id: crypto.randomUUID(),
        lineNo: i + 1,
        productId: item.productId,
        variantId: item.variantId,
        sku: item.sku,
        nameEn: item.nameEn,
        nameAr: item.nameAr,
        vendorId: null,
        vendorName: item.vendorName,
        categoryId: null,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        listPrice: item.price,
        discount: priced.lines[i]!.discount,
        taxRateBasisPoints: item.taxRateBasisPoints,
        tax: priced.lines[i]!.tax,
        total: priced.lines[i]!.total,
        commission: 0,
        soldPastZero: false,
        returnedQuantity: 0,
        originalLineId: null,
        restocked: false,
      })),
      payments: body.payments.map((p, i) => ({
        tender: p.tender,
        amount: p.amount,
        change: paid.change[i]!,
        reference: p.reference ?? '',
      })),
      returns: [],
    },
  });
}

function serve(
  recordSale: (c: ApiCall) => ApiReply | Promise<ApiReply>,
  { registers = [register], discountLimit = null }: { registers?: unknown[]; discountLimit?: number | null } = {},
) {
  return stubApi([
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: registers }) },
    {
      method: 'GET',
      path: '/payments/overview',
      reply: () => ({
        body: { currency: 'KWD', states: [], totals: { count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 } },
      }),
    },
    { method: 'GET', path: '/pos/sessions', reply: (c) => ({ body: c.query.get('status') === 'open' ? [session] : [] }) },
    {
      method: 'GET',
      path: '/pos/registers/:id/snapshot',
      reply: () => ({
        body: {
          takenAt: STAMP,
          register: { id: REGISTER_ID, name: 'Harbour till', tenders: ['cash', 'card'], allowNegativeStock: false },
          currency: { code: 'KWD', minorDigits: 3 },
          discountLimit,
          items: ITEMS,
        },
      }),
    },
    {
      method: 'GET',
      path: '/pos/registers/:id/lookup',
      reply: (c) => {
        const q = (c.query.get('q') ?? '').toLowerCase();
        const exact = ITEMS.filter((i) => i.barcode === q || i.sku.toLowerCase() === q);
        return { body: [...exact, ...ITEMS.filter((i) => !exact.includes(i) && i.nameEn.toLowerCase().includes(q))] };
      },
    },
    { method: 'POST', path: '/pos/orders', reply: recordSale },
  ]);
}

const render = () => renderWithProviders(<RegisterPage services={memoryServices()} />);

const ME = 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5';
const SOMEONE_ELSE = 'd28ef5b6-9dab-4e7f-8a2c-8192a3b4c5d6';

/** The page for a signed-in user of the given role (the session's /me, already in the cache). */
function renderAs(effectiveRole: 'admin' | 'vendor_manager') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    meKeys.me(undefined),
    platformRoutes.getMe.response.parse({
      user: { id: ME, email: 'mona@example.com', phone: null, createdAt: STAMP },
      profile: null,
      organization: null,
      role: effectiveRole,
      effectiveRole,
      permissions: ['vendor_management'],
    }),
  );
  return renderWithProviders(<RegisterPage services={memoryServices()} />, { queryClient });
}
const cartId = () => (JSON.parse(localStorage.getItem(`market-pos-cart:${REGISTER_ID}`) ?? '{}') as { id?: string }).id;
const posts = (api: { calls: ApiCall[] }) => api.calls.filter((c) => c.method === 'POST' && c.path === '/pos/orders');

afterEach(() => {
  vi.restoreAllMocks();
  // A test that went offline leaves the connection back for the next one (TanStack Query pauses queries offline).
  window.dispatchEvent(new Event('online'));
});

describe('POS register', () => {
  it('sells by barcode and SKU with a split tender: one POST under the cart id, and a receipt with the change', async () => {
    const api = serve((c) => ({ status: 201, body: recordedOrder(c.body as OrderBody) }));
    const { user } = await render();

    // The register is chosen once and remembered; its open session is continued.
    await user.click(await screen.findByRole('button', { name: /Harbour till/ }));
    expect(JSON.parse(localStorage.getItem('market-pos-register') ?? '{}').id).toBe(REGISTER_ID);
    const search = await screen.findByRole('combobox', { name: 'Scan or search' });
    await waitFor(() => expect(document.activeElement).toBe(search));

    await user.type(search, '6281000000017{Enter}');
    await user.type(search, 'hny-1{Enter}');
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Olive oil 1 l')).toBeTruthy();
    expect(within(lines[0]!).getByText(/Olive Grove/)).toBeTruthy();
    expect(within(lines[1]!).getByText('Wild honey')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toMatch(/8\.250/);
    const id = cartId();
    expect(id).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Tender'), 'card');
    const first = within(dialog).getByLabelText('Amount 1');
    await user.clear(first);
    await user.type(first, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Add Cash' }));
    const second = within(dialog).getByLabelText('Amount 2');
    expect((second as HTMLInputElement).value).toBe('4.250');
    await user.clear(second);
    await user.type(second, '10');
    expect(within(dialog).getByTestId('change-due').textContent).toMatch(/5\.750/);
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));

    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.body).toMatchObject({
      id,
      registerId: REGISTER_ID,
      sessionId: SESSION_ID,
      lines: [
        { productId: oil.productId, variantId: oil.variantId, quantity: 1, unitPrice: 5_000 },
        { productId: honey.productId, quantity: 1, unitPrice: 3_250 },
      ],
      payments: [
        { tender: 'card', amount: 4_000 },
        { tender: 'cash', amount: 10_000 },
      ],
    });

    const receipt = within(screen.getByTestId('receipt-preview'));
    expect(receipt.getByTestId('receipt-number').textContent).toBe('Receipt 000123');
    expect(receipt.getByText('Harbour Market')).toBeTruthy();
    expect(receipt.getByText('Bee Farm')).toBeTruthy();
    expect(receipt.getByTestId('receipt-total').textContent).toMatch(/8\.250/);
    expect(receipt.getByTestId('receipt-change').textContent).toMatch(/5\.750/);
    expect(screen.getByTestId('done-change').textContent).toMatch(/5\.750/);
    expect(receipt.getByRole('img', { name: 'Scan to see this sale' }).getAttribute('data-qr-text')).toBe(
      `${window.location.origin}/orders?receipt=000123`,
    );

    // The receipt in Arabic reads right to left.
    await user.click(screen.getByRole('radio', { name: 'العربية' }));
    await waitFor(() =>
      expect(screen.getByTestId('receipt-preview').querySelector('[data-testid="pos-receipt"]')!.getAttribute('dir')).toBe('rtl'),
    );
    expect(receipt.getByText('سوق الميناء')).toBeTruthy();

    // A new sale starts a new cart with a new id.
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(await screen.findByText('The cart is empty. Scan a barcode or search for an item.')).toBeTruthy();
    expect(cartId()).not.toBe(id);
  });

  it('continues the kept cart after a reload only when it holds items: a second tab of the register starts a cart (and a sale id) of its own', async () => {
    serve((c) => ({ status: 201, body: recordedOrder(c.body as OrderBody) }));
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    const cartKey = `market-pos-cart:${REGISTER_ID}`;
    const kept = (id: string, lines: unknown[]) =>
      localStorage.setItem(cartKey, JSON.stringify({ id, startedAt: STAMP, lines, customerName: '', customerEmail: '' }));

    // Another tab's empty cart: this tab starts its own.
    const otherTabs = '0f1e2d3c-4b5a-4697-8877-665544332211';
    kept(otherTabs, []);
    const first = await render();
    expect(await screen.findByText('The cart is empty. Scan a barcode or search for an item.')).toBeTruthy();
    await waitFor(() => expect(cartId()).toBeTruthy());
    expect(cartId()).not.toBe(otherTabs);
    first.unmount();

    // A cart with items (the page reloaded mid-sale) is continued under its id.
    const midSale = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    kept(midSale, [{ key: `${honey.productId}:`, item: honey, quantity: 2, unitPrice: honey.price }]);
    await render();
    const lines = await screen.findAllByTestId('cart-line');
    expect(within(lines[0]!).getByText('Wild honey')).toBeTruthy();
    expect(cartId()).toBe(midSale);
  });

  it('opens a session with the float suggested from the cash counted at the last close, then sells', async () => {
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    const closed = {
      ...session,
      id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6',
      status: 'closed',
      closedAt: STAMP,
      closing: [{ tender: 'cash', expected: 12_000, counted: 12_500, difference: 500 }],
    };
    let opened = false;
    const api = stubApi([
      { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register] }) },
      { method: 'GET', path: '/payments/overview', reply: () => ({ status: 500, body: {} }) },
      {
        method: 'GET',
        path: '/pos/sessions',
        reply: (c) => ({ body: c.query.get('status') === 'open' ? (opened ? [session] : []) : [closed] }),
      },
      { method: 'POST', path: '/pos/sessions', reply: () => ((opened = true), { status: 201, body: session }) },
      { method: 'GET', path: '/pos/registers/:id/snapshot', reply: () => ({ status: 503, body: {} }) },
    ]);
    const { user } = await render();
    const float = await screen.findByLabelText('Opening float counted');
    await waitFor(() => expect((float as HTMLInputElement).value).toBe('125.00'));
    expect(screen.getByText(/the cash counted when the last session closed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    expect(await screen.findByRole('combobox', { name: 'Scan or search' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ registerId: REGISTER_ID, openingFloat: 12_500 });
    expect(JSON.parse(localStorage.getItem('market-pos-session') ?? '{}').id).toBe(SESSION_ID);
  });

  it('keeps a sale the network failed to send, shows it waiting with a provisional receipt, and sends it when back online', async () => {
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    let attempt = 0;
    const api = serve((c) => {
      if (++attempt === 1) throw new TypeError('Failed to fetch');
      return { status: 201, body: recordedOrder(c.body as OrderBody) };
    });
    const { user } = await render();
    const search = await screen.findByRole('combobox', { name: 'Scan or search' });
    await user.type(search, '6281000000017{Enter}');
    await screen.findByTestId('cart-line');
    const id = cartId()!;

    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));

    expect(await screen.findByText('Sale saved on this device')).toBeTruthy();
    expect(screen.getByTestId('queue-waiting').textContent).toBe('1 waiting');
    expect(within(screen.getByTestId('receipt-preview')).getByTestId('receipt-number').textContent).toBe(
      `Receipt pending (${id.slice(0, 8)})`,
    );

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(screen.queryByTestId('queue-waiting')).toBeNull();
    expect(within(screen.getByTestId('receipt-preview')).getByTestId('receipt-number').textContent).toBe('Receipt 000123');
    // The same sale both times: same id, same content (the server records it once).
    expect(posts(api)[1]!.body).toEqual(posts(api)[0]!.body);
    expect((posts(api)[0]!.body as OrderBody).id).toBe(id);
  });

  it('gives a sale refused at the counter back to the cashier with the server’s words', async () => {
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    serve(() => ({
      status: 409,
      body: {
        error: { code: 'conflict', message: 'Not enough stock', fields: [{ field: 'lines.0.quantity', message: 'only 1 in stock' }] },
      },
    }));
    const { user } = await render();
    const search = await screen.findByRole('combobox', { name: 'Scan or search' });
    await user.type(search, '6281000000017{Enter}');
    await screen.findByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect(await within(dialog).findByText(/only 1 in stock/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the cart' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByTestId('queue-waiting')).toBeNull();
  });

  it('finds items in the kept snapshot while offline, by name, and queues the sale', async () => {
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    const api = serve((c) => ({ status: 201, body: recordedOrder(c.body as OrderBody) }));
    const { user } = await render();
    const search = await screen.findByRole('combobox', { name: 'Scan or search' });
    // Let the snapshot arrive, then lose the connection.
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/snapshot'))).toBe(true));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/selling from the 2 items kept on this device/)).toBeTruthy();

    await user.type(search, 'HONEY');
    const option = await screen.findByRole('option', { name: /Wild honey/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(await screen.findByTestId('cart-line')).getByText('Wild honey')).toBeTruthy();
    expect(option).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('/lookup'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale saved on this device')).toBeTruthy();
    expect(screen.getByTestId('queue-waiting').textContent).toBe('1 waiting');
    expect(posts(api)).toHaveLength(0);
  });

  it('lists only the registers the signed-in user may use, and says so when no register names them', async () => {
    const named = (id: string, name: string, cashierIds: string[]) => ({ ...register, id, name, cashierIds });
    const night = named('1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', 'Night till', [ME]);
    const office = named('2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e', 'Office till', [SOMEONE_ELSE]);
    serve(() => ({ status: 500, body: {} }), { registers: [register, night, office] });

    // A cashier: the register for everyone and the one naming them, not the one naming someone else.
    const cashier = await renderAs('vendor_manager');
    expect(await screen.findByRole('button', { name: /Harbour till/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Night till/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Office till/ })).toBeNull();
    cashier.unmount();

    // A manager uses every register.
    const manager = await renderAs('admin');
    expect(await screen.findByRole('button', { name: /Office till/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /till/ })).toHaveLength(3);
    manager.unmount();

    // The register kept on this device names someone else now: it is chosen again, and none is left for this cashier.
    serve(() => ({ status: 500, body: {} }), { registers: [office] });
    localStorage.setItem('market-pos-register', JSON.stringify(office));
    await renderAs('vendor_manager');
    expect(await screen.findByTestId('pos-pick-not-cashier')).toBeTruthy();
    expect(screen.getByText(/No register lists you as a cashier\. Ask a manager/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Office till/ })).toBeNull();
    expect(localStorage.getItem('market-pos-register')).toBeNull();
  });

  it('refuses to take payment while a discount is past the cashier’s limit, and says how far the role may go', async () => {
    localStorage.setItem('market-pos-register', JSON.stringify(register));
    const api = serve((c) => ({ status: 201, body: recordedOrder(c.body as OrderBody) }), { discountLimit: 1_000 });
    const { user } = await render();
    const search = await screen.findByRole('combobox', { name: 'Scan or search' });
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/snapshot'))).toBe(true));
    await user.type(search, '6281000000017{Enter}');
    await screen.findByTestId('cart-line');
    const pay = () => screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement;

    // 20% off a line: more than the 10% the role may give.
    await user.click(screen.getByRole('button', { name: 'Discount on Olive oil 1 l' }));
    expect(await screen.findByText('Your role may give at most 10% off.')).toBeTruthy();
    await user.type(screen.getByLabelText('Discount on Olive oil 1 l: percentage'), '20{Enter}');
    expect((await screen.findByTestId('discount-over-limit')).textContent).toBe(
      'Your role may give at most 10% off: lower the discount on Olive oil 1 l to take payment.',
    );
    expect(within(screen.getByTestId('cart-line')).getByTestId('line-over-limit').textContent).toBe('More than the 10% your role may give');
    expect(pay().disabled).toBe(true);
    await user.keyboard('{F9}');
    expect(screen.queryByRole('dialog')).toBeNull();

    // 10% on the line is within the limit, but 5% more on the whole sale takes it past.
    await user.click(screen.getByRole('button', { name: 'Discount on Olive oil 1 l' }));
    const percent = screen.getByLabelText('Discount on Olive oil 1 l: percentage');
    await user.clear(percent);
    await user.type(percent, '10{Enter}');
    await waitFor(() => expect(screen.queryByTestId('discount-over-limit')).toBeNull());
    expect(pay().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Discount on the whole sale' }));
    await user.type(screen.getByLabelText('Discount on the whole sale: percentage'), '5{Enter}');
    expect((await screen.findByTestId('discount-over-limit')).textContent).toBe(
      'Your role may give at most 10% off the whole sale: lower the discounts to take payment.',
    );
    expect(pay().disabled).toBe(true);

    // Without the sale discount the sale is paid, with the 10% the role allows.
    await user.click(screen.getByRole('button', { name: /Sale discount 5%/ }));
    await user.click(screen.getByRole('button', { name: 'Remove discount' }));
    await waitFor(() => expect(pay().disabled).toBe(false));
    await user.click(pay());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect((posts(api)[0]!.body as OrderBody).lines[0]!.discount).toEqual({ kind: 'percentage', value: 1_000 });
  });
});
