import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../app/i18n/i18n-provider';
import { stubApi, type ApiCall, type ApiReply } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import OrdersPage from '../orders/orders-page';
import { currencyHandler, register, REGISTER, summary, vendorsHandler } from '../orders/orders.test-fixtures';
import { customerOrder, customerSummary, oil, ORDER, orderId, payment, SALE_ID, UPDATED } from './customer-orders.test-fixtures';

// Customer orders on the Order Management page against contract-shaped answers: the filters reach the list's query
// and "Load more" sends the cursor; a new delivery order without an address shows the server's 422 under the
// address; each state offers only its actions; a payment starts from what is due and Complete waits until nothing
// is; a 409 says the order changed and reads it again; cancelling asks why.

type Order = ReturnType<typeof customerOrder>;
type Handler = (c: ApiCall) => ApiReply;

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/pos/customer-orders');
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');
const refused: Handler = () => ({ status: 500, body: {} });
/** The server's answer to a write naming an updatedAt that is no longer the order's. */
const stale: ApiReply = {
  status: 409,
  body: {
    error: {
      code: 'conflict',
      message: 'This record was changed by someone else',
      fields: [{ field: 'expectedUpdatedAt', message: 'changed by someone else since you opened it' }],
    },
  },
};

function serve(
  o: { orders?: Order[] | (() => Order[]); create?: Handler; update?: Handler; transition?: Handler; pay?: Handler; list?: Handler } = {},
) {
  const orders = () => (typeof o.orders === 'function' ? o.orders() : (o.orders ?? [customerOrder()]));
  return stubApi([
    currencyHandler,
    vendorsHandler,
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
    {
      method: 'GET',
      path: '/pos/customer-orders',
      reply:
        o.list ??
        (() => ({
          body: { items: orders().map((x, i) => customerSummary(i + 1, { ...x, id: x.id, number: x.number })), nextCursor: null },
        })),
    },
    {
      method: 'GET',
      path: '/pos/customer-orders/:id',
      reply: (c) => {
        const found = orders().find((x) => c.path.endsWith(x.id));
        return found ? { body: found } : { status: 404, body: { error: { code: 'not_found', message: 'Customer order not found' } } };
      },
    },
    { method: 'GET', path: '/pos/registers/:id/lookup', reply: () => ({ body: [oil()] }) },
    { method: 'POST', path: '/pos/customer-orders', reply: o.create ?? refused },
    { method: 'PATCH', path: '/pos/customer-orders/:id', reply: o.update ?? refused },
    { method: 'POST', path: '/pos/customer-orders/:id/state', reply: o.transition ?? refused },
    { method: 'POST', path: '/pos/customer-orders/:id/payments', reply: o.pay ?? refused },
    { method: 'GET', path: '/pos/orders', reply: () => ({ body: { items: [summary(123)], nextCursor: null } }) },
  ]);
}

/** Renders the customer orders tab and opens the order numbered `number` in its side panel. */
async function openOrder(number: string, api = serve()) {
  const r = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer' });
  await r.user.click(await screen.findByRole('button', { name: `Open order ${number}` }));
  const sheet = await screen.findByTestId('customer-order-sheet');
  await within(sheet).findByRole('heading', { name: `Order ${number}` });
  return { ...r, api, sheet };
}

/** The names of the action buttons of the open order (none when its state allows none). */
const actionsOf = (sheet: HTMLElement, label = 'Order actions') => {
  const group = within(sheet).queryByRole('group', { name: label });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
};

