import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs, marketAssignments, marketDayRequests, vendorUsers } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { caller, marketTestApp, type MarketWorld } from './market-assignments.test-support.js';
import { slotFreed } from './waitlist-offers.service.js';

// A freed slot goes to the next eligible vendor of the waitlist by a job, without anyone opening a page; an
// offer that expires passes on by the same job. The clock is the runner's (`runDue({ now })`). `a` is the
// organization under test (its vendor manager calls), `b` another one.
let t: TestContext;
let a: MarketWorld;
let b: MarketWorld;
beforeAll(async () => ({ t, a, b } = await marketTestApp()));
afterAll(async () => t?.close());

const HOUR = 3600_000;
let dateOffset = 20;

/** A published day at a new location with two slots for one category, and waitlisted vendors in the given order. */
async function scene(vendors: { name: string; priority?: number; status?: 'active' | 'suspended' }[]) {
  const location = await createLocation(t.app, a.org.id);
  const food = await createCategory(t.app, a.org.id, { nameEn: `Food ${dateOffset}` });
  const slotA = await createSlot(t.app, a.org.id, { locationId: location.id, code: 'A1', categoryId: food.id });
  const slotB = await createSlot(t.app, a.org.id, { locationId: location.id, code: 'A2', categoryId: food.id });
  const day = await a.day(addDays(todayUtc(), dateOffset++), { locationId: location.id }, null);
  const entries = [];
  let joined = Date.now() - 10 * HOUR;
  for (const v of vendors) {
    const vendor = await a.vendor({
      categories: [food],
      publicName: v.name,
      email: `${v.name.toLowerCase()}@example.test`,
      status: v.status,
    });
    const [request] = await a.requestRows([
      {
        marketDayId: day.id,
        vendorId: vendor.id,
        categoryId: food.id,
        status: 'waitlisted',
        priority: v.priority ?? 0,
        waitlistedAt: new Date((joined += HOUR)),
      },
    ]);
    entries.push({ vendor, request: request! });
  }
  return { day, slotA, slotB, food, entries };
}

async function vendorCaller(vendorId: string) {
  const user = await createUser(t.app, { orgId: a.org.id, role: 'market_vendor' });
  await t.app.ctx.db.insert(vendorUsers).values({ orgId: a.org.id, vendorId, userId: user.id });
  return caller(t.app, bearer(await tokenFor(t.app, user)));
}

const offersOf = async (dayId: string) =>
  (await a.call('GET', `/waitlist-offers?marketDayId=${dayId}`)).body as {
    vendorName: string;
    status: string;
    id: string;
    expiresAt: string;
  }[];

