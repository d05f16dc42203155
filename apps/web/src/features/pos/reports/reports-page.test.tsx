import { posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiCall } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import ReportsPage from './reports-page';

// The sales report against contract-shaped answers: the period and grouping asked for, the totals with their change
// against the previous period, each row's link to its orders, and the empty and failed states.

const OLIVE = '7c2e9f50-3d4b-4e1a-8f6c-2b3c4d5e6f70';
const FIG = '8d3fa061-4e5c-4f2b-9a7d-3c4d5e6f7081';
const zero = { orders: 0, gross: 0, returns: 0, net: 0 };

const report = (q: URLSearchParams, over: Record<string, unknown> = {}) =>
  posRoutes.salesReport.response.parse({
    groupBy: q.get('groupBy'),
    from: q.get('from'),
    to: q.get('to'),
    previousFrom: '2026-03-06',
    previousTo: '2026-03-08',
    rows: [],
    totals: zero,
    previousTotals: zero,
    ...over,
  });

const byVendor = (q: URLSearchParams) =>
  report(q, {
    previousFrom: '2026-03-10',
    previousTo: '2026-03-10',
    rows: [
      {
        key: OLIVE,
        labelEn: 'Olive Grove',
        labelAr: 'بستان الزيتون',
        orders: 3,
        gross: 12_000,
        returns: 2_000,
        net: 10_000,
        previousNet: 8_000,
      },
      { key: FIG, labelEn: 'Fig Tree', labelAr: 'شجرة التين', orders: 2, gross: 5_000, returns: 0, net: 5_000, previousNet: 4_000 },
    ],
    totals: { orders: 5, gross: 17_000, returns: 2_000, net: 15_000 },
    previousTotals: { orders: 4, gross: 14_000, returns: 2_000, net: 12_000 },
  });

function serve(sales: (c: ApiCall) => { status?: number; body: unknown }) {
  return stubApi([
    { method: 'GET', path: '/pos/reports/sales', reply: sales },
    { method: 'GET', path: '/pos/reports/sales/export', reply: () => ({ body: 'PK' }) },
    { method: 'GET', path: '/pos/registers', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/vendors', reply: () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }) },
    { method: 'GET', path: '/payments/overview', reply: () => ({ body: { currency: 'KWD', states: [], totals: totals() } }) },
  ]);
}
const totals = () => ({ count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 });
const salesCalls = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.path === '/pos/reports/sales').map((c) => Object.fromEntries(c.query));

describe('POS sales reports', () => {
  beforeEach(() => {
    // Nothing is laid out in happy-dom: the chart's container measures as the size it would have on a page.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 640, 288) : measure.call(this);
    });
    // Wednesday 11 March 2026 (UTC): this week runs from Monday the 9th.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the chosen period and grouping, and shows the totals with the change against the previous period', async () => {
    const api = serve((c) => ({ body: c.query.get('groupBy') === 'vendor' ? byVendor(c.query) : report(c.query) }));
    const { user } = await renderWithProviders(<ReportsPage />, { route: '/pos/reports' });
    // This week by day by default, compared with the same weekdays of last week (not the days just before Monday);
    // the compared period's days are read apart to pair them with this week's.
    const thisWeek = { from: '2026-03-09', to: '2026-03-11', groupBy: 'day', compareFrom: '2026-03-02', compareTo: '2026-03-04' };
    await waitFor(() => expect(salesCalls(api)).toContainEqual(thisWeek));
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
    // This month with the same dates of last month.
    await user.selectOptions(screen.getByLabelText('Period'), 'thisMonth');
    await waitFor(() =>
      expect(salesCalls(api)).toContainEqual({ ...thisWeek, from: '2026-03-01', compareFrom: '2026-02-01', compareTo: '2026-02-11' }),
    );

    await user.selectOptions(screen.getByLabelText('Period'), 'today');
    await user.selectOptions(screen.getByLabelText('Group by'), 'vendor');
    await waitFor(() => expect(salesCalls(api)).toContainEqual({ from: '2026-03-11', to: '2026-03-11', groupBy: 'vendor' }));

    const net = await screen.findByTestId('total-net');
    await waitFor(() => expect(within(net).getByText(/15\.000/)).toBeTruthy());
    expect(within(net).getByText('+25% vs previous period')).toBeTruthy();
    expect(within(net).getByText(/Previous period: .*12\.000/)).toBeTruthy();
    expect(within(screen.getByTestId('total-orders')).getByText('+25% vs previous period')).toBeTruthy();
    // Returns did not change: 0%, not a rise or a fall.
    expect(within(screen.getByTestId('total-returns')).getByText('0% vs previous period')).toBeTruthy();

    // Each row opens its orders: the vendor and the day chosen.
    const link = within(screen.getByTestId('report-table')).getByRole('link', { name: 'Olive Grove' });
    expect(link.getAttribute('href')).toBe(`/orders?vendorId=${OLIVE}&from=2026-03-11&to=2026-03-11`);
    // The chart draws this period's bars and the previous period's, one per vendor.
    const chart = screen.getByTestId('report-chart');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBe(4));

    // XLSX is the server's file of the same report.
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const file = api.calls.find((c) => c.path === '/pos/reports/sales/export')!;
    expect(Object.fromEntries(file.query)).toEqual({ from: '2026-03-11', to: '2026-03-11', groupBy: 'vendor', format: 'xlsx' });
  });

  it('keeps a custom range in the request and refuses an end before the start', async () => {
    const api = serve((c) => ({ body: report(c.query) }));
    const { user } = await renderWithProviders(<ReportsPage />, {
      route: '/pos/reports?range=custom&from=2026-02-01&to=2026-02-28&groupBy=hour',
    });
    await waitFor(() => expect(salesCalls(api)).toContainEqual({ from: '2026-02-01', to: '2026-02-28', groupBy: 'hour' }));
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-01-01');
    expect(await screen.findByText('Choose a start date and an end date on or after it')).toBeTruthy();
    expect(salesCalls(api).some((q) => q.to === '2026-01-01')).toBe(false);
  });

  it('says when the report could not be loaded and loads it again on retry', async () => {
    let attempt = 0;
    serve((c) => (++attempt === 1 ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } } : { body: byVendor(c.query) }));
    const { user } = await renderWithProviders(<ReportsPage />, { route: '/pos/reports?groupBy=vendor' });
    expect(await screen.findByText('The sales report could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Fig Tree' })).toBeTruthy();
  });
});
