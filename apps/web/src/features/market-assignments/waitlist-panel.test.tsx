import { marketAssignmentsRoutes } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { WaitlistPanel } from './waitlist-panel';

// A day's waitlist with two offers to one vendor: the earlier one e-mailed, the open one made after the vendor
// had its 3 offer e-mails of the hour, so its e-mail was held.

const STAMP = '2025-01-01T00:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DAY = uuid(1);

const offer = (n: number, status: 'offered' | 'withdrawn', sentAt: string | null, emailHeld: boolean) => ({
  id: uuid(10 + n),
  requestId: uuid(2),
  marketDayId: DAY,
  date: '2025-11-22',
  locationNameEn: 'Harbour',
  locationNameAr: 'الميناء',
  slotId: uuid(3),
  slotCode: 'A1',
  vendorId: uuid(4),
  vendorName: 'Keen Stall',
  categoryNameEn: 'Food',
  categoryNameAr: 'طعام',
  status,
  expiresAt: '2025-11-20T10:00:00.000Z',
  sentAt,
  emailHeld,
  respondedAt: null,
  assignmentId: null,
  createdAt: STAMP,
});

const waitlist = marketAssignmentsRoutes.getWaitlist.response.parse({
  marketDayId: DAY,
  offerHours: 48,
  queue: [],
  offers: [offer(1, 'offered', null, true), offer(2, 'withdrawn', STAMP, false)],
});

const render = () => {
  stubApi([{ method: 'GET', path: '/market-days/:id/waitlist', reply: () => ({ body: waitlist }) }]);
  return renderWithProviders(<WaitlistPanel dayId={DAY} freeSlots={[]} />);
};

describe('waitlist panel', () => {
  it('says which offer went out without its e-mail, and why', async () => {
    await render();
    const [open, earlier] = await screen.findAllByTestId('waitlist-offer');
    expect(within(open!).getByTestId('waitlist-offer-email-held').textContent).toBe(
      'E-mail held: the vendor already had 3 offer e-mails this hour. The offer is in their vendor dashboard.',
    );
    expect(within(earlier!).queryByTestId('waitlist-offer-email-held')).toBeNull();
  });

  it('says it in Arabic on an Arabic page', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await render();
    const [open] = await screen.findAllByTestId('waitlist-offer');
    expect(within(open!).getByTestId('waitlist-offer-email-held').textContent).toMatch(/^لم يُرسل البريد: تلقى البائع 3 رسائل/);
  });
});