describe('Customer orders', () => {
  it('filters the list on the server and loads the next page with the cursor', async () => {
    const api = serve({
      list: (c) =>
        c.query.get('cursor') === 'page-2'
          ? { body: { items: [customerSummary(3)], nextCursor: null } }
          : {
              body: {
                items: [customerSummary(1), customerSummary(2, { state: 'confirmed', fulfilment: 'delivery' })],
                nextCursor: 'page-2',
              },
            },
    });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer' });
    expect(await screen.findByTestId('customer-order-O-000001')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Customer orders' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Order Management' })).toBeTruthy();
    expect(within(screen.getByTestId('customer-order-O-000002')).getByText('Delivery')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('State'), 'confirmed');
    await user.selectOptions(screen.getByLabelText('Pickup or delivery'), 'delivery');
    await user.type(screen.getByLabelText('Order number or customer'), 'Layla');
    await waitFor(() => expect(listCalls(api.calls).at(-1)!.query.get('q')).toBe('Layla'));
    const filtered = listCalls(api.calls).at(-1)!.query;
    expect(filtered.get('state')).toBe('confirmed');
    expect(filtered.get('fulfilment')).toBe('delivery');
    expect(filtered.get('limit')).toBe('50');
    expect(filtered.has('cursor')).toBe(false);
    expect(filtered.has('registerId')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('customer-order-O-000003')).toBeTruthy();
    const next = listCalls(api.calls).at(-1)!.query;
    expect([next.get('cursor'), next.get('state'), next.get('fulfilment'), next.get('q')]).toEqual([
      'page-2',
      'confirmed',
      'delivery',
      'Layla',
    ]);
    expect(screen.getByTestId('customer-order-O-000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the server’s 422 under the delivery address of a delivery order without one, then creates it', async () => {
    const created = customerOrder({ fulfilment: 'delivery', deliveryAddress: '12 Rainbow Street, Amman' });
    const api = serve({
      orders: [created],
      list: () => ({ body: { items: [], nextCursor: null } }),
      create: (c) =>
        (c.body as { deliveryAddress: string }).deliveryAddress
          ? { status: 201, body: created }
          : {
              status: 422,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'deliveryAddress: is required for a delivery',
                  fields: [{ field: 'deliveryAddress', message: 'is required for a delivery' }],
                },
              },
            },
    });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer' });
    expect(await screen.findByText('No customer orders yet. Take one with “New order”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer order' });
    await waitFor(() => expect((within(dialog).getByLabelText('Register') as HTMLSelectElement).value).toBe(REGISTER));
    expect(within(dialog).queryByLabelText('Delivery address')).toBeNull();
    await user.click(within(dialog).getByLabelText('Delivery'));
    await user.type(within(dialog).getByLabelText('Customer name'), 'Layla Haddad');
    await user.type(within(dialog).getByLabelText('Scan or search'), 'oil');
    await user.click(await within(dialog).findByRole('option', { name: /Olive oil/ }));
    expect(within(dialog).getByTestId('order-form-total').textContent).toMatch(/5\.000/);
    await user.click(within(dialog).getByRole('button', { name: 'One more Olive oil' }));
    expect(within(dialog).getByTestId('order-form-total').textContent).toMatch(/10\.000/);

    await user.click(within(dialog).getByRole('button', { name: 'Create order' }));
    const address = within(dialog).getByLabelText('Delivery address');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)!.textContent).toBe('is required for a delivery');
    expect(posts(api.calls)[0]!.body).toEqual({
      registerId: REGISTER,
      fulfilment: 'delivery',
      customerName: 'Layla Haddad',
      customerEmail: '',
      customerPhone: '',
      deliveryAddress: '',
      dueOn: null,
      note: '',
      lines: [{ productId: oil().productId, quantity: 2, unitPrice: 5000 }],
      orderDiscount: null,
    });

    await user.type(address, '12 Rainbow Street, Amman');
    await user.click(within(dialog).getByRole('button', { name: 'Create order' }));
    const sheet = await screen.findByTestId('customer-order-sheet');
    await within(sheet).findByRole('heading', { name: 'Order O-000042' });
    expect(screen.queryByRole('dialog', { name: 'New customer order' })).toBeNull();
    expect(posts(api.calls)).toHaveLength(2);
    expect((posts(api.calls)[1]!.body as { deliveryAddress: string }).deliveryAddress).toBe('12 Rainbow Street, Amman');
  });

  it('offers the actions each state allows, and links a completed order to its sale', async () => {
    const states = ['draft', 'confirmed', 'ready', 'completed', 'cancelled'] as const;
    const orders = states.map((state, i) =>
      customerOrder({
        id: orderId(i + 1),
        number: `O-00000${i + 1}`,
        state,
        ...(state === 'completed' ? { paid: 10000, saleId: SALE_ID, saleReceiptNumber: '000200' } : {}),
      }),
    );
    serve({ orders });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer' });
    const seen: Record<string, (string | null)[]> = {};
    for (const o of orders) {
      await user.click(await screen.findByRole('button', { name: `Open order ${o.number}` }));
      const sheet = await screen.findByTestId('customer-order-sheet');
      await within(sheet).findByRole('heading', { name: `Order ${o.number}` });
      seen[o.state] = actionsOf(sheet);
      if (o.state === 'confirmed') expect(within(sheet).getByRole('button', { name: 'Complete' })).toHaveProperty('disabled', true);
      if (o.state === 'completed')
        expect(within(sheet).getByRole('link', { name: 'open sale 000200' }).getAttribute('href')).toBe(
          `/orders?receipt=000200&registerId=${REGISTER}`,
        );
      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByTestId('customer-order-sheet')).toBeNull());
    }
    expect(seen).toEqual({
      draft: ['Edit', 'Confirm', 'Cancel order'],
      confirmed: ['Mark ready', 'Take payment', 'Complete', 'Cancel order'],
      ready: ['Take payment', 'Complete', 'Cancel order'],
      completed: [],
      cancelled: [],
    });
  });

  it('takes a payment starting from what is due, and completes the order only once nothing is due', async () => {
    const confirmed = customerOrder({ state: 'confirmed', paid: 2500, payments: [payment(2500)] });
    const paidUp = customerOrder({
      state: 'confirmed',
      paid: 10000,
      payments: [payment(2500), payment(7500, { tender: 'card', reference: 'AUTH-77' })],
      updatedAt: '2026-03-02T11:00:00.000Z',
    });
    let current = confirmed;
    const api = serve({
      orders: () => [current],
      pay: () => ((current = paidUp), { status: 201, body: paidUp }),
      transition: () => ({ body: customerOrder({ ...paidUp, state: 'completed', saleId: SALE_ID, saleReceiptNumber: '000200' }) }),
    });
    const { user, sheet } = await openOrder('O-000042', api);
    expect(within(sheet).getByTestId('customer-order-due').textContent).toMatch(/7\.500/);
    const complete = within(sheet).getByRole('button', { name: 'Complete' });
    expect(complete).toHaveProperty('disabled', true);
    expect(document.getElementById(complete.getAttribute('aria-describedby')!)!.textContent).toMatch(/7\.500 is still due/);

    await user.click(within(sheet).getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment for order O-000042' });
    const amount = within(dialog).getByLabelText('Amount (JOD)') as HTMLInputElement;
    expect(amount.value).toBe('7.500');
    await waitFor(() => expect((within(dialog).getByLabelText('Tender') as HTMLSelectElement).value).toBe('cash'));
    await user.selectOptions(within(dialog).getByLabelText('Tender'), 'card');
    await user.type(within(dialog).getByLabelText('Reference (optional)'), 'AUTH-77');
    await user.click(within(dialog).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take payment for order O-000042' })).toBeNull());
    const paid = posts(api.calls)[0]!;
    expect([paid.path, paid.body]).toEqual([
      `/pos/customer-orders/${ORDER}/payments`,
      { tender: 'card', amount: 7500, reference: 'AUTH-77' },
    ]);
    const init = api.fetch.mock.calls.find(([, i]) => i?.method === 'POST')![1]!;
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Complete' })).toHaveProperty('disabled', false));
    await user.click(within(sheet).getByRole('button', { name: 'Complete' }));
    const link = await within(sheet).findByRole('link', { name: 'open sale 000200' });
    expect(link.getAttribute('href')).toBe(`/orders?receipt=000200&registerId=${REGISTER}`);
    expect(posts(api.calls)[1]!.body).toEqual({ state: 'completed', expectedUpdatedAt: '2026-03-02T11:00:00.000Z' });
    expect(actionsOf(sheet)).toEqual([]);
  });

  it('edits a draft with the version it was opened at, and says so when someone changed it meanwhile', async () => {
    let answer = 0;
    const api = serve({
      update: (c) => {
        answer += 1;
        if (answer === 1) return stale;
        return { body: customerOrder({ ...(c.body as object), updatedAt: '2026-03-02T13:00:00.000Z' }) };
      },
    });
    const { user, sheet } = await openOrder('O-000042', api);
    await user.click(within(sheet).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order O-000042' });
    const name = within(dialog).getByLabelText('Customer name') as HTMLInputElement;
    expect(name.value).toBe('Layla Haddad');
    expect(within(dialog).getByTestId('order-form-total').textContent).toMatch(/10\.000/);
    await user.clear(name);
    await user.type(name, 'Layla H.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/changed by someone else since you opened this form/);

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit order O-000042' })).toBeNull());
    expect(await within(sheet).findByText('Layla H.')).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.path)).toEqual(Array(2).fill(`/pos/customer-orders/${ORDER}`));
    expect(patches[1]!.body).toMatchObject({ customerName: 'Layla H.', fulfilment: 'pickup', expectedUpdatedAt: UPDATED });
    expect(patches[1]!.body).not.toHaveProperty('lines');
  });

  it('says the order changed and reads it again when the server answers 409', async () => {
    let current = customerOrder();
    const api = serve({
      orders: () => [current],
      transition: () => {
        current = customerOrder({ state: 'confirmed', updatedAt: '2026-03-02T12:00:00.000Z' });
        return stale;
      },
    });
    const { user, sheet } = await openOrder('O-000042', api);
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'This order was changed meanwhile and has been reloaded. Check it, then try again.',
    );
    expect(posts(api.calls)[0]!.body).toEqual({ state: 'confirmed', expectedUpdatedAt: UPDATED });
    await waitFor(() => expect(within(sheet).getByText('Confirmed')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === `/pos/customer-orders/${ORDER}`)).toHaveLength(2);
    expect(actionsOf(sheet)).toEqual(['Mark ready', 'Take payment', 'Complete', 'Cancel order']);
  });

  it('asks why before cancelling, and shows the refund', async () => {
    const api = serve({
      orders: [customerOrder({ state: 'ready', paid: 2500, payments: [payment(2500)] })],
      transition: (c) => ({
        body: customerOrder({
          state: 'cancelled',
          paid: 0,
          payments: [payment(2500), payment(-2500)],
          history: [
            {
              at: UPDATED,
              byName: 'Mona Manager',
              event: 'cancelled',
              reason: (c.body as { reason: string }).reason,
              tender: null,
              amount: null,
            },
          ],
        }),
      }),
    });
    const { user, sheet } = await openOrder('O-000042', api);
    await user.click(within(sheet).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order O-000042' });
    expect(within(dialog).getByText(/the JOD\s?2\.500 paid is refunded/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Say why the order is cancelled.')).toBeTruthy();
    expect(posts(api.calls)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Customer changed their mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel order O-000042' })).toBeNull());
    expect(posts(api.calls)[0]!.body).toEqual({ state: 'cancelled', reason: 'Customer changed their mind', expectedUpdatedAt: UPDATED });
    expect(within(within(sheet).getByTestId('customer-order-payments')).getByText('Refund')).toBeTruthy();
    expect(within(sheet).getByTestId('customer-order-history').textContent).toContain('Customer changed their mind');
    expect(actionsOf(sheet)).toEqual([]);
  });

  it('opens the sales for a receipt link, and switches tabs', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer&receipt=000123' });
    expect(await screen.findByTestId('order-000123')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sales and returns' }).getAttribute('aria-selected')).toBe('true');
    expect(listCalls(api.calls)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Customer orders' }));
    expect(await screen.findByTestId('customer-order-O-000042')).toBeTruthy();
    expect(screen.queryByTestId('order-000123')).toBeNull();
  });

  it('reads in Arabic, right to left, with the order’s figures in Western digits', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    serve({ orders: [customerOrder({ state: 'confirmed', paid: 2500, payments: [payment(2500)] })] });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders?tab=customer' });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('tab', { name: 'طلبات العملاء' }).getAttribute('aria-selected')).toBe('true');
    await user.click(await screen.findByRole('button', { name: 'فتح الطلب O-000042' }));
    const sheet = await screen.findByTestId('customer-order-sheet');
    await within(sheet).findByRole('heading', { name: 'الطلب O-000042' });
    expect(within(sheet).getByTestId('customer-order-due').textContent).toMatch(/7\.500/);
    expect(actionsOf(sheet, 'إجراءات الطلب')).toEqual(['تعيين كجاهز', 'أخذ دفعة', 'إكمال', 'إلغاء الطلب']);
  });
});
