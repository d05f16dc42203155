import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication, createMarketDay } from '../../../test/factories/applications.js';
import { createLocation } from '../../../test/factories/market.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const today = async (user: { id: string; email: string }) =>
  t.app.inject({ url: '/api/v1/today', headers: bearer(await tokenFor(t.app, user)) });

describe(`today (${driver})`, () => {
  it("lists today's market days of the organization with location and status, and the applications waiting", async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const date = todayUtc();
    const harbour = await createLocation(t.app, org.id, { nameEn: 'Harbour', nameAr: 'الميناء' });
    const late = await createMarketDay(t.app, org.id, { locationId: harbour.id, date, openTime: '16:00', status: 'published' });
    const early = await createMarketDay(t.app, org.id, { date, openTime: '08:30', status: 'cancelled', cancelReason: 'Storm' });
    await createMarketDay(t.app, org.id, { date: addDays(date, 1) });
    await createMarketDay(t.app, org.id, { date: addDays(date, -1) });
    await createMarketDay(t.app, other.id, { date });
    await createApplication(t.app, org.id, { status: 'submitted' });
    await createApplication(t.app, org.id, { stream: 'workshop', status: 'info_requested' });
    await createApplication(t.app, other.id, { status: 'submitted' });
    const res = await today(await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date, timeZone: 'UTC' });
    expect(body.marketDays.map((d: { id: string }) => d.id)).toEqual([early.id, late.id]);
    expect(body.marketDays[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Storm', openTime: '08:30' });
    expect(body.marketDays[1]).toMatchObject({
      locationId: harbour.id,
      locationName: 'Harbour',
      locationNameAr: 'الميناء',
      status: 'published',
      setupTime: '07:00',
      openTime: '16:00',
      closeTime: '14:00',
      cancelReason: null,
    });
    expect(body.applicationsWaiting).toEqual([
      { stream: 'market_vendor', waiting: 1, infoRequested: 0 },
      { stream: 'junior_vendor', waiting: 0, infoRequested: 0 },
      { stream: 'workshop', waiting: 0, infoRequested: 1 },
    ]);
  });

  it('gives callers without vendor_management, vendors and users without an organization the date only', async () => {
    const org = await createOrg(t.app);
    await createMarketDay(t.app, org.id, { date: todayUtc() });
    await createApplication(t.app, org.id, { status: 'submitted' });
    for (const user of [
      await createUser(t.app, { orgId: org.id, role: 'operation_manager' }),
      await createUser(t.app, { orgId: org.id, role: 'market_vendor' }),
      await createUser(t.app),
    ]) {
      const res = await today(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ date: todayUtc(), timeZone: 'UTC', marketDays: null, applicationsWaiting: null });
    }
    expect((await t.app.inject({ url: '/api/v1/today' })).statusCode).toBe(401);
  });

  it('answers an empty list, not null, to a manager on a day without markets', async () => {
    const org = await createOrg(t.app);
    await createMarketDay(t.app, org.id, { date: addDays(todayUtc(), 3) });
    const body = (await today(await createUser(t.app, { orgId: org.id, role: 'super_admin' }))).json();
    expect(body.marketDays).toEqual([]);
    expect(body.applicationsWaiting).toHaveLength(3);
  });
});
