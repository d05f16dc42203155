import { marketAssignmentsRoutes } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { VendorBookings } from './index';

// The vendor record's "Bookings": the vendor's slots and its requests still without one, from two months back.

const STAMP = '2025-01-01T00:00:00.000Z';
const VENDOR = '00000000-0000-4000-8000-000000000001';
const ASSIGNMENT = '00000000-0000-4000-8000-000000000002';
const place = {
  locationId: '00000000-0000-4000-8000-000000000003',
  locationNameEn: 'Harbour',
  locationNameAr: 'الميناء',
  vendorId: VENDOR,
  vendorName: 'Olive Grove',
  categoryId: '00000000-0000-4000-8000-000000000004',
  categoryNameEn: 'Fruit',
  categoryNameAr: 'فاكهة',
  categoryColour: '#16a34a',
  dayStatus: 'published',
  termId: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const assignments = marketAssignmentsRoutes.listAssignments.response.parse([
  {
    ...place,
    id: ASSIGNMENT,
    marketDayId: '00000000-0000-4000-8000-000000000005',
    date: '2025-11-22',
    slotId: '00000000-0000-4000-8000-000000000006',
    slotCode: 'B7',
    requestId: '00000000-0000-4000-8000-000000000007',
    status: 'absent_approved',
    statusReason: 'Family matter',
    locked: false,
    checkedInAt: null,
  },
]);
const request = (id: string, date: string, status: 'accepted' | 'waitlisted', assignmentId: string | null) => ({
  ...place,
  id,
  marketDayId: '00000000-0000-4000-8000-000000000008',
  date,
  status,
  priority: 0,
  waitlistedAt: null,
  note: null,
  decisionReason: null,
  decidedAt: null,
  acceptedAt: null,
  assignmentId,
});
const requests = marketAssignmentsRoutes.listMarketRequests.response.parse([
  request('00000000-0000-4000-8000-000000000007', '2025-11-22', 'accepted', ASSIGNMENT),
  request('00000000-0000-4000-8000-000000000009', '2025-12-06', 'waitlisted', null),
]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 15, 12, 0));
  return () => vi.useRealTimers();
});

it("lists the vendor's bookings with their status and payment link, and the requests still without a slot", async () => {
  const api = stubApi([
    { method: 'GET', path: '/market-assignments', reply: () => ({ body: assignments }) },
    { method: 'GET', path: '/market-requests', reply: () => ({ body: requests }) },
  ]);
  await renderWithProviders(<VendorBookings vendorId={VENDOR} />);
  const section = await screen.findByTestId('vendor-bookings');
  expect(await within(section).findByText('Approved absence')).toBeTruthy();
  expect(within(section).getByText(/Slot B7/)).toBeTruthy();
  expect(within(section).getByRole('link', { name: 'Payment management' }).getAttribute('href')).toBe(`/payment-management/${ASSIGNMENT}`);
  // The accepted request is the booking above; only the waitlisted one is listed as a request.
  expect(await within(section).findByText('Waitlisted')).toBeTruthy();
  expect(within(section).queryByText('Accepted')).toBeNull();
  for (const path of ['/market-assignments', '/market-requests']) {
    const call = api.calls.find((c) => c.path === path)!;
    expect([call.query.get('vendorId'), call.query.get('from')]).toEqual([VENDOR, '2025-09-16']);
  }
});
