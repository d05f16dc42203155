import { marketDaysRoutes, marketLocationsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import MarketDaysPage from './market-days-page';

// The market days page against contract-shaped answers: the calendar fetches its whole grid (the adjacent
// months' days fill the outer cells), the list reaches beyond one month, and a new day's form starts on the
// location when there is only one. "Today" is 15 November 2025 (a Saturday; English weeks start on Sunday).

const STAMP = '2025-01-01T00:00:00.000Z';
const LOC_A = '0b7c1a52-7e44-4d0a-9f5e-2a1d3c4b5e6f';
const LOC_B = '1c8d2b63-8f55-4e1b-8a6f-3b2e4d5c6f70';

const location = (id: string, nameEn: string, status: 'active' | 'inactive' = 'active') =>
  marketLocationsRoutes.listLocations.response.element.parse({
    id,
    nameEn,
    nameAr: nameEn,
    address: '1 Square',
    latitude: null,
    longitude: null,
    descriptionEn: null,
    descriptionAr: null,
    amenities: [],
    isPublic: true,
    status,
    planWidthM: 50,
    planDepthM: 30,
    planImagePath: null,
    planImageUrl: null,
    slotCount: 0,
    marketDayCount: 0,
    nextMarketDay: null,
    createdAt: STAMP,
    updatedAt: STAMP,
  });

let n = 0;
const day = (date: string, nameEn: string) =>
  marketDaysRoutes.listMarketDays.response.element.parse({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    locationId: LOC_A,
    locationNameEn: nameEn,
    locationNameAr: nameEn,
    seriesId: null,
    detached: false,
    date,
    setupTime: '07:00',
    openTime: '09:00',
    closeTime: '14:00',
    status: 'published',
    cancelReason: null,
    applicationOpensAt: null,
    applicationClosesAt: null,
    notes: null,
    publishedAt: STAMP,
    capacityTotal: 10,
    createdAt: STAMP,
    updatedAt: STAMP,
  });

/** The server's rule: the days within the asked range. */
function serve(days: ReturnType<typeof day>[], locations = [location(LOC_A, 'Harbour')]) {
  return stubApi([
    {
      method: 'GET',
      path: '/market-days',
      reply: (c: ApiCall) => ({
        body: days.filter((d) => d.date >= (c.query.get('from') ?? '') && d.date <= (c.query.get('to') ?? '9999')),
      }),
    },
    { method: 'GET', path: '/market-day-series', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/market-locations', reply: () => ({ body: locations }) },
    { method: 'GET', path: '/market-categories', reply: () => ({ body: [] }) },
  ]);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 15, 12, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calendar', () => {
  it("shows the next and previous months' market days in the grid's outer cells", async () => {
    const api = serve([
      day('2025-10-28', 'October market'),
      day('2025-11-20', 'November market'),
      day('2025-12-02', 'December second market'),
      day('2025-12-05', 'December fifth market'),
      day('2026-01-10', 'January market'),
    ]);
    await renderWithProviders(<MarketDaysPage />, { route: '/market-events' });
    const calendar = await screen.findByTestId('market-days-calendar');
    // November 2025 in weeks from Sunday: 26 October to 6 December.
    await waitFor(() => expect(within(calendar).getByText('December second market')).toBeTruthy());
    const ranges = api.calls.filter((c) => c.path === '/market-days').map((c) => [c.query.get('from'), c.query.get('to')]);
    expect(ranges).toContainEqual(['2025-10-26', '2025-12-06']);
    for (const [name, label] of [
      ['December second market', 'Tuesday, December 2, 2025'],
      ['December fifth market', 'Friday, December 5, 2025'],
      ['October market', 'Tuesday, October 28, 2025'],
    ]) {
      const cell = within(calendar).getByText(name!).closest('td')!;
      expect(within(cell).getByRole('button', { name: new RegExp(`^${label}`) })).toBeTruthy();
    }
    expect(within(calendar).queryByText('January market')).toBeNull();
  });
});

describe('list', () => {
  it('reaches beyond one month and loads the next three months on request', async () => {
    serve([day('2025-12-25', 'Christmas market'), day('2026-03-20', 'Spring market'), day('2025-11-01', 'Past market')]);
    const { user } = await renderWithProviders(<MarketDaysPage />, { route: '/market-events' });
    await user.click(await screen.findByRole('tab', { name: 'List' }));
    expect(await screen.findAllByText('Christmas market')).not.toHaveLength(0);
    expect(screen.getByText('Market days from Nov 15, 2025 to Feb 13, 2026.')).toBeTruthy();
    expect(screen.queryByText('Spring market')).toBeNull();
    expect(screen.queryByText('Past market')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the next 3 months' }));
    expect(await screen.findAllByText('Spring market')).not.toHaveLength(0);
    expect(screen.getByText('Market days from Nov 15, 2025 to May 15, 2026.')).toBeTruthy();
  });

  it('says plainly when nothing is planned ahead, and offers to look further or plan a day', async () => {
    serve([]);
    const { user } = await renderWithProviders(<MarketDaysPage />, { route: '/market-events' });
    await user.click(await screen.findByRole('tab', { name: 'List' }));
    const empty = await screen.findByTestId('market-days-list-empty');
    expect(within(empty).getByText('No market days from Nov 15, 2025 to Feb 13, 2026.')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Show the next 3 months' })).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'New market day' })).toBeTruthy();
  });
});

describe('location of a new day or series', () => {
  async function openForm(button: string, dialogName: string) {
    const { user } = await renderWithProviders(<MarketDaysPage />, { route: '/market-events' });
    await user.click((await screen.findAllByRole('button', { name: button }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    return within(dialog).getByLabelText('Location') as HTMLSelectElement;
  }

  it('is chosen already when the organization has one active location', async () => {
    serve([], [location(LOC_A, 'Harbour'), location(LOC_B, 'Old yard', 'inactive')]);
    const select = await openForm('New market day', 'New market day');
    await waitFor(() => expect(select.value).toBe(LOC_A));
  });

  it('is chosen already in a new weekly series too', async () => {
    serve([], [location(LOC_A, 'Harbour')]);
    const select = await openForm('New weekly series', 'New weekly series');
    await waitFor(() => expect(select.value).toBe(LOC_A));
  });

  it('is left to the user when there are several', async () => {
    serve([], [location(LOC_A, 'Harbour'), location(LOC_B, 'Old yard')]);
    const select = await openForm('New market day', 'New market day');
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(3));
    expect(select.value).toBe('');
  });
});
