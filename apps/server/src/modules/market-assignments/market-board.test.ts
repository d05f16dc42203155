import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketDayCapacities } from '../../db/schema/index.js';
import { createLocation, createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, invoiceRow, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

type Entry = { type: 'charge' | 'payment' | 'waiver'; amount: number };
const invoice = (booking: { id: string; vendorId: string }, status: 'draft' | 'issued' | 'cancelled', dueDate: string, entries: Entry[]) =>
  invoiceRow(t.app, a.org.id, { vendorId: booking.vendorId, assignmentId: booking.id }, { status, dueDate, entries });
const book = async (dayId: string, slotId: string, categoryId?: string) => (await a.book(dayId, slotId, { categoryId })).booking;

describe(`the board and category gaps (${driver})`, () => {
  it('answers days with free slots and request counts, slots, bookings with invoice state, and requests to place', async () => {
    const extra = [];
    // C1 stands elsewhere on the location's plan (the plan view of a day draws each slot where it stands).
    for (let i = 1; i <= 5; i++)
      extra.push(
        await createSlot(t.app, a.org.id, {
          code: `C${i}`,
          zone: 'C',
          locationId: a.location.id,
          ...(i === 1 ? { planX: 4.5, planY: 2 } : {}),
        }),
      );
    const d1 = await a.day(ahead(50));
    const d2 = await a.day(ahead(51));
    const outside = await a.day(ahead(90));
    const future = ahead(30);
    const past = ahead(-3);
    // d1: seven bookings, one per invoice situation.
    const slots = [a.slots.a2, ...extra, a.slots.a3];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests
    const cells: any[] = [];
    for (const s of slots) cells.push(await book(d1.id, s.id));
    await invoice(cells[1], 'issued', future, [{ type: 'charge', amount: 1000 }]);
    await invoice(cells[2], 'issued', future, [
      { type: 'charge', amount: 1000 },
      { type: 'payment', amount: 400 },
    ]);
    await invoice(cells[3], 'issued', past, [{ type: 'charge', amount: 1000 }]);
    await invoice(cells[3], 'issued', future, [
      { type: 'charge', amount: 500 },
      { type: 'payment', amount: 500 },
    ]);
    await invoice(cells[4], 'issued', future, [
      { type: 'charge', amount: 800 },
      { type: 'payment', amount: 800 },
    ]);
    await invoice(cells[4], 'issued', past, [
      { type: 'charge', amount: 200 },
      { type: 'waiver', amount: 200 },
    ]);
    await invoice(cells[5], 'issued', past, [
      { type: 'charge', amount: 300 },
      { type: 'waiver', amount: 300 },
    ]);
    await invoice(cells[6], 'draft', past, [{ type: 'charge', amount: 300 }]);
    await invoice(cells[6], 'cancelled', past, []);
    // d1 also: a cancelled booking (frees its slot), a pending request, an accepted one unplaced, an absent vendor (not to place).
    const gone = await book(d1.id, a.slots.a1.id, a.food.id);
    await a.call('POST', `/market-assignments/${gone.id}/status`, { status: 'cancelled' });
    const pendingV = await a.vendor({ insuredUntil: null });
    const pending = (await a.call('POST', '/market-requests', { vendorId: pendingV.id, marketDayId: d1.id, categoryId: a.food.id })).body;
    const waitingV = await a.vendor({ insuredUntil: null });
    const waiting = await a.accepted(waitingV.id, d2.id, a.crafts.id);
    const absent = await book(d2.id, a.slots.a2.id);
    await a.call('POST', `/market-assignments/${absent.id}/status`, { status: 'absent_approved' });
    // d2, A3: a no-show whose slot was booked again (the booking shows, not the no-show).
    const noShow = await book(d2.id, a.slots.a3.id);
    await a.call('POST', `/market-assignments/${noShow.id}/status`, { status: 'no_show', reason: 'Did not come' });
    const again = await book(d2.id, a.slots.a3.id);
    await book(outside.id, a.slots.a2.id);
    await a.call('PATCH', `/market-assignments/${cells[0].id}`, { locked: true });

    const res = await a.call('GET', `/market-assignments/board?locationId=${a.location.id}&from=${d1.date}&to=${d2.date}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const board = res.body;
    // 3 open slots of the world + 5 extra; B1 is blocked.
    expect(board.days).toEqual([
      { id: d1.id, date: d1.date, status: 'published', freeSlots: 8 - 7, pendingRequests: 1, acceptedUnassigned: 1 },
      { id: d2.id, date: d2.date, status: 'published', freeSlots: 7, pendingRequests: 0, acceptedUnassigned: 1 },
    ]);
    expect(board.slots.map((s: { code: string }) => s.code)).toEqual(['A1', 'A2', 'A3', 'B1', 'C1', 'C2', 'C3', 'C4', 'C5']);
    expect(board.slots.find((s: { code: string }) => s.code === 'A1')).toMatchObject({
      categoryId: a.food.id,
      categoryColour: a.food.colour,
      status: 'open',
      widthM: 3,
      power: 'none',
      planX: 0,
      planY: 0,
      planRotation: 0,
    });
    expect(board.slots.find((s: { code: string }) => s.code === 'C1')).toMatchObject({ planX: 4.5, planY: 2, planRotation: 0 });
    const stateOf = new Map(board.cells.map((c: { assignmentId: string; invoiceState: string }) => [c.assignmentId, c.invoiceState]));
    expect(cells.map((c) => stateOf.get(c.id))).toEqual(['none', 'unpaid', 'unpaid', 'overdue', 'paid', 'waived', 'none']);
    expect(board.cells).toHaveLength(8);
    expect(board.cells.find((c: { assignmentId: string }) => c.assignmentId === again.id)).toMatchObject({
      dayId: d2.id,
      status: 'confirmed',
    });
    // The absence frees its slot and stays named on it; the cancelled booking and the replaced no-show do not show.
    expect(board.absences).toEqual([
      {
        dayId: d2.id,
        slotId: a.slots.a2.id,
        assignmentId: absent.id,
        vendorId: absent.vendorId,
        vendorName: absent.vendorName,
        status: 'absent_approved',
      },
    ]);
    expect(board.cells.find((c: { assignmentId: string }) => c.assignmentId === cells[0].id)).toMatchObject({
      dayId: d1.id,
      slotId: a.slots.a2.id,
      vendorId: cells[0].vendorId,
      vendorName: cells[0].vendorName,
      categoryId: a.crafts.id,
      categoryColour: a.crafts.colour,
      status: 'confirmed',
      locked: true,
      termId: null,
    });
    // By day, then priority, then age: the cancelled booking's request is older than the pending one.
    expect(board.requests.map((r: { id: string; dayId: string; status: string }) => [r.id, r.dayId, r.status])).toEqual([
      [gone.requestId, d1.id, 'accepted'],
      [pending.id, d1.id, 'pending'],
      [waiting.id, d2.id, 'accepted'],
    ]);
  });

  it("gives the market day's capacity rows their bookings, for the dashboard's occupancy", async () => {
    const d = await a.day(ahead(70));
    const held = await book(d.id, a.slots.a2.id);
    await book(d.id, a.slots.a3.id);
    const released = await a.call('POST', `/market-assignments/${held.id}/status`, { status: 'absent_approved', reason: 'Away' });
    expect(released.status).toBe(200);
    const crafts = async () =>
      (await a.call('GET', `/market-days/${d.id}`)).body.capacities.find((c: { categoryId: string }) => c.categoryId === a.crafts.id);
    // The absent vendor frees its slot: only the other booking counts.
    expect(await crafts()).toMatchObject({ capacity: 2, booked: 1 });
    await book(d.id, a.slots.a2.id);
    expect(await crafts()).toMatchObject({ capacity: 2, booked: 2 });
    const upcoming = await a.call('GET', '/market-days/upcoming?limit=20');
    const listed = upcoming.body.find((x: { id: string }) => x.id === d.id);
    expect(listed.capacities.map((c: { booked: number }) => c.booked).sort()).toEqual([0, 2]);
  });

  it('answers in four statements whatever the range holds, and a location without slots with none', async () => {
    const dates = [ahead(80), ahead(81), ahead(82)];
    for (const date of dates) {
      const d = await a.day(date);
      const gone = await book(d.id, a.slots.a2.id);
      await a.call('POST', `/market-assignments/${gone.id}/status`, { status: 'absent_unapproved', reason: 'Away' });
      await book(d.id, a.slots.a3.id);
    }
    const statements = async (from: string, to: string, locationId = a.location.id) => {
      const execute = vi.spyOn(t.app.ctx.db, 'execute');
      try {
        const res = await a.call('GET', `/market-assignments/board?locationId=${locationId}&from=${from}&to=${to}`);
        return { res, count: execute.mock.calls.length };
      } finally {
        execute.mockRestore();
      }
    };
    const one = await statements(dates[0]!, dates[0]!);
    const three = await statements(dates[0]!, dates[2]!);
    expect(three.res.body.cells).toHaveLength(3);
    expect(three.res.body.absences.map((x: { status: string }) => x.status)).toEqual(Array(3).fill('absent_unapproved'));
    expect(one.count).toBe(4);
    expect(three.count).toBe(4);
    const bare = await createLocation(t.app, a.org.id);
    const empty = await statements(dates[0]!, dates[2]!, bare.id);
    expect(empty.res.status).toBe(200);
    expect(empty.res.body).toEqual({ days: [], slots: [], cells: [], absences: [], requests: [] });
    expect(empty.count).toBe(4);
  });

  it('refuses more than 31 days, a reversed range and a location of another organization', async () => {
    const q = (from: string, to: string, loc = a.location.id) =>
      a.call('GET', `/market-assignments/board?locationId=${loc}&from=${from}&to=${to}`);
    const long = await q(ahead(1), ahead(32));
    expect(long.status).toBe(422);
    expect(long.body.error.fields[0].field).toBe('query.to');
    expect((await q(ahead(1), ahead(31))).status).toBe(200);
    expect((await q(ahead(5), ahead(1))).status).toBe(422);
    expect((await q(ahead(1), ahead(2), b.location.id)).status).toBe(404);
  });

  it('gives each category of a day its target, bookings, pending and unplaced requests, and how many are short', async () => {
    const day = await a.day(ahead(60));
    await book(day.id, a.slots.a3.id);
    await book(day.id, a.slots.a2.id);
    await book(day.id, a.slots.a1.id, a.food.id);
    const v = await a.vendor({ insuredUntil: null });
    await a.call('POST', '/market-requests', { vendorId: v.id, marketDayId: day.id, categoryId: a.food.id });
    const w = await a.vendor({ insuredUntil: null });
    await a.accepted(w.id, day.id, a.food.id);
    const res = await a.call('GET', `/market-days/${day.id}/category-gaps`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        categoryId: a.crafts.id,
        nameEn: 'Crafts',
        nameAr: a.crafts.nameAr,
        colour: a.crafts.colour,
        target: 2,
        assigned: 2,
        pending: 0,
        acceptedUnassigned: 0,
        short: 0,
      },
      {
        categoryId: a.food.id,
        nameEn: 'Food',
        nameAr: a.food.nameAr,
        colour: a.food.colour,
        target: 3,
        assigned: 1,
        pending: 1,
        acceptedUnassigned: 1,
        short: 2,
      },
    ]);
    // A category with no capacity that day appears once it has a booking; short never goes below zero.
    await t.app.ctx.db.delete(marketDayCapacities).where(eq(marketDayCapacities.marketDayId, day.id));
    const bare = await a.call('GET', `/market-days/${day.id}/category-gaps`);
    expect(bare.body.map((g: { nameEn: string; target: number; short: number }) => [g.nameEn, g.target, g.short])).toEqual([
      ['Crafts', 0, 0],
      ['Food', 0, 0],
    ]);
  });
});
