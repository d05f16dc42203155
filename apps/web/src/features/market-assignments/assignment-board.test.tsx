import { marketAssignmentsRoutes, marketDaysRoutes, marketLocationsRoutes } from '@market/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import MarketDaysPage from '../market-days/market-days-page';
import { AssignmentBoard } from './index';

// The assignment board against contract-shaped answers: one location, two market days, three slots. Olive
// Grove holds A1 on the first day; Bread Co is accepted and waits for a slot; Honey Farm is pending.

const STAMP = '2025-01-01T00:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LOC = uuid(1);
const DAY1 = uuid(11);
const DAY2 = uuid(12);
const [A1, A2, A3] = [uuid(21), uuid(22), uuid(23)];
const FRUIT = uuid(31);
const BREAD_REQUEST = uuid(41);

const location = marketLocationsRoutes.listLocations.response.element.parse({
  id: LOC,
  nameEn: 'Harbour',
  nameAr: 'الميناء',
  address: '1 Quay',
  latitude: null,
  longitude: null,
  descriptionEn: null,
  descriptionAr: null,
  amenities: [],
  isPublic: true,
  status: 'active',
  planWidthM: 50,
  planDepthM: 30,
  planImagePath: null,
  planImageUrl: null,
  slotCount: 3,
  marketDayCount: 2,
  nextMarketDay: null,
  createdAt: STAMP,
  updatedAt: STAMP,
});

const marketDay = (id: string, date: string) =>
  marketDaysRoutes.listMarketDays.response.element.parse({
    id,
    locationId: LOC,
    locationNameEn: 'Harbour',
    locationNameAr: 'الميناء',
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
    capacityTotal: 3,
    createdAt: STAMP,
    updatedAt: STAMP,
  });

const slot = (id: string, code: string, planX: number | null = null) => ({
  id,
  code,
  zone: 'North',
  widthM: 3,
  depthM: 3,
  power: 'none',
  status: 'open',
  categoryId: null,
  categoryColour: null,
  planX,
  planY: planX === null ? null : 2,
  planRotation: 0,
});

const request = (id: string, vendorName: string, status: 'accepted' | 'pending') => ({
  id,
  dayId: DAY1,
  vendorId: uuid(100 + Number(id.slice(-2))),
  vendorName,
  categoryId: FRUIT,
  categoryNameEn: 'Fruit',
  categoryNameAr: 'فاكهة',
  categoryColour: '#16a34a',
  status,
  priority: 0,
});

type Absence = { slotId: string; vendorName: string; status: 'absent_approved' | 'absent_unapproved' | 'no_show' };
const absence = (x: Absence, n: number) => ({ dayId: DAY1, assignmentId: uuid(70 + n), vendorId: uuid(80 + n), ...x });

const boardAnswer = (absences: Absence[] = []) =>
  marketAssignmentsRoutes.getAssignmentBoard.response.parse({
    days: [
      { id: DAY1, date: '2025-11-22', status: 'published', freeSlots: 2, pendingRequests: 1, acceptedUnassigned: 1 },
      { id: DAY2, date: '2025-11-29', status: 'published', freeSlots: 3, pendingRequests: 0, acceptedUnassigned: 0 },
    ],
    slots: [slot(A3, 'A3'), slot(A1, 'A1', 2), slot(A2, 'A2', 6)],
    cells: [
      {
        dayId: DAY1,
        slotId: A1,
        assignmentId: uuid(51),
        vendorId: uuid(61),
        vendorName: 'Olive Grove',
        categoryId: FRUIT,
        categoryColour: '#16a34a',
        status: 'confirmed',
        locked: true,
        termId: null,
        invoiceState: 'overdue',
      },
    ],
    absences: absences.map(absence),
    requests: [request(BREAD_REQUEST, 'Bread Co', 'accepted'), request(uuid(42), 'Honey Farm', 'pending')],
  });

