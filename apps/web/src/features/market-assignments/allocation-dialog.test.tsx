import { marketAssignmentsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { AllocationDialog } from './allocation-dialog';

// The allocation dialog against contract-shaped answers: the proposal's placements with their reasons in
// words, the requests left out and why, the option that lets unlocked bookings move, and Apply posting
// exactly the proposal it shows (with its hash), or saying the day changed when the server refuses.

const DAY = '00000000-0000-4000-8000-00000000d001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const food = { categoryId: id(900), categoryNameEn: 'Food', categoryNameAr: 'طعام', categoryColour: '#16a34a' };
const crafts = { categoryId: id(901), categoryNameEn: 'Crafts', categoryNameAr: 'حرف', categoryColour: '#9333ea' };

const placement = (n: number, slotCode: string, vendorName: string, cat: typeof food, reason: object) => ({
  requestId: id(n),
  vendorId: id(100 + n),
  vendorName,
  slotId: id(200 + n),
  slotCode,
  slotZone: 'A',
  ...cat,
  reason,
});

function proposalOf(hash: string, keepUnlocked = true) {
  return marketAssignmentsRoutes.proposeAllocation.response.parse({
    marketDayId: DAY,
    date: '2026-03-14',
    keepUnlocked,
    inputHash: hash.repeat(64).slice(0, 64),
    placements: [
      placement(1, 'A1', 'Olive Grove', food, { code: 'kept_previous_slot', params: { date: '2026-03-07' } }),
      placement(2, 'A2', 'Clay Studio', crafts, { code: 'apart_from_same_category', params: {} }),
      placement(3, 'B1', 'Bread Corner', food, { code: 'only_fitting_slot', params: {} }),
    ],
    unplaced: [
      { requestId: id(4), vendorId: id(104), vendorName: 'Late Baker', ...food, reason: 'category_full', message: null },
      {
        requestId: id(5),
        vendorId: id(105),
        vendorName: 'Lapsed Cover',
        ...food,
        reason: 'not_eligible',
        message: 'insurance expired on 2026-03-01',
      },
    ],
    released: [],
    freeSlotsAfter: 2,
  });
}

function serve(apply: (c: ApiCall) => { status?: number; body: unknown }) {
  let proposals = 0;
  return stubApi([
    {
      method: 'POST',
      path: '/market-days/:id/allocation/proposal',
      // Each proposal after the first is "new" (another hash), as after the day changed.
      reply: (c) => ({ body: proposalOf(String(++proposals % 10), (c.body as { keepUnlocked: boolean }).keepUnlocked) }),
    },
    { method: 'POST', path: '/market-days/:id/allocation/apply', reply: apply },
  ]);
}

describe('AllocationDialog', () => {
  it('lists the placements slot by slot with their reasons in words, and who is not placed and why', async () => {
    serve(() => ({ body: {} }));
    await renderWithProviders(<AllocationDialog marketDayId={DAY} open onOpenChange={() => {}} />);
    const table = await screen.findByTestId('allocation-placements');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['A1', 'Olive Grove', 'Food', 'Kept the slot held on Mar 7, 2026'],
      ['A2', 'Clay Studio', 'Crafts', 'Apart from vendors of the same category'],
      ['B1', 'Bread Corner', 'Food', 'Only fitting free slot'],
    ]);
    expect(screen.getByText('Placements (3)')).toBeTruthy();
    const unplaced = screen.getByTestId('allocation-unplaced');
    expect(within(unplaced).getByText('Not placed (2)')).toBeTruthy();
    expect(within(unplaced).getByText('(Food): The category is full that day')).toBeTruthy();
    expect(within(unplaced).getByText('(Food): Not eligible that day: insurance expired on 2026-03-01')).toBeTruthy();
    expect(
      screen.getByText('A proposal for Saturday, March 14, 2026: accepted requests on free slots. Review it, then apply it.'),
    ).toBeTruthy();
  });

  it("asks again with keepUnlocked false when the option is turned off, and Apply posts that proposal's hash and items", async () => {
    const api = serve(() => ({ body: { marketDayId: DAY, created: 3, released: 0, assignmentIds: [id(301), id(302), id(303)] } }));
    const onOpenChange = vi.fn();
    const { user } = await renderWithProviders(<AllocationDialog marketDayId={DAY} open onOpenChange={onOpenChange} />);
    await screen.findByTestId('allocation-placements');
    await user.click(screen.getByRole('checkbox', { name: 'Keep unlocked bookings where they are' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/proposal')).map((c) => c.body)).toHaveLength(2));
    expect(api.calls.filter((c) => c.path.endsWith('/proposal')).map((c) => c.body)).toEqual([
      { keepUnlocked: true },
      { keepUnlocked: false },
    ]);
    const apply = screen.getByRole('button', { name: 'Apply proposal' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    await user.click(apply);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const posted = api.calls.find((c) => c.path === `/market-days/${DAY}/allocation/apply`)!;
    expect(posted.body).toEqual({
      inputHash: '2'.repeat(64),
      keepUnlocked: false,
      placements: [
        { requestId: id(1), slotId: id(201) },
        { requestId: id(2), slotId: id(202) },
        { requestId: id(3), slotId: id(203) },
      ],
      released: [],
    });
  });

  it('says the day changed when the server refuses the apply, and shows the proposal made afresh', async () => {
    const api = serve(() => ({
      status: 409,
      body: { error: { code: 'conflict', message: 'The day changed since the proposal: review it again' } },
    }));
    const onOpenChange = vi.fn();
    const { user } = await renderWithProviders(<AllocationDialog marketDayId={DAY} open onOpenChange={onOpenChange} />);
    await screen.findByTestId('allocation-placements');
    await user.click(screen.getByRole('button', { name: 'Apply proposal' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The day changed since the proposal: review it again. The proposal below is new.',
    );
    // The refusal reloads the feature's queries: a second proposal is asked for.
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/proposal'))).toHaveLength(2));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