describe(`waitlist offers (${driver})`, () => {
  it('offers a freed slot to the first eligible vendor by priority then time joined, e-mails it, and passes it on when it expires', async () => {
    const s = await scene([
      { name: 'Early' },
      { name: 'Favoured', priority: 5 },
      { name: 'Late' },
      { name: 'Barred', priority: 9, status: 'suspended' },
    ]);
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotA.id);
    const start = new Date();
    expect(await t.app.ctx.jobs.runDue({ now: start })).toBeGreaterThanOrEqual(1);

    let offers = await offersOf(s.day.id);
    expect(offers.map((o) => [o.vendorName, o.status])).toEqual([['Favoured', 'offered']]);
    const expires = new Date(offers[0]!.expiresAt).getTime();
    expect(Math.abs(expires - start.getTime() - 48 * HOUR)).toBeLessThan(60_000);
    const mail = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'favoured@example.test'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.template).toBe('market.waitlist_offer');
    expect(mail[0]!.textBody).toContain(`/vendor-dashboard?offer=${offers[0]!.id}`);
    expect(mail[0]!.textBody).toContain('A1');

    // Nobody opens a page: only the runner, with its clock before and then after the expiry.
    await t.app.ctx.jobs.runDue({ now: new Date(expires - HOUR) });
    expect((await offersOf(s.day.id)).map((o) => o.status)).toEqual(['offered']);
    await t.app.ctx.jobs.runDue({ now: new Date(expires + 1000) });
    offers = await offersOf(s.day.id);
    expect(offers.map((o) => [o.vendorName, o.status])).toEqual([
      ['Early', 'offered'],
      ['Favoured', 'expired'],
    ]);
    expect(await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'early@example.test'))).toHaveLength(1);

    // The vendor accepts in its own dashboard: the slot is booked and the request accepted.
    const early = s.entries[0]!;
    const vendor = await vendorCaller(early.vendor.id);
    const own = await vendor('GET', '/vendor-portal/offers');
    expect(own.body.map((o: { slotCode: string }) => o.slotCode)).toEqual(['A1']);
    const accepted = await vendor('POST', `/vendor-portal/offers/${own.body[0].id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.assignmentId).toEqual(expect.any(String));
    const [booking] = await t.app.ctx.db.select().from(marketAssignments).where(eq(marketAssignments.id, accepted.body.assignmentId));
    expect(booking).toMatchObject({ vendorId: early.vendor.id, slotId: s.slotA.id, status: 'confirmed' });
    const [req] = await t.app.ctx.db.select().from(marketDayRequests).where(eq(marketDayRequests.id, early.request.id));
    expect(req!.status).toBe('accepted');

    // Its expiry job later finds nothing to do; the slot is not offered again.
    await t.app.ctx.jobs.runDue({ now: new Date(expires + 100 * HOUR) });
    expect((await offersOf(s.day.id)).filter((o) => o.status === 'offered')).toEqual([]);
  });

  it('refuses an expired offer and an offer of another vendor, and declining passes the slot on', async () => {
    const s = await scene([{ name: 'First' }, { name: 'Second' }]);
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotB.id);
    await t.app.ctx.jobs.runDue();
    const [offer] = await offersOf(s.day.id);
    const second = await vendorCaller(s.entries[1]!.vendor.id);
    expect((await second('POST', `/vendor-portal/offers/${offer!.id}/accept`)).status).toBe(404);
    const first = await vendorCaller(s.entries[0]!.vendor.id);
    const declined = await first('POST', `/vendor-portal/offers/${offer!.id}/decline`);
    expect(declined.body.status).toBe('declined');
    await t.app.ctx.jobs.runDue();
    const offers = await offersOf(s.day.id);
    expect(offers.map((o) => [o.vendorName, o.status])).toEqual([
      ['Second', 'offered'],
      ['First', 'declined'],
    ]);
    // Past its expiry (moved by hand: the clock of a request is the server's), accepting is refused.
    await t.app.ctx.db.execute(
      (await import('drizzle-orm'))
        .sql`update market_waitlist_offers set expires_at = now() - interval '1 minute' where id = ${offers[0]!.id}`,
    );
    const late = await second('POST', `/vendor-portal/offers/${offers[0]!.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain('expired');
  });

  it('answers an offer whose slot was booked meanwhile with the 409 of a double booking, and books nothing', async () => {
    const s = await scene([{ name: 'Slow' }]);
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotA.id);
    await t.app.ctx.jobs.runDue();
    const [offer] = await offersOf(s.day.id);
    // Staff place another vendor on the offered slot before the vendor answers.
    await t.app.ctx.db.insert(marketAssignments).values({
      orgId: a.org.id,
      marketDayId: s.day.id,
      slotId: s.slotA.id,
      vendorId: (await a.vendor({ publicName: 'Quick' })).id,
      categoryId: s.food.id,
      status: 'confirmed',
    });
    const slow = await vendorCaller(s.entries[0]!.vendor.id);
    const late = await slow('POST', `/vendor-portal/offers/${offer!.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      message: `Slot A1 is already taken on ${s.day.date}`,
      fields: [{ field: 'slotId', message: 'slot A1 is already taken that day' }],
    });
    const [req] = await t.app.ctx.db.select().from(marketDayRequests).where(eq(marketDayRequests.id, s.entries[0]!.request.id));
    expect(req!.status).toBe('waitlisted');
    expect((await offersOf(s.day.id)).map((o) => o.status)).toEqual(['offered']);
  });

  it('lets a manager see the queue, send an offer by hand and withdraw it, and keeps other organizations out', async () => {
    const s = await scene([{ name: 'Alpha' }, { name: 'Beta', priority: 2 }]);
    const waitlist = await a.call('GET', `/market-days/${s.day.id}/waitlist`);
    expect(waitlist.status).toBe(200);
    expect(waitlist.body.queue.map((q: { vendorName: string; position: number }) => [q.vendorName, q.position])).toEqual([
      ['Beta', 1],
      ['Alpha', 2],
    ]);
    // Out of turn, by hand.
    const sent = await a.call('POST', '/waitlist-offers', { requestId: s.entries[0]!.request.id, slotId: s.slotA.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ vendorName: 'Alpha', status: 'offered', slotCode: 'A1' });
    const again = await a.call('POST', '/waitlist-offers', { requestId: s.entries[1]!.request.id, slotId: s.slotA.id });
    expect(again.status).toBe(409);

    expect((await b.call('GET', `/market-days/${s.day.id}/waitlist`)).status).toBe(404);
    expect((await b.call('POST', `/waitlist-offers/${sent.body.id}/withdraw`)).status).toBe(404);
    expect((await b.call('POST', '/waitlist-offers', { requestId: s.entries[1]!.request.id, slotId: s.slotB.id })).status).toBe(404);

    const withdrawn = await a.call('POST', `/waitlist-offers/${sent.body.id}/withdraw`);
    expect(withdrawn.body.status).toBe('withdrawn');
    await t.app.ctx.jobs.runDue();
    expect((await offersOf(s.day.id)).map((o) => [o.vendorName, o.status])).toEqual([
      ['Beta', 'offered'],
      ['Alpha', 'withdrawn'],
    ]);
  });

  it('keeps offering a slot withdrawn again and again, but e-mails a vendor at most 3 offers an hour and says which were held', async () => {
    const s = await scene([{ name: 'Keen' }]);
    const mails = async () => (await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'keen@example.test'))).length;
    const start = Date.now() + 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotA.id);
    await t.app.ctx.jobs.runDue({ now: at(0) });
    // The manager withdraws each new offer; the job offers the slot to the same vendor again each time.
    for (const minute of [1, 2, 3, 4]) {
      const open = (await offersOf(s.day.id)).find((o) => o.status === 'offered')!;
      expect((await a.call('POST', `/waitlist-offers/${open.id}/withdraw`)).status).toBe(200);
      await t.app.ctx.jobs.runDue({ now: at(minute) });
    }
    type Seen = { status: string; sentAt: string | null; emailHeld: boolean };
    const offers = (await offersOf(s.day.id)) as unknown as Seen[];
    expect(offers.map((o) => [o.status, o.sentAt, o.emailHeld])).toEqual([
      ['offered', null, true],
      ['withdrawn', null, true],
      ['withdrawn', at(2).toISOString(), false],
      ['withdrawn', at(1).toISOString(), false],
      ['withdrawn', at(0).toISOString(), false],
    ]);
    expect(await mails()).toBe(3);
    // The held offer stands: the vendor finds it in its dashboard, and managers see it held in the day's waitlist.
    const keen = await vendorCaller(s.entries[0]!.vendor.id);
    expect((await keen('GET', '/vendor-portal/offers')).body.map((o: { emailHeld: boolean }) => o.emailHeld)).toEqual([true]);
    const waitlist = await a.call('GET', `/market-days/${s.day.id}/waitlist`);
    expect(waitlist.body.offers[0]).toMatchObject({ status: 'offered', emailHeld: true });

    // An hour after the second e-mail only the third still counts: the next offer is e-mailed again.
    const open = (await offersOf(s.day.id)).find((o) => o.status === 'offered')!;
    await a.call('POST', `/waitlist-offers/${open.id}/withdraw`);
    await t.app.ctx.jobs.runDue({ now: at(61) });
    const latest = ((await offersOf(s.day.id)) as unknown as Seen[])[0]!;
    expect([latest.status, latest.sentAt, latest.emailHeld]).toEqual(['offered', at(61).toISOString(), false]);
    expect(await mails()).toBe(4);
  });

  it('makes no offer when the slot is taken, blocked or nobody fits', async () => {
    const s = await scene([{ name: 'Only' }]);
    await t.app.ctx.db.insert(marketAssignments).values({
      orgId: a.org.id,
      marketDayId: s.day.id,
      slotId: s.slotA.id,
      vendorId: s.entries[0]!.vendor.id,
      categoryId: s.food.id,
      status: 'confirmed',
    });
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotA.id);
    await slotFreed(t.app.ctx.db, a.org.id, s.day.id, s.slotB.id); // free, but the only vendor already trades that day
    await t.app.ctx.jobs.runDue();
    expect(await offersOf(s.day.id)).toEqual([]);
    const done = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.orgId, a.org.id), eq(jobs.kind, 'market.waitlist.slot-freed'), eq(jobs.status, 'done')));
    expect(done.length).toBeGreaterThanOrEqual(2);
  });
});