const gaps = marketAssignmentsRoutes.getCategoryGaps.response.parse([
  {
    categoryId: FRUIT,
    nameEn: 'Fruit',
    nameAr: 'فاكهة',
    colour: '#16a34a',
    target: 3,
    assigned: 1,
    pending: 1,
    acceptedUnassigned: 1,
    short: 2,
  },
]);

function serve(assign: () => ApiReply, absences: Absence[] = []) {
  return stubApi([
    { method: 'GET', path: '/market-day-series', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/market-locations', reply: () => ({ body: [location] }) },
    { method: 'GET', path: '/market-days', reply: () => ({ body: [marketDay(DAY1, '2025-11-22'), marketDay(DAY2, '2025-11-29')] }) },
    { method: 'GET', path: '/market-assignments/board', reply: () => ({ body: boardAnswer(absences) }) },
    { method: 'GET', path: '/market-days/:id/category-gaps', reply: () => ({ body: gaps }) },
    { method: 'POST', path: '/market-assignments', reply: assign },
  ]);
}

const render = () =>
  renderWithProviders(
    <>
      <AssignmentBoard />
      <Toaster />
    </>,
    { route: '/market-events' },
  );

/** dnd-kit's keyboard sensor listens for the next keys from the tick after the pick-up. */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')!;
const cell = (day: string, slotId: string) => screen.getByTestId(`cell-${day}-${slotId}`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 15, 12, 0));
  // happy-dom lays nothing out: give the grid's scroll box a size so the virtualiser renders its rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  return () => vi.useRealTimers();
});

/** Picks Bread Co up from the tray with the keyboard and moves it onto the first free slot of its day. */
async function carryBreadCoDown(user: Awaited<ReturnType<typeof render>>['user'], overText: RegExp) {
  const tray = await screen.findByTestId('assignment-tray');
  within(tray)
    .getByRole('button', { name: /Bread Co/ })
    .focus();
  await user.keyboard('[Space]');
  await nextTick();
  await user.keyboard('[ArrowDown]');
  await waitFor(() => expect(liveRegion().textContent).toMatch(overText));
}

