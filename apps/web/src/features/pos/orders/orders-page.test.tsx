import { posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import OrdersPage from './orders-page';
import {
  currencyHandler,
  LINES,
  openSession,
  REGISTER,
  register,
  RETURN,
  sale,
  SALE,
  SESSION,
  summary,
  vendorsHandler,
} from './orders.test-fixtures';

// Order Management against contract-shaped answers: the filters reach the list's query (the total in minor units
// of JOD), "Load more" asks for the next page with the cursor the last one gave, ?receipt= searches for that
// receipt, and a return sends only the lines and quantities chosen, under the return's own new id.

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/pos/orders');

function serve(
  o: {
    sessions?: unknown[];
    returns?: (c: ApiCall) => { status?: number; body: unknown };
    email?: (c: ApiCall) => { status?: number; body: unknown };
  } = {},
) {
  return stubApi([
    currencyHandler,
    vendorsHandler,
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
    {
      method: 'GET',
      path: '/pos/orders',
      reply: (c) =>
        c.query.get('cursor') === 'page-2'
          ? { body: { items: [summary(3), summary(4)], nextCursor: null } }
          : { body: { items: [summary(1), summary(2, { receiptNumber: '000123', id: SALE })], nextCursor: 'page-2' } },
    },
    { method: 'GET', path: '/pos/orders/:id', reply: () => ({ body: sale() }) },
    { method: 'GET', path: '/pos/sessions', reply: () => ({ body: o.sessions ?? [openSession()] }) },
    { method: 'POST', path: '/pos/orders/:id/returns', reply: o.returns ?? (() => ({ status: 500, body: {} })) },
    { method: 'POST', path: '/pos/orders/:id/email', reply: o.email ?? (() => ({ status: 500, body: {} })) },
  ]);
}

describe('Order Management', () => {
  it('filters the list on the server and loads the next page with the cursor', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders' });
    expect(await screen.findByTestId('order-000001')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Management' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind'), 'return');
    await user.type(screen.getByLabelText('Total from'), '10.5');
    await waitFor(() => expect(listCalls(api.calls).at(-1)!.query.get('minTotal')).toBe('10500'));
    const filtered = listCalls(api.calls).at(-1)!.query;
    expect(filtered.get('kind')).toBe('return');
    expect(filtered.get('limit')).toBe('50');
    expect(filtered.has('cursor')).toBe(false);

    await screen.findByTestId('order-000123');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('order-000004')).toBeTruthy();
    const next = listCalls(api.calls).at(-1)!.query;
    expect(next.get('cursor')).toBe('page-2');
    expect(next.get('kind')).toBe('return');
    expect(next.get('minTotal')).toBe('10500');
    // The first page stays; the last page ends the list.
    expect(screen.getByTestId('order-000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches for the receipt a QR code links to', async () => {
    const api = serve();
    await renderWithProviders(<OrdersPage />, { route: '/orders?receipt=000123' });
    await screen.findByTestId('order-000123');
    expect(listCalls(api.calls)[0]!.query.get('q')).toBe('000123');
    expect((screen.getByLabelText('Receipt number or customer') as HTMLInputElement).value).toBe('000123');
  });

  it('shows an order per vendor with payments and returns, and returns only the lines and quantities chosen', async () => {
    const api = serve({
      returns: (c) => ({
        status: 201,
        body: posRoutes.recordReturn.response.parse({
          alreadyRecorded: false,
          order: sale({
            id: (c.body as { id: string }).id,
            kind: 'return',
            receiptNumber: '000125',
            originalOrderId: SALE,
            originalReceiptNumber: '000123',
            total: 29000,
            lines: [],
            returns: [],
            payments: [{ tender: 'cash', amount: 29000, change: 0, reference: '' }],
          }),
        }),
      }),
    });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Open order 000123' }));
    const sheet = await screen.findByTestId('order-sheet');
    await within(sheet).findByText('Sale 000123');
    expect(within(within(sheet).getByTestId('vendor-Olive Grove')).getByTestId('line-OIL')).toBeTruthy();
    expect(within(within(sheet).getByTestId('vendor-Bee Farm')).getByTestId('line-HONEY')).toBeTruthy();
    expect(within(sheet).getByTestId('order-payments').textContent).toMatch(/change JOD\s?0\.750/);
    expect(within(within(sheet).getByTestId('order-returns')).getByRole('button', { name: '000124' })).toBeTruthy();

    await user.click(within(sheet).getByRole('button', { name: 'Return items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return items of sale 000123' });
    // Oil: 1 of 2 left; bowls: 2 of 3, not back to stock (they keep none anyway); honey left alone.
    await user.click(within(dialog).getByLabelText('Return Olive oil'));
    await user.click(within(dialog).getByLabelText('Return Clay bowl'));
    const bowls = within(dialog).getByLabelText('How many Clay bowl to return');
    expect((bowls as HTMLInputElement).value).toBe('3');
    await user.clear(bowls);
    await user.type(bowls, '2');
    await user.click(within(dialog).getByLabelText('Put Olive oil back in stock'));
    await user.click(within(dialog).getByLabelText('Cash'));
    // 1 of 2 oils (10.000 -> 5.000) + 2 of 3 bowls (36.000 -> 24.000).
    expect(within(dialog).getByTestId('refund-estimate').textContent).toMatch(/29\.000/);
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));

    expect(await screen.findByTestId('return-result')).toBeTruthy();
    expect(screen.getByText(/Return 000125 recorded: JOD\s?29\.000 refunded\./)).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/pos/orders/${SALE}/returns`);
    const body = post.body as { id: string };
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body).toEqual({
      id: body.id,
      registerId: REGISTER,
      sessionId: SESSION,
      lines: [
        { lineId: LINES[0], quantity: 1, restock: false },
        { lineId: LINES[2], quantity: 2, restock: false },
      ],
      refundTo: 'cash',
    });
    expect(body.id).not.toBe(RETURN);
  });

  it('checks the quantities before sending, and says when the register has no open session', async () => {
    const api = serve({ sessions: [] });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Open order 000123' }));
    const sheet = await screen.findByTestId('order-sheet');
    await user.click(await within(sheet).findByRole('button', { name: 'Return items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return items of sale 000123' });
    expect((await within(dialog).findByTestId('no-open-session')).textContent).toMatch(/Harbour till has no open session/);
    await user.click(within(dialog).getByLabelText('Return Olive oil'));
    const oil = within(dialog).getByLabelText('How many Olive oil to return');
    await user.clear(oil);
    await user.type(oil, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect(await within(dialog).findByText('From 1 to 1')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('e-mails the receipt to the address typed, shows the field the server refuses and the hourly limit', async () => {
    let answer = 0;
    const api = serve({
      email: (c) => {
        answer += 1;
        if (answer === 1)
          return {
            status: 422,
            body: { error: { code: 'validation_failed', message: 'to: is required', fields: [{ field: 'to', message: 'is required' }] } },
          };
        if (answer === 2)
          return {
            status: 409,
            body: { error: { code: 'conflict', message: 'This receipt was already e-mailed 5 times in the last hour' } },
          };
        return { body: { queuedTo: (c.body as { to: string }).to } };
      },
    });
    const { user } = await renderWithProviders(<OrdersPage />, { route: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Open order 000123' }));
    const sheet = await screen.findByTestId('order-sheet');
    await user.click(await within(sheet).findByRole('button', { name: 'E-mail receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail receipt 000123' });
    const to = within(dialog).getByLabelText('E-mail address');
    await user.type(to, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect(await within(dialog).findByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(to);
    await user.type(to, 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect(await within(dialog).findByText('is required')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already e-mailed 5 times');
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail receipt 000123' })).toBeNull());
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual(Array(3).fill([`/pos/orders/${SALE}/email`, { to: 'buyer@example.com' }]));
  });
});
