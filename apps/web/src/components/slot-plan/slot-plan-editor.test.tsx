import { marketSlotsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { SlotPlanEditor } from './slot-plan-editor';

// The slot plan editor as a market manager uses it without a pointer: Tab to a slot, move, turn and
// resize it with keys, undo, and "Save layout" (PATCH /market-slots/positions, stubbed with contract data).

type Slot = marketSlotsRoutes.Slot;
const STAMP = '2025-03-01T10:00:00.000Z';
const LOCATION = { id: '5b9f3c1e-8a2d-4c6b-9e70-1f2a3b4c5d6e', planWidthM: 20, planDepthM: 10, planImageUrl: null };
const FOOD = { id: 'c3a1e2f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b', colour: '#f97316', nameEn: 'Food', nameAr: 'طعام' };

function slot(code: string, at: { planX: number | null; planY: number | null; widthM?: number; depthM?: number }): Slot {
  return marketSlotsRoutes.updateSlotPositions.response.element.parse({
    id: crypto.randomUUID(),
    locationId: LOCATION.id,
    code,
    zone: 'A',
    widthM: 3,
    depthM: 3,
    power: 'none',
    hasWater: false,
    hasShade: false,
    isCorner: false,
    feePerDay: 5000,
    feePerSeason: 90000,
    status: 'open',
    categoryId: FOOD.id,
    planRotation: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...at,
  });
}

let slots: Slot[];
let api: ReturnType<typeof stubApi>;
let positionsReply: ((positions: { id: string }[]) => ApiReply) | null;
const saveRequests = () => api.calls.filter((c) => c.method === 'PATCH' && c.path === '/market-slots/positions');

beforeEach(() => {
  slots = [slot('A1', { planX: 2, planY: 3 }), slot('A2', { planX: 0.2, planY: 5 }), slot('B1', { planX: null, planY: null })];
  positionsReply = null;
  api = stubApi([
    {
      method: 'PATCH',
      path: '/market-slots/positions',
      reply: (call) => {
        const { positions } = marketSlotsRoutes.updateSlotPositions.body!.parse(call.body);
        if (positionsReply) return positionsReply(positions);
        const saved = positions.map((p) => ({ ...slots.find((s) => s.id === p.id)!, ...p, updatedAt: new Date().toISOString() }));
        slots = slots.map((s) => saved.find((x) => x.id === s.id) ?? s);
        return { body: saved };
      },
    },
  ]);
});

async function openEditor(onSaved = vi.fn()) {
  const r = await renderWithProviders(<SlotPlanEditor location={LOCATION} slots={slots} categories={[FOOD]} onSaved={onSaved} />);
  await screen.findByRole('group', { name: /^Slot plan editor, 20 m by 10 m/ });
  return { ...r, onSaved };
}

const slotButton = (code: string) => screen.getByRole('button', { name: new RegExp(`^Slot ${code},`) });
const status = () => screen.getByRole('status').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Presses Tab until the slot has focus, as a keyboard user reaches it. */
async function tabTo(user: UserEvent, code: string) {
  for (let i = 0; i < 20 && document.activeElement !== slotButton(code); i++) await user.tab();
  expect(document.activeElement).toBe(slotButton(code));
}

describe('slot plan editor', () => {
  it('Tab selects a slot; arrows move it 0.5 m, Shift+arrows 0.1 m; R turns and +/- resize it', async () => {
    const { user } = await openEditor();
    expect(status()).toBe('All changes saved');
    expect(button('Save layout').disabled).toBe(true);

    await tabTo(user, 'A1');
    expect(slotButton('A1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Slot A1' })).toBeTruthy();

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 3, 3.5 m, turned 0°');
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowUp}{/Shift}');
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2.9, 3.4 m, turned 0°');
    await user.keyboard('rr{Shift>}R{/Shift}');
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2.9, 3.4 m, turned 15°');
    await user.keyboard('+');
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3.5 by 3.5 m, at 2.9, 3.4 m, turned 15°');

    // The inspector shows the same geometry to edit exactly.
    const inspector = within(screen.getByRole('region', { name: 'Slot A1' }));
    expect((inspector.getByLabelText('From left (m)') as HTMLInputElement).value).toBe('2.9');
    expect((inspector.getByLabelText('Rotation (°)') as HTMLInputElement).value).toBe('15');
    expect(status()).toBe('Slots with unsaved changes: 1');
    expect(button('Save layout').disabled).toBe(false);
  });

  it('keeps a slot on the plan: moving past an edge or growing past the plan stops at it', async () => {
    const { user } = await openEditor();
    await tabTo(user, 'A2'); // at x 0.2
    await user.keyboard('{ArrowLeft}');
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0, 5 m, turned 0°');
    await user.keyboard('{ArrowLeft}'); // already at the edge: no change, no undo step
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0, 5 m, turned 0°');
    await user.click(button('Undo')); // one step back is before the first press
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0.2, 5 m, turned 0°');
    await tabTo(user, 'A2');
    await user.keyboard('{ArrowDown}'.repeat(6));
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0.2, 7 m, turned 0°');
    await user.keyboard('+'.repeat(20));
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 13 by 10 m, at 0.2, 0 m, turned 0°');
  });

  it('undoes one step at a time (button and Ctrl+Z) and Discard drops every change', async () => {
    const { user } = await openEditor();
    expect(button('Undo').disabled).toBe(true);
    await tabTo(user, 'A1');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    await tabTo(user, 'A2');
    await user.keyboard('r');
    expect(status()).toBe('Slots with unsaved changes: 2');

    await user.keyboard('{Control>}z{/Control}');
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0.2, 5 m, turned 0°');
    expect(status()).toBe('Slots with unsaved changes: 1');
    await user.click(button('Undo'));
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2.5, 3 m, turned 0°');

    await tabTo(user, 'A2');
    await user.keyboard('{ArrowUp}');
    await user.click(button('Discard changes'));
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2, 3 m, turned 0°');
    expect(slotButton('A2').getAttribute('aria-label')).toBe('Slot A2, 3 by 3 m, at 0.2, 5 m, turned 0°');
    expect(status()).toBe('All changes saved');
    expect(button('Undo').disabled).toBe(true);
  });

  it('a slot moved back where it was has nothing unsaved', async () => {
    const { user } = await openEditor();
    await tabTo(user, 'A1');
    await user.keyboard('{ArrowRight}');
    expect(status()).toBe('Slots with unsaved changes: 1');
    await user.keyboard('{ArrowLeft}');
    expect(status()).toBe('All changes saved');
    expect(button('Save layout').disabled).toBe(true);
  });

  it('Escape deselects the slot and closes its inspector', async () => {
    const { user } = await openEditor();
    await tabTo(user, 'A1');
    expect(screen.queryByRole('region', { name: 'Slot A1' })).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(slotButton('A1').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Slot A1' })).toBeNull();
  });

  it('a value typed in the inspector applies on Enter, kept on the plan, as one undo step', async () => {
    const { user } = await openEditor();
    await tabTo(user, 'A1');
    const fromLeft = within(screen.getByRole('region', { name: 'Slot A1' })).getByLabelText('From left (m)');
    await user.clear(fromLeft);
    await user.type(fromLeft, '19{Enter}');
    // 19 m would put a 3 m slot past the 20 m plan: it stops at the edge.
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 17, 3 m, turned 0°');
    await user.click(button('Undo'));
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2, 3 m, turned 0°');
  });

  it('places a slot that has no position in the middle of the plan', async () => {
    const { user } = await openEditor();
    expect(screen.getByRole('heading', { name: 'Not on the plan yet (1)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place B1 on the plan' }));
    expect(slotButton('B1').getAttribute('aria-label')).toBe('Slot B1, 3 by 3 m, at 8.5, 3.5 m, turned 0°');
    expect(slotButton('B1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('heading', { name: /^Not on the plan yet/ })).toBeNull();
    expect(status()).toBe('Slots with unsaved changes: 1');
  });

  it('Save layout sends only the changed slots, then shows everything saved', async () => {
    const { user, onSaved } = await openEditor();
    await tabTo(user, 'A1');
    await user.keyboard('{ArrowRight}r');
    await user.click(button('Save layout'));

    await waitFor(() => expect(status()).toBe('All changes saved'));
    const a1 = slots.find((s) => s.code === 'A1')!;
    expect(saveRequests().map((c) => c.body)).toEqual([
      { positions: [{ id: a1.id, planX: 2.5, planY: 3, planRotation: 15, widthM: 3, depthM: 3 }] },
    ]);
    expect(onSaved).toHaveBeenCalledWith([a1.id]);
    expect(slotButton('A1').getAttribute('aria-label')).toBe('Slot A1, 3 by 3 m, at 2.5, 3 m, turned 15°');
    expect(button('Save layout').disabled).toBe(true);
    expect(button('Undo').disabled).toBe(true);
  });

  it('a refused save names the slot and keeps the changes to fix', async () => {
    positionsReply = () => ({
      status: 400,
      body: {
        error: { code: 'validation', message: 'Invalid request', fields: [{ field: 'positions.0.planX', message: 'overlaps slot A2' }] },
      },
    });
    const { user } = await openEditor();
    await tabTo(user, 'A1');
    await user.keyboard('{ArrowLeft}');
    await user.click(button('Save layout'));

    expect((await screen.findByRole('alert')).textContent).toBe('A1: overlaps slot A2');
    expect(status()).toBe('Slots with unsaved changes: 1');
    expect(button('Save layout').disabled).toBe(false);
  });
});
