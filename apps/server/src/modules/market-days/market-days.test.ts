import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketDays } from '../../db/schema/index.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { addDays, today } from './market-days.rules.js';
import { caller, futureWeekday, startMarketDays, times, type MarketOrg } from './market-days.test-support.js';

let t: TestContext;
let a: MarketOrg;
let b: MarketOrg;
beforeAll(async () => {
  ({ t, a, b } = await startMarketDays());
});
afterAll(async () => t?.close());

let nextDate = futureWeekday(6, 40);
/** A fresh date per test so that days never clash by accident. */
const freshDate = () => (nextDate = addDays(nextDate, 1));
const dayBody = (over: Record<string, unknown> = {}) => ({ locationId: a.location.id, date: freshDate(), ...times, ...over });

describe(`market days (${driver})`, () => {
  it("creates a draft day whose capacity defaults to the active categories' targets, and audits it", async () => {
    await createCategory(t.app, b.org.id, { targetPerDay: 50 }); // another organization's category must not count
    const res = await a.call('POST', '/market-days', dayBody({ notes: 'Bring change' }));
    expect(res.status).toBe(201);
    const day = res.body;
    expect(day).toMatchObject({
      status: 'draft',
      seriesId: null,
      detached: false,
      capacityTotal: 12,
      notes: 'Bring change',
      publishedAt: null,
    });
    expect(day.locationNameEn).toBe(a.location.nameEn);
    expect(day.capacities.map((c: { nameEn: string; capacity: number }) => [c.nameEn, c.capacity]).sort()).toEqual([
      ['Crafts', 7],
      ['Food', 5],
    ]);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, day.id));
    expect(audits.map((x) => x.action)).toEqual(['create']);
  });

  it('takes a given capacity set instead, with categories of the organization only', async () => {
    const res = await a.call('POST', '/market-days', dayBody({ capacities: [{ categoryId: a.retired.id, capacity: 3 }] }));
    expect(res.status).toBe(201);
    expect(res.body.capacityTotal).toBe(3);
    const foreign = await a.call('POST', '/market-days', dayBody({ capacities: [{ categoryId: b.food.id, capacity: 3 }] }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields[0].field).toBe('capacities.0.categoryId');
    const twice = await a.call(
      'POST',
      '/market-days',
      dayBody({
        capacities: [
          { categoryId: a.food.id, capacity: 1 },
          { categoryId: a.food.id, capacity: 2 },
        ],
      }),
    );
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields[0].field).toBe('capacities.1.categoryId');
  });

  it('checks set-up <= opening < closing', async () => {
    const early = await a.call('POST', '/market-days', dayBody({ setupTime: '09:30' }));
    expect(early.status).toBe(422);
    expect(early.body.error.fields[0].field).toBe('setupTime');
    const shut = await a.call('POST', '/market-days', dayBody({ closeTime: '09:00' }));
    expect(shut.status).toBe(422);
    expect(shut.body.error.fields[0].field).toBe('closeTime');
    const format = await a.call('POST', '/market-days', dayBody({ openTime: '9:00' }));
    expect(format.status).toBe(422);
    expect(format.body.error.fields[0].field).toBe('openTime');
    expect((await a.call('POST', '/market-days', dayBody({ setupTime: '09:00' }))).status).toBe(201);
  });

  it('checks the application window: both ends, opens < closes, closes no later than the day opens (in the offset written)', async () => {
    const date = freshDate();
    const w = (opens: string | null, closes: string | null) => dayBody({ date, applicationOpensAt: opens, applicationClosesAt: closes });
    const before = `${addDays(date, -10)}T09:00:00+03:00`;
    const one = await a.call('POST', '/market-days', w(before, null));
    expect(one.status).toBe(422);
    expect(one.body.error.fields[0].field).toBe('applicationClosesAt');
    const reversed = await a.call('POST', '/market-days', w(`${addDays(date, -1)}T09:00:00+03:00`, before));
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.fields[0].field).toBe('applicationClosesAt');
    // 09:30 in +03:00 is after the 09:00 opening of that day there, although it is 06:30 UTC.
    const late = await a.call('POST', '/market-days', w(before, `${date}T09:30:00+03:00`));
    expect(late.status).toBe(422);
    expect(late.body.error.message).toMatch(/no later than the market day opens/);
    const ok = await a.call('POST', '/market-days', w(before, `${date}T09:00:00+03:00`));
    expect(ok.status).toBe(201);
    expect(ok.body.applicationClosesAt).toBe(`${date}T06:00:00.000Z`);
  });

  it('refuses a location of another organization, an inactive location and a second day at one location on one date', async () => {
    const foreign = await a.call('POST', '/market-days', dayBody({ locationId: b.location.id }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields[0].field).toBe('locationId');
    const closed = await createLocation(t.app, a.org.id, { status: 'inactive' });
    expect((await a.call('POST', '/market-days', dayBody({ locationId: closed.id }))).status).toBe(422);
    const date = freshDate();
    expect((await a.call('POST', '/market-days', dayBody({ date }))).status).toBe(201);
    const again = await a.call('POST', '/market-days', dayBody({ date }));
    expect(again.status).toBe(409);
    expect(again.body.error.fields[0].field).toBe('date');
  });

  it('moves draft -> published -> completed and refuses illegal transitions with from/to named', async () => {
    const id = (await a.call('POST', '/market-days', dayBody())).body.id;
    const early = await a.call('POST', `/market-days/${id}/complete`);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/from draft to completed/);
    const pub = await a.call('POST', `/market-days/${id}/publish`);
    expect(pub.status).toBe(200);
    expect(pub.body.status).toBe('published');
    expect(Date.parse(pub.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await a.call('POST', `/market-days/${id}/publish`)).status).toBe(409);
    expect((await a.call('DELETE', `/market-days/${id}`)).status).toBe(409);
    const done = await a.call('POST', `/market-days/${id}/complete`);
    expect(done.body.status).toBe('completed');
    const after = await a.call('POST', `/market-days/${id}/cancel`, { reason: 'rain' });
    expect(after.status).toBe(409);
    expect(after.body.error.message).toMatch(/from completed to cancelled: completed is final/);
    expect((await a.call('PATCH', `/market-days/${id}`, { notes: 'x' })).status).toBe(409);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((x) => x.action).sort()).toEqual(['complete', 'create', 'publish']);
  });

  it('cancels a draft or published day only with a reason, and cancelled is final', async () => {
    const id = (await a.call('POST', '/market-days', dayBody())).body.id;
    await a.call('POST', `/market-days/${id}/publish`);
    const bare = await a.call('POST', `/market-days/${id}/cancel`, { reason: '   ' });
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields[0].field).toBe('reason');
    const res = await a.call('POST', `/market-days/${id}/cancel`, { reason: 'Storm warning' });
    expect(res.body).toMatchObject({ status: 'cancelled', cancelReason: 'Storm warning' });
    expect((await a.call('POST', `/market-days/${id}/publish`)).status).toBe(409);
    expect((await a.call('PUT', `/market-days/${id}/capacities`, { capacities: [] })).status).toBe(409);
    const draft = (await a.call('POST', '/market-days', dayBody())).body.id;
    expect((await a.call('POST', `/market-days/${draft}/cancel`, { reason: 'No stalls' })).body.status).toBe('cancelled');
  });

  it('edits a day, removes only drafts, and replaces capacities', async () => {
    const id = (await a.call('POST', '/market-days', dayBody())).body.id;
    const moved = freshDate();
    const upd = await a.call('PATCH', `/market-days/${id}`, { date: moved, openTime: '10:00', notes: '' });
    expect(upd.body).toMatchObject({ date: moved, openTime: '10:00', notes: null, detached: false });
    expect((await a.call('PATCH', `/market-days/${id}`, { closeTime: '10:00' })).status).toBe(422);
    const caps = await a.call('PUT', `/market-days/${id}/capacities`, { capacities: [{ categoryId: a.food.id, capacity: 2 }] });
    expect(caps.body.capacityTotal).toBe(2);
    expect(caps.body.capacities).toHaveLength(1);
    const negative = await a.call('PUT', `/market-days/${id}/capacities`, { capacities: [{ categoryId: a.food.id, capacity: -1 }] });
    expect(negative.status).toBe(422);
    expect(negative.body.error.fields[0].field).toBe('capacities.0.capacity');
    expect((await a.call('DELETE', `/market-days/${id}`)).status).toBe(200);
    expect((await a.call('GET', `/market-days/${id}`)).status).toBe(404);
  });

  it('lists with filters and a bounded date range, and gives the next days for the dashboard', async () => {
    const loc2 = await createLocation(t.app, a.org.id);
    const d1 = freshDate();
    const first = (await a.call('POST', '/market-days', { ...dayBody({ date: d1 }), locationId: loc2.id })).body;
    const second = (await a.call('POST', '/market-days', { ...dayBody({ date: addDays(d1, 1) }), locationId: loc2.id })).body;
    await a.call('POST', `/market-days/${second.id}/publish`);
    const third = (await a.call('POST', '/market-days', { ...dayBody({ date: addDays(d1, 2) }), locationId: loc2.id })).body;
    await a.call('POST', `/market-days/${third.id}/cancel`, { reason: 'x' });
    const past = (await a.call('POST', '/market-days', { ...dayBody({ date: addDays(today(), -3) }), locationId: loc2.id })).body;
    const ids = (q: string) => a.call('GET', `/market-days?locationId=${loc2.id}${q}`).then((r) => r.body.map((d: { id: string }) => d.id));
    expect(await ids('')).toEqual([past.id, first.id, second.id, third.id]);
    expect(await ids('&status=published')).toEqual([second.id]);
    expect(await ids(`&from=${d1}&to=${addDays(d1, 1)}`)).toEqual([first.id, second.id]);
    const row = (await a.call('GET', `/market-days?locationId=${loc2.id}&status=published`)).body[0];
    expect(row).toMatchObject({ locationNameEn: loc2.nameEn, capacityTotal: 12 });
    const wide = await a.call('GET', `/market-days?from=2026-01-01&to=2027-02-06`);
    expect(wide.status).toBe(422);
    expect(wide.body.error.fields[0].field).toBe('query.to');
    expect((await a.call('GET', `/market-days?from=2026-01-02&to=2026-01-01`)).status).toBe(422);
    expect((await a.call('GET', `/market-days?from=2026-01-01&to=2027-02-05`)).status).toBe(200);

    const up = await a.call('GET', '/market-days/upcoming?limit=20');
    expect(up.status).toBe(200);
    const upIds = up.body.map((d: { id: string }) => d.id);
    expect(upIds).toContain(first.id);
    expect(upIds).not.toContain(third.id); // cancelled
    expect(upIds).not.toContain(past.id);
    expect(up.body.every((d: { date: string }) => d.date >= today())).toBe(true);
    const withCaps = up.body.find((d: { id: string }) => d.id === first.id);
    expect(withCaps.capacities.map((c: { capacity: number }) => c.capacity).sort()).toEqual([5, 7]);
    expect((await a.call('GET', '/market-days/upcoming?limit=2')).body).toHaveLength(2);
    expect((await a.call('GET', '/market-days/upcoming?limit=21')).status).toBe(422);
  });

  it('keeps organizations apart: another organization sees 404 and empty lists', async () => {
    const day = (await a.call('POST', '/market-days', dayBody())).body;
    for (const [method, url, body] of [
      ['GET', `/market-days/${day.id}`],
      ['PATCH', `/market-days/${day.id}`, { notes: 'mine now' }],
      ['PUT', `/market-days/${day.id}/capacities`, { capacities: [] }],
      ['POST', `/market-days/${day.id}/publish`],
      ['POST', `/market-days/${day.id}/complete`],
      ['POST', `/market-days/${day.id}/cancel`, { reason: 'x' }],
      ['DELETE', `/market-days/${day.id}`],
    ] as const) {
      expect((await b.call(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect((await b.call('GET', '/market-days')).body.map((d: { id: string }) => d.id)).not.toContain(day.id);
    expect((await b.call('GET', `/market-days?locationId=${a.location.id}`)).body).toEqual([]);
    expect((await b.call('GET', '/market-days/upcoming?limit=20')).body.map((d: { id: string }) => d.id)).not.toContain(day.id);
    const [row] = await t.app.ctx.db.select().from(marketDays).where(eq(marketDays.id, day.id));
    expect(row).toMatchObject({ status: 'draft', notes: null });
  });

  it('needs vendor_management', async () => {
    const marketing = await createUser(t.app, { orgId: a.org.id, role: 'marketing' });
    const m = caller(t.app, bearer(await tokenFor(t.app, marketing)));
    expect((await m('GET', '/market-days')).status).toBe(403);
    expect((await m('POST', '/market-days', dayBody())).status).toBe(403);
  });
});
