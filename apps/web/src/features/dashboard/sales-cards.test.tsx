import { platformRoutes, posRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../app/session/use-me';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { createTestQueryClient, renderWithProviders } from '../../test/render-with-providers';
import DashboardPage from './dashboard-page';
import SalesCards from './sales-cards';

// The dashboard's sales cards read the point of sale's sales report: today against yesterday, this week against the
// same days of last week, the week's top vendors; and only for a caller holding vendor_management.

const STAMP = '2026-03-01T09:00:00.000Z';
const zero = { orders: 0, gross: 0, returns: 0, net: 0 };
const figures = (net: number) => ({ orders: 1, gross: net, returns: 0, net });
const row = (key: string, net: number, previousNet = 0, label = '') => ({
  key,
  labelEn: label,
  labelAr: label,
  ...figures(net),
  previousNet,
});

function answer(q: URLSearchParams) {
  const base = { groupBy: q.get('groupBy'), from: q.get('from'), to: q.get('to'), previousFrom: '2026-03-01', previousTo: '2026-03-01' };
  const key = `${q.get('groupBy')} ${q.get('from')} ${q.get('to')}`;
  const bodies: Record<string, object> = {
    'hour 2026-03-11 2026-03-11': {
      rows: [row('09', 6_000, 4_000), row('15', 4_000, 4_000)],
      totals: figures(10_000),
      previousTotals: figures(8_000),
    },
    'day 2026-03-09 2026-03-11': {
      rows: [row('2026-03-09', 3_000), row('2026-03-11', 10_000)],
      totals: figures(13_000),
      previousTotals: zero,
    },
    'day 2026-03-02 2026-03-04': {
      rows: [row('2026-03-02', 5_000), row('2026-03-03', 5_000)],
      totals: figures(10_000),
      previousTotals: zero,
    },
    'vendor 2026-03-09 2026-03-11': {
      rows: ['A', 'B', 'C', 'D', 'E', 'F'].map((n, i) =>
        row(`0000000${i}-0000-4000-8000-000000000000`, 6_000 - i * 1_000, 0, `Vendor ${n}`),
      ),
      totals: figures(21_000),
      previousTotals: zero,
    },
  };
  return posRoutes.salesReport.response.parse({ ...base, rows: [], totals: zero, previousTotals: zero, ...bodies[key] });
}

const me = (permissions: string[]) =>
  platformRoutes.getMe.response.parse({
    user: { id: 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5', email: 'manager@example.com', phone: null, createdAt: STAMP },
    profile: null,
    organization: null,
    role: 'admin',
    effectiveRole: 'admin',
    permissions,
  });

const serve = () =>
  stubApi([
    { method: 'GET', path: '/pos/reports/sales', reply: (c: ApiCall) => ({ body: answer(c.query) }) },
    {
      method: 'GET',
      path: '/payments/overview',
      reply: () => ({
        body: { currency: 'KWD', states: [], totals: { count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 } },
      }),
    },
  ]);
const salesQueries = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.path === '/pos/reports/sales').map((c) => Object.fromEntries(c.query));

describe('dashboard sales', () => {
  beforeEach(() => {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 320, 140) : measure.call(this);
    });
  });

  it('shows today against yesterday, this week against the same days of last week, and the top 5 vendors', async () => {
    const api = serve();
    // Wednesday 11 March 2026: the week began on Monday the 9th.
    await renderWithProviders(<SalesCards today="2026-03-11" />);
    const today = await screen.findByTestId('sales-today');
    expect(await within(today).findByText(/10\.000/)).toBeTruthy();
    expect(within(today).getByText(/\+25% vs yesterday \(.*8\.000\)/)).toBeTruthy();
    expect(today.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);

    const week = screen.getByTestId('sales-week');
    expect(await within(week).findByText(/13\.000.* so far; \+30% vs the same days last week \(.*10\.000\)/)).toBeTruthy();

    const top = screen.getByTestId('sales-top-vendors');
    const names = (await within(top).findAllByRole('listitem')).map((li) => li.querySelector('bdi')!.textContent);
    expect(names).toEqual(['Vendor A', 'Vendor B', 'Vendor C', 'Vendor D', 'Vendor E']);

    expect(salesQueries(api)).toEqual(
      expect.arrayContaining([
        { from: '2026-03-11', to: '2026-03-11', groupBy: 'hour' },
        { from: '2026-03-09', to: '2026-03-11', groupBy: 'day' },
        { from: '2026-03-02', to: '2026-03-04', groupBy: 'day' },
        // The vendors' figures before are the same days of last week too, not the days just before Monday.
        { from: '2026-03-09', to: '2026-03-11', groupBy: 'vendor', compareFrom: '2026-03-02', compareTo: '2026-03-04' },
      ]),
    );
    expect(salesQueries(api)).toHaveLength(4);
  });

  it('asks for sales only when the caller holds vendor_management', async () => {
    for (const [permissions, asks] of [
      [['products'], false],
      [['vendor_management'], true],
    ] as const) {
      const api = serve();
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(meKeys.me(undefined), me([...permissions]));
      const view = await renderWithProviders(<DashboardPage />, { queryClient });
      if (asks) await waitFor(() => expect(salesQueries(api).length).toBe(4));
      else {
        // The page has asked for what it shows; a sales request would have gone out with them.
        await waitFor(() => expect(api.unhandled.some((u) => u.startsWith('GET /api/v1/dashboard'))).toBe(true));
        expect(screen.queryByTestId('sales-today')).toBeNull();
        expect(salesQueries(api)).toHaveLength(0);
      }
      view.unmount();
    }
  });
});
