import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorApplications, workshops } from '../../db/schema/index.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication, createMarketDay } from '../../../test/factories/applications.js';
import { createLocation } from '../../../test/factories/market.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let org: { id: string };
let staff: Call;
let otherStaff: Call;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.app);
  const other = await createOrg(t.app);
  staff = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
  otherStaff = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'vendor_manager' }))));
});
afterAll(async () => t?.close());

const workshopApp = (marketDayIds: string[], o: Parameters<typeof createApplication>[2] = {}) =>
  createApplication(t.app, org.id, { stream: 'workshop', marketDayIds, ...o }).then((r) => r.row);
const approve = (id: string, body: Record<string, unknown> = {}) => staff('POST', `/vendor-applications/${id}/approve`, body);
const workshopOf = async (applicationId: string) =>
  (await t.app.ctx.db.select().from(workshops).where(eq(workshops.applicationId, applicationId)))[0];

describe(`applications: workshops (${driver})`, () => {
  it('places approved workshops on the first preferred day with room and refuses a full, past or unpublished day', async () => {
    const location = await createLocation(t.app, org.id, { nameEn: 'Harbour Square' });
    const today = todayUtc();
    const past = await createMarketDay(t.app, org.id, { locationId: location.id, date: addDays(today, -7) });
    const draft = await createMarketDay(t.app, org.id, { locationId: location.id, date: addDays(today, 14), status: 'draft' });
    const day1 = await createMarketDay(t.app, org.id, { locationId: location.id, date: addDays(today, 21) });
    const day2 = await createMarketDay(t.app, org.id, { locationId: location.id, date: addDays(today, 28) });
    const preferred = [day2.id, past.id, draft.id, day1.id];

    const first = await workshopApp(preferred);
    const res = await approve(first.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.workshop).toMatchObject({
      applicationId: first.id,
      marketDayId: day1.id,
      marketDayDate: day1.date,
      locationName: 'Harbour Square',
      status: 'scheduled',
      titleEn: 'Bread baking for kids',
      titleAr: 'خبز الخبز للأطفال',
      hostName: first.applicantName,
      hostEmail: first.email,
      durationMinutes: 90,
      capacity: 12,
      ageMin: 6,
      ageMax: 12,
      materialsFeeMinor: 1500,
      spaceNeeds: 'A table',
    });
    expect(res.body.vendorId).toBeNull();
    expect((await approve((await workshopApp(preferred)).id)).body.workshop.marketDayId).toBe(day1.id);
    // Day 1 now holds 2 of 2: the next one goes to day 2.
    expect((await approve((await workshopApp(preferred)).id)).body.workshop.marketDayId).toBe(day2.id);

    const chosen = await workshopApp(preferred);
    const full = await approve(chosen.id, { marketDayId: day1.id });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(`The market day of ${day1.date} is full: 2 of 2 workshops.`);
    const [stored] = await t.app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.id, chosen.id));
    expect(stored!.status).toBe('submitted');
    expect(await workshopOf(chosen.id)).toBeUndefined();
    for (const [dayId, words] of [
      [past.id, 'is over'],
      [draft.id, 'not published'],
      [(await createMarketDay(t.app, org.id)).id, 'must be one of the market days'],
    ] as const) {
      const bad = await approve(chosen.id, { marketDayId: dayId });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields[0]).toMatchObject({ field: 'marketDayId' });
      expect(bad.body.error.fields[0].message).toContain(words);
    }
    const onlyDay1 = await workshopApp([day1.id]);
    const allFull = await approve(onlyDay1.id);
    expect(allFull.status).toBe(409);
    expect(allFull.body.error.message).toBe(`Every market day this workshop can go on is full: ${day1.date} (2 of 2 workshops).`);
    const nothing = await approve((await workshopApp([past.id, draft.id])).id);
    expect(nothing.status).toBe(422);

    expect((await staff('PATCH', '/application-settings', { workshopsPerMarketDay: 3 })).body.workshopsPerMarketDay).toBe(3);
    expect((await approve(chosen.id, { marketDayId: day1.id })).body.workshop.marketDayId).toBe(day1.id);
  });

  it('lists workshops and moves or cancels them within the capacity of the day', async () => {
    const day1 = await createMarketDay(t.app, org.id, { date: addDays(todayUtc(), 40) });
    const day2 = await createMarketDay(t.app, org.id, { date: addDays(todayUtc(), 47) });
    await staff('PATCH', '/application-settings', { workshopsPerMarketDay: 1 });
    const a = (await approve((await workshopApp([day1.id])).id)).body.workshop;
    const b = (await approve((await workshopApp([day2.id])).id)).body.workshop;

    const listed = await staff('GET', `/workshops?marketDayId=${day1.id}`);
    expect(listed.body.items.map((w: { id: string }) => w.id)).toEqual([a.id]);
    const move = await staff('PATCH', `/workshops/${b.id}`, { marketDayId: day1.id });
    expect(move.status).toBe(409);
    expect(move.body.error.message).toBe(`The market day of ${day1.date} is full: 1 of 1 workshop.`);
    const cancelled = await staff('PATCH', `/workshops/${a.id}`, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', marketDayId: day1.id });
    const moved = await staff('PATCH', `/workshops/${b.id}`, { marketDayId: day1.id });
    expect(moved.body).toMatchObject({ status: 'scheduled', marketDayId: day1.id, marketDayDate: day1.date });
    // Reinstating the cancelled one would overfill its day.
    expect((await staff('PATCH', `/workshops/${a.id}`, { status: 'scheduled' })).status).toBe(409);
    expect((await staff('PATCH', `/workshops/${a.id}`, { status: 'scheduled', marketDayId: day2.id })).body).toMatchObject({
      status: 'scheduled',
      marketDayId: day2.id,
    });
    expect((await staff('GET', '/workshops?status=cancelled')).body.items.map((w: { id: string }) => w.id)).not.toContain(a.id);
    expect((await staff('PATCH', `/workshops/${b.id}`, { marketDayId: null })).body).toMatchObject({
      marketDayId: null,
      marketDayDate: null,
      locationName: null,
    });

    expect((await otherStaff('PATCH', `/workshops/${a.id}`, { status: 'cancelled' })).status).toBe(404);
    expect((await otherStaff('GET', '/workshops')).body.items).toEqual([]);
    const foreignDay = await createMarketDay(t.app, (await createOrg(t.app)).id);
    const foreign = await staff('PATCH', `/workshops/${b.id}`, { marketDayId: foreignDay.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields[0].field).toBe('marketDayId');
  });
});
