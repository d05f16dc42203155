import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAssignments, vendorCategories, vendors } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { ahead, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';

// Double bookings are decided by the database's partial unique indexes, never by a read before the write:
// many bookings racing for one slot (or one vendor racing for two slots) leave exactly one holding booking.
let t: TestContext;
let a: MarketWorld;
beforeAll(async () => ({ t, a } = await marketTestApp()));
afterAll(async () => t?.close());

const holding = (dayId: string) =>
  t.app.ctx.db
    .select()
    .from(marketAssignments)
    .where(and(eq(marketAssignments.marketDayId, dayId), inArray(marketAssignments.status, ['confirmed', 'checked_in'])));

describe(`concurrent bookings (${driver})`, { timeout: 240_000 }, () => {
  it('200 different vendors booking one slot of one day at once: exactly one 201, 199 answers 409, one booking held', async () => {
    const day = await a.day(ahead(45));
    const made = await t.app.ctx.db
      .insert(vendors)
      .values(Array.from({ length: 200 }, (_, i) => ({ orgId: a.org.id, vendorType: 'market' as const, publicName: `Racer ${i}` })))
      .returning();
    await t.app.ctx.db.insert(vendorCategories).values(made.map((v) => ({ orgId: a.org.id, vendorId: v.id, categoryId: a.crafts.id })));
    const requests = await a.requestRows(made.map((v) => ({ vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id })));

    const answers = await Promise.all(
      requests.map((r) => a.call('POST', '/market-assignments', { requestId: r.id, slotId: a.slots.a2.id })),
    );
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const refused = answers.find((x) => x.status === 409)!;
    expect(refused.body.error.message).toBe(`Slot A2 is already taken on ${day.date}`);
    const held = await holding(day.id);
    expect(held).toHaveLength(1);
    expect(held[0]!.id).toBe(answers.find((x) => x.status === 201)!.body.id);
  });

  it('one vendor booking two different slots of one day at once: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const day = await a.day(ahead(46 + round));
      const v = await a.vendor({ insuredUntil: null });
      const [request] = await a.requestRows([{ vendorId: v.id, marketDayId: day.id, categoryId: a.crafts.id }]);
      const answers = await Promise.all(
        [a.slots.a2.id, a.slots.a3.id].map((slotId) => a.call('POST', '/market-assignments', { requestId: request!.id, slotId })),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)!.body.error.message).toBe(`This vendor already has a slot on ${day.date}`);
      expect(await holding(day.id)).toHaveLength(1);
    }
  });
});