describe('assignment board', () => {
  it("renders the location's slots by day with bookings, invoice states and each day's counts", async () => {
    const api = serve(() => ({ status: 500, body: {} }));
    const { user } = await render();
    const grid = await screen.findByTestId('assignment-board-grid');
    // The board asks once for the next market days' range.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/market-assignments/board')).toBe(true));
    const board = api.calls.find((c) => c.path === '/market-assignments/board')!;
    expect([board.query.get('locationId'), board.query.get('from'), board.query.get('to')]).toEqual([LOC, '2025-11-22', '2025-11-29']);

    const booked = cell(DAY1, A1);
    expect(within(booked).getByText('Olive Grove')).toBeTruthy();
    expect(within(booked).getByText('Overdue')).toBeTruthy();
    expect(within(booked).getByLabelText('Locked')).toBeTruthy();
    // The menu mounts on first use and opens at once, by pointer or keyboard.
    await user.click(within(booked).getByRole('button', { name: 'Actions for Olive Grove' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Payment management' }).getAttribute('href')).toMatch(/^\/payment-management\//);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(cell(DAY1, A2).textContent).toBe('Free');
    expect(cell(DAY2, A1).textContent).toBe('Free');
    // Slots run by code down the grid, whatever order the answer had.
    const rowHeaders = within(grid)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowHeaders.map((h) => h!.slice(0, 2))).toEqual(['A1', 'A2', 'A3']);
    expect(screen.getByTestId(`day-counts-${DAY1}`).textContent).toBe('Free: 2 · Pending: 1');
    expect(screen.getByTestId(`day-counts-${DAY2}`).textContent).toBe('Free: 3 · Pending: 0');

    const tray = screen.getByTestId('assignment-tray');
    expect(within(tray).getByText('Accepted, waiting for a slot: 1')).toBeTruthy();
    expect(within(tray).getByRole('button', { name: 'Accept' })).toBeTruthy();
    const gapsPanel = screen.getByTestId('category-gaps');
    expect(await within(gapsPanel).findByText('Short: 2')).toBeTruthy();
  });

  it('books a request dropped with the keyboard onto the free slot it was carried to', async () => {
    const api = serve(() => ({ status: 201, body: {} }));
    const { user } = await render();
    await carryBreadCoDown(user, /Bread Co is over slot A2/);
    await user.keyboard('[Space]');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ requestId: BREAD_REQUEST, slotId: A2 });
    expect(liveRegion().textContent).toMatch(/Bread Co placed on slot A2/);
  });

  it("shows the server's refusal and leaves the slot free when the slot was taken meanwhile (409)", async () => {
    const message = 'Slot A2 is already taken on 2025-11-22';
    serve(() => ({ status: 409, body: { error: { code: 'conflict', message } } }));
    const { user } = await render();
    await carryBreadCoDown(user, /Bread Co is over slot A2/);
    await user.keyboard('[Space]');
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(cell(DAY1, A2).textContent).toBe('Free'));
    // The card is back in the tray, ready to be placed elsewhere.
    expect(within(screen.getByTestId('assignment-tray')).getByRole('button', { name: /Bread Co/ })).toBeTruthy();
  });

  it('names an absent vendor on the slot it left free, which still takes a booking; a booked slot hides its no-show', async () => {
    const api = serve(
      () => ({ status: 201, body: {} }),
      [
        { slotId: A2, vendorName: 'Fig Stand', status: 'absent_approved' },
        { slotId: A1, vendorName: 'Gone Early', status: 'no_show' },
      ],
    );
    const { user } = await render();
    await screen.findByTestId('assignment-board-grid');
    const absent = cell(DAY1, A2);
    expect(absent.getAttribute('aria-label')).toMatch(/^Slot A2, .+: free; Fig Stand was booked: Approved absence$/);
    expect(absent.textContent).toBe('Fig StandApproved absence · Free');
    expect(absent.hasAttribute('data-free')).toBe(true);
    expect(within(cell(DAY1, A1)).queryByText('Gone Early')).toBeNull();
    expect(within(cell(DAY1, A1)).getByText('Olive Grove')).toBeTruthy();
    // Bread Co goes onto the absent vendor's slot like onto any free one.
    await carryBreadCoDown(user, /Bread Co is over slot A2/);
    await user.keyboard('[Space]');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ requestId: BREAD_REQUEST, slotId: A2 });
  });

  it('escape puts the card back without a request', async () => {
    const api = serve(() => ({ status: 201, body: {} }));
    const { user } = await render();
    await carryBreadCoDown(user, /Bread Co is over slot A2/);
    await user.keyboard('[Escape]');
    await waitFor(() => expect(liveRegion().textContent).toMatch(/Moving Bread Co was cancelled/));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('speaks Arabic to screen readers on an Arabic page, with the days running right to left', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    serve(() => ({ status: 201, body: {} }), [{ slotId: A3, vendorName: 'Fig Stand', status: 'absent_unapproved' }]);
    const { user } = await render();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await screen.findByTestId('assignment-tray');
    const instructions = document.querySelector('[id^="DndDescribedBy"]')!;
    expect(instructions.textContent).toMatch(/لالتقاط بائع اضغط المسافة/);
    await carryBreadCoDown(user, /Bread Co فوق الكشك A2/);
    expect(liveRegion().textContent).not.toMatch(/[A-Za-z]{4,} is over/);
    expect(screen.getByText('متأخرة')).toBeTruthy();
    expect(cell(DAY1, A3).getAttribute('aria-label')).toMatch(/متاح؛ كان محجوزًا لـ Fig Stand: غياب بدون عذر$/);
  });

  it("shows a day on the location's plan: who holds each placed slot, its invoice state and payment page", async () => {
    serve(() => ({ status: 201, body: {} }), [{ slotId: A2, vendorName: 'Fig Stand', status: 'no_show' }]);
    const { user } = await render();
    await screen.findByTestId('assignment-board-grid');
    await user.click(screen.getByRole('button', { name: 'Plan of a day' }));
    const plan = await screen.findByTestId('board-day-plan');
    expect(screen.queryByTestId('assignment-board-grid')).toBeNull();
    // A1 and A2 stand on the plan; A3 is not placed and is counted.
    const a1 = within(plan).getByRole('img', { name: /^Olive Grove, slot A1, / });
    expect(a1.getAttribute('aria-label')).toMatch(/Overdue/);
    expect(a1.querySelector('rect')!.getAttribute('fill')).toBe('#16a34a');
    const a2 = within(plan).getByRole('img', { name: /^Slot A2, .+: free; Fig Stand was booked: No-show$/ });
    expect(a2.querySelector('rect')!.getAttribute('fill')).toBe('#ffffff');
    expect(within(plan).queryByRole('img', { name: /^Slot A3/ })).toBeNull();
    expect(within(plan).getByText('Slots not on the plan yet: 1')).toBeTruthy();
    const bookings = within(plan).getByTestId('board-plan-bookings');
    expect(within(bookings).getAllByRole('listitem')).toHaveLength(1);
    expect(within(bookings).getByRole('link', { name: 'Payments of Olive Grove, slot A1' }).getAttribute('href')).toBe(
      '/payment-management/' + uuid(51),
    );
    // The second day has no booking: every placed slot is free.
    await user.click(within(screen.getByRole('group', { name: 'Market day shown on the plan' })).getAllByRole('button')[1]!);
    await waitFor(() => expect(within(plan).getByText('No slot is booked this day.')).toBeTruthy());
    expect(within(plan).getByRole('img', { name: /^Slot A1, .+: free$/ })).toBeTruthy();
    // Back to the grid.
    await user.click(screen.getByRole('button', { name: 'Days and slots' }));
    expect(await screen.findByTestId('assignment-board-grid')).toBeTruthy();
  });

  it('is the "Board" tab of the market days page', async () => {
    serve(() => ({ status: 201, body: {} }));
    const { user } = await renderWithProviders(<MarketDaysPage />, { route: '/market-events' });
    await user.click(await screen.findByRole('tab', { name: 'Board' }));
    expect(await screen.findByTestId('assignment-board-grid')).toBeTruthy();
    expect(await screen.findByText('Olive Grove')).toBeTruthy();
  });

  it('mounts only the rows in view of a 300-slot, 12-day board', async () => {
    const days = Array.from({ length: 12 }, (_, i) => ({
      id: uuid(1000 + i),
      date: `2025-12-${String(i + 1).padStart(2, '0')}`,
      status: 'published',
      freeSlots: 150,
      pendingRequests: 0,
      acceptedUnassigned: 0,
    }));
    const slots = Array.from({ length: 300 }, (_, i) => slot(uuid(2000 + i), `S${i + 1}`));
    // Every other slot is booked on every day: 1,800 bookings.
    const cells = days.flatMap((d, di) =>
      slots
        .filter((_, si) => si % 2 === 0)
        .map((sl, si) => ({
          dayId: d.id,
          slotId: sl.id,
          assignmentId: uuid(10_000 + di * 1000 + si),
          vendorId: uuid(50_000 + si),
          vendorName: `Vendor ${si}`,
          categoryId: FRUIT,
          categoryColour: '#16a34a',
          status: 'confirmed',
          locked: false,
          termId: null,
          invoiceState: 'paid',
        })),
    );
    const big = marketAssignmentsRoutes.getAssignmentBoard.response.parse({ days, slots, cells, absences: [], requests: [] });
    stubApi([
      { method: 'GET', path: '/market-locations', reply: () => ({ body: [location] }) },
      { method: 'GET', path: '/market-days', reply: () => ({ body: [] }) },
      { method: 'GET', path: '/market-assignments/board', reply: () => ({ body: big }) },
      { method: 'GET', path: '/market-days/:id/category-gaps', reply: () => ({ body: [] }) },
    ]);
    await render();
    const grid = await screen.findByTestId('assignment-board-grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('301');
    const mounted = within(grid).getAllByRole('rowheader').length;
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(40);
    expect(within(grid).getAllByRole('cell').length).toBe(mounted * 12);
  });
});
