import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import OrderHistoryPage from './order-history-page';
import { csvCell } from './orders-csv';
import { currencyHandler, register, sale, SALE, summary, vendorsHandler } from './orders.test-fixtures';

// Order History: the same list without the return action, and the filtered list exported as CSV made in the
// browser by reading every page (the largest the server gives) with the filters, UTF-8 with a BOM for Excel.

describe('Order History', () => {
  it('opens an order read only', async () => {
    stubApi([
      currencyHandler,
      vendorsHandler,
      { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
      { method: 'GET', path: '/pos/orders', reply: () => ({ body: { items: [summary(123, { id: SALE })], nextCursor: null } }) },
      { method: 'GET', path: '/pos/orders/:id', reply: () => ({ body: sale() }) },
    ]);
    const { user } = await renderWithProviders(<OrderHistoryPage />, { route: '/orders/history' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Open order 000123' }));
    const sheet = await screen.findByTestId('order-sheet');
    await within(sheet).findByText('Sale 000123');
    expect(within(sheet).queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it('exports every filtered order as CSV with a BOM, page by page', async () => {
    const api = stubApi([
      currencyHandler,
      vendorsHandler,
      { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
      {
        method: 'GET',
        path: '/pos/orders',
        reply: (c) =>
          c.query.get('cursor') === 'next'
            ? { body: { items: [summary(3, { kind: 'return', customerName: 'ليلى, "VIP"', total: 1250 })], nextCursor: null } }
            : {
                body: {
                  items: [summary(1), summary(2, { customerName: '=HYPERLINK("x")', tenders: ['card', 'cash'] })],
                  nextCursor: 'next',
                },
              },
      },
    ]);
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:orders';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderWithProviders(
      <>
        <OrderHistoryPage />
        <Toaster />
      </>,
      { route: '/orders/history' },
    );
    await screen.findByTestId('order-000001');
    await user.selectOptions(screen.getByLabelText('Kind'), 'sale');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('3 orders exported')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);

    const exports = api.calls.filter((c) => c.path === '/pos/orders' && c.query.get('limit') === '100');
    expect(exports.map((c) => [c.query.get('kind'), c.query.get('cursor')])).toEqual([
      ['sale', null],
      ['sale', 'next'],
    ]);
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = text.split('\r\n');
    expect(rows[0]).toBe('Receipt,Kind,Date and time,Register,Cashier,Customer,Lines,Vendors,Tenders,Placement,Total (JOD)');
    expect(rows[1]).toMatch(/^000001,Sale,2026-03-0\d \d\d:\d\d:00,Harbour till,Sam Seller,,1,1,Cash,In its session,5\.000$/);
    expect(rows[2]).toContain(`,"'=HYPERLINK(""x"")",1,1,Card + Cash,`);
    expect(rows[3]).toContain(',Return,');
    expect(rows[3]).toContain(',"ليلى, ""VIP""",');
    expect(rows[3]).toMatch(/,1\.250$/);
    expect(rows).toHaveLength(5);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
  });

  it("downloads the server's XLSX of the same filters", async () => {
    const api = stubApi([
      currencyHandler,
      vendorsHandler,
      { method: 'GET', path: '/pos/registers', reply: () => ({ body: [register()] }) },
      { method: 'GET', path: '/pos/orders', reply: () => ({ body: { items: [summary(1)], nextCursor: null } }) },
      { method: 'GET', path: '/pos/orders/export', reply: () => ({ body: 'PK' }) },
    ]);
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:orders');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderWithProviders(<OrderHistoryPage />, { route: '/orders/history' });
    await screen.findByTestId('order-000001');
    await user.selectOptions(screen.getByLabelText('Kind'), 'return');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const file = api.calls.find((c) => c.path === '/pos/orders/export')!;
    expect([file.query.get('format'), file.query.get('kind')]).toEqual(['xlsx', 'return']);
  });
});

describe('csvCell', () => {
  it('quotes what needs quoting, disarms formulas and leaves numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.500')).toBe('-12.500');
    expect(csvCell(7)).toBe('7');
  });
});
