import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketDayCapacities, marketDays } from '../../db/schema/index.js';
import { createLocation } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { addDays, today, weekdayOf } from './market-days.rules.js';
import { futureWeekday, startMarketDays, times, type MarketOrg } from './market-days.test-support.js';

let t: TestContext;
let a: MarketOrg;
let b: MarketOrg;
beforeAll(async () => {
  ({ t, a, b } = await startMarketDays());
});
afterAll(async () => t?.close());

type Day = { id: string; date: string; status: string; openTime: string; notes: string | null; detached: boolean; seriesId: string | null };

/** A weekly Saturday series of `weeks` dates at a location of its own, from a Saturday well in the future. */
async function saturdays(weeks: number, over: Record<string, unknown> = {}) {
  const location = await createLocation(t.app, a.org.id);
  const start = futureWeekday(6);
  const res = await a.call('POST', '/market-day-series', {
    locationId: location.id,
    weekday: 6,
    startDate: start,
    endDate: addDays(start, 7 * (weeks - 1)),
    ...times,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { location, start, series: res.body };
}
const daysOf = async (seriesId: string): Promise<Day[]> => (await a.call('GET', `/market-days?seriesId=${seriesId}`)).body;

describe(`market day series (${driver})`, () => {
  it('creates one draft day per matching date, without the skipped dates, each with default capacities', async () => {
    const start = futureWeekday(3); // a Wednesday
    const location = await createLocation(t.app, a.org.id);
    const skip = addDays(start, 14);
    const res = await a.call('POST', '/market-day-series', {
      locationId: location.id,
      weekday: 6,
      startDate: start,
      endDate: addDays(start, 34),
      skipDates: [skip, addDays(skip, 3), addDays(skip, 3)],
      ...times,
      notes: 'Summer season',
    });
    expect(res.status).toBe(201);
    const s = res.body;
    // Saturdays after the Wednesday start: +3, +10, +17 (skipped), +24, +31.
    expect(s.changes.added).toEqual([addDays(start, 3), addDays(start, 10), addDays(start, 24), addDays(start, 31)]);
    expect(s.skipDates).toEqual([skip, addDays(skip, 3)]);
    expect(s.dayCounts).toEqual({ draft: 4, published: 0, completed: 0, cancelled: 0 });
    expect(s.nextDate).toBe(addDays(start, 3));
    const days = await daysOf(s.id);
    expect(days.map((d) => d.date)).toEqual(s.changes.added);
    expect(days.every((d) => d.status === 'draft' && weekdayOf(d.date) === 6 && d.notes === 'Summer season' && !d.detached)).toBe(true);
    const caps = await t.app.ctx.db.select().from(marketDayCapacities).where(eq(marketDayCapacities.marketDayId, days[0]!.id));
    expect(caps.map((c) => c.capacity).sort()).toEqual([5, 7]);
    expect((await a.call('GET', `/market-day-series/${s.id}`)).body.locationNameEn).toBe(location.nameEn);
  });

  it('validates the rule: end after start, at most two years, some dates left, times in order, a free location', async () => {
    const location = await createLocation(t.app, a.org.id);
    const base = { locationId: location.id, weekday: 6, ...times };
    const start = futureWeekday(6);
    const reversed = await a.call('POST', '/market-day-series', { ...base, startDate: start, endDate: addDays(start, -1) });
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.fields[0].field).toBe('endDate');
    const long = await a.call('POST', '/market-day-series', { ...base, startDate: start, endDate: addDays(start, 800) });
    expect(long.status).toBe(422);
    expect(long.body.error.fields[0].message).toMatch(/two years/);
    const empty = await a.call('POST', '/market-day-series', { ...base, startDate: start, endDate: start, skipDates: [start] });
    expect(empty.status).toBe(422);
    const badDay = await a.call('POST', '/market-day-series', { ...base, weekday: 7, startDate: start, endDate: start });
    expect(badDay.status).toBe(422);
    expect(badDay.body.error.fields[0].field).toBe('weekday');
    const badTimes = await a.call('POST', '/market-day-series', { ...base, openTime: '15:00', startDate: start, endDate: start });
    expect(badTimes.status).toBe(422);
    expect(badTimes.body.error.fields[0].field).toBe('closeTime');
    await a.call('POST', '/market-days', { locationId: location.id, date: addDays(start, 7), ...times });
    const clash = await a.call('POST', '/market-day-series', { ...base, startDate: start, endDate: addDays(start, 14) });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain(addDays(start, 7));
    expect((await a.call('GET', `/market-days?locationId=${location.id}`)).body).toHaveLength(1); // nothing half-created
    expect(
      (
        await a.call('POST', '/market-day-series', {
          ...base,
          startDate: start,
          endDate: addDays(start, 14),
          skipDates: [addDays(start, 7)],
        })
      ).status,
    ).toBe(201);
  });

  it('applies a series edit to its future following days, and leaves a day edited alone (detached) and past days as they are', async () => {
    const location = await createLocation(t.app, a.org.id);
    const start = addDays(today(), -21);
    const created = await a.call('POST', '/market-day-series', {
      locationId: location.id,
      weekday: weekdayOf(start),
      startDate: start,
      endDate: addDays(start, 7 * 8),
      ...times,
    });
    const id = created.body.id;
    const all = await daysOf(id);
    const past = all.filter((d) => d.date < today());
    const future = all.filter((d) => d.date >= today());
    expect(past.length).toBeGreaterThanOrEqual(3);
    const alone = future[1]!;
    const edited = await a.call('PATCH', `/market-days/${alone.id}`, { openTime: '08:00' });
    expect(edited.body).toMatchObject({ detached: true, seriesId: id, openTime: '08:00' });
    await a.call('POST', `/market-days/${future[2]!.id}/publish`);
    const res = await a.call('PATCH', `/market-day-series/${id}`, { openTime: '10:00', notes: 'Later start' });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({ added: [], removed: [], updated: future.length - 1 });
    const after = new Map((await daysOf(id)).map((d) => [d.id, d]));
    expect(after.get(alone.id)).toMatchObject({ openTime: '08:00', notes: null });
    expect(after.get(future[2]!.id)).toMatchObject({ openTime: '10:00', status: 'published' });
    expect(after.get(future[0]!.id)).toMatchObject({ openTime: '10:00', notes: 'Later start' });
    for (const p of past) expect(after.get(p.id)).toMatchObject({ openTime: '09:00', notes: null });
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((x) => x.action).sort()).toEqual(['create', 'update']);
  });

  it('removes drafts that drop out of the rule, adds dates it brings in, and refuses to drop published days', async () => {
    const { series, start } = await saturdays(6, { skipDates: [] });
    const days = await daysOf(series.id);
    await a.call('POST', `/market-days/${days[4]!.id}/publish`);
    // Shortening to three weeks would drop the published fifth Saturday.
    const refused = await a.call('PATCH', `/market-day-series/${series.id}`, { endDate: addDays(start, 14) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(days[4]!.date);
    expect(await daysOf(series.id)).toHaveLength(6); // all or nothing
    // Skipping the second Saturday and extending by one week.
    const res = await a.call('PATCH', `/market-day-series/${series.id}`, { skipDates: [addDays(start, 7)], endDate: addDays(start, 42) });
    expect(res.status).toBe(200);
    expect(res.body.changes).toMatchObject({ added: [addDays(start, 42)], removed: [addDays(start, 7)] });
    expect((await daysOf(series.id)).map((d) => d.date)).toEqual([0, 14, 21, 28, 35, 42].map((n) => addDays(start, n)));
    // Un-skipping brings the date back as a new draft.
    const back = await a.call('PATCH', `/market-day-series/${series.id}`, { skipDates: [] });
    expect(back.body.changes.added).toEqual([addDays(start, 7)]);
  });

  it('re-plans when the weekday changes, leaving detached days alone', async () => {
    const { series, start } = await saturdays(3);
    const days = await daysOf(series.id);
    await a.call('PATCH', `/market-days/${days[1]!.id}`, { notes: 'Special edition' });
    const res = await a.call('PATCH', `/market-day-series/${series.id}`, { weekday: 0 });
    expect(res.status).toBe(200);
    expect(res.body.changes.removed).toEqual([start, addDays(start, 14)]);
    expect(res.body.changes.added).toEqual([addDays(start, 1), addDays(start, 8)]);
    const now = await daysOf(series.id);
    expect(now.map((d) => d.date)).toEqual([addDays(start, 1), addDays(start, 7), addDays(start, 8)]);
    expect(now.find((d) => d.id === days[1]!.id)).toMatchObject({ detached: true, notes: 'Special edition' });
  });

  it('publishes every draft day of a series in one action', async () => {
    const { series } = await saturdays(4);
    const res = await a.call('POST', `/market-day-series/${series.id}/publish`);
    expect(res.body).toEqual({ published: 4 });
    const days = await daysOf(series.id);
    expect(days.every((d) => d.status === 'published')).toBe(true);
    expect((await a.call('POST', `/market-day-series/${series.id}/publish`)).body).toEqual({ published: 0 });
  });

  it('deletes a series with its future drafts and keeps the other days, unlinked', async () => {
    const { series, location } = await saturdays(4);
    const days = await daysOf(series.id);
    await a.call('POST', `/market-days/${days[0]!.id}/publish`);
    await a.call('POST', `/market-days/${days[1]!.id}/cancel`, { reason: 'Holiday' });
    const res = await a.call('DELETE', `/market-day-series/${series.id}`);
    expect(res.body).toEqual({ ok: true, deleted: 2, kept: 2 });
    expect((await a.call('GET', `/market-day-series/${series.id}`)).status).toBe(404);
    const left = await t.app.ctx.db.select().from(marketDays).where(eq(marketDays.locationId, location.id));
    expect(left.map((d) => [d.date, d.status, d.seriesId]).sort()).toEqual([
      [days[0]!.date, 'published', null],
      [days[1]!.date, 'cancelled', null],
    ]);
  });

  it('keeps series of one organization away from another', async () => {
    const { series } = await saturdays(2);
    for (const [method, url, body] of [
      ['GET', `/market-day-series/${series.id}`],
      ['PATCH', `/market-day-series/${series.id}`, { notes: 'x' }],
      ['POST', `/market-day-series/${series.id}/publish`],
      ['DELETE', `/market-day-series/${series.id}`],
    ] as const) {
      expect((await b.call(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect((await b.call('GET', '/market-day-series')).body).toEqual([]);
    expect((await b.call('GET', `/market-days?seriesId=${series.id}`)).body).toEqual([]);
    const foreign = await b.call('POST', '/market-day-series', {
      locationId: a.location.id,
      weekday: 6,
      startDate: futureWeekday(6),
      endDate: futureWeekday(6),
      ...times,
    });
    expect(foreign.status).toBe(422);
    expect((await daysOf(series.id)).every((d) => d.status === 'draft')).toBe(true);
  });
});
