import type { marketDaysRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import * as days from './market-days.repository.js';
import * as repo from './market-day-series.repository.js';
import { checkSeriesRange, checkTimes, seriesDates, today, type SeriesRule } from './market-days.rules.js';
import { hhmm, resolveCapacities, usableLocation } from './market-days.shared.js';
import { recordAudit } from '../audit/index.js';

type CreateInput = z.infer<typeof r.seriesCreateSchema>;
type UpdateInput = z.infer<typeof r.seriesUpdateSchema>;
type Series = r.MarketDaySeries;
type Changes = r.MarketDaySeriesWriteResult['changes'];

function toSeries(s: repo.SeriesListRow): Series {
  return {
    id: s.id,
    locationId: s.locationId,
    locationNameEn: s.locationNameEn,
    locationNameAr: s.locationNameAr,
    weekday: s.weekday,
    startDate: s.startDate,
    endDate: s.endDate,
    skipDates: s.skipDates,
    setupTime: hhmm(s.setupTime),
    openTime: hhmm(s.openTime),
    closeTime: hhmm(s.closeTime),
    notes: s.notes,
    dayCounts: { draft: s.draft, published: s.published, completed: s.completed, cancelled: s.cancelled },
    detachedCount: s.detachedCount,
    nextDate: s.nextDate,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function load(db: DbOrTx, orgId: string, id: string): Promise<Series> {
  const row = await repo.findSeries(db, orgId, today(), id);
  if (!row) throw notFound('Market day series');
  return toSeries(row);
}

const listed = (dates: string[]) =>
  dates.length > 12 ? `${dates.slice(0, 12).join(', ')} and ${dates.length - 12} more` : dates.join(', ');

/** Dates already taken at the location by other market days: the series would plan two markets on one day. */
async function refuseOccupied(tx: DbOrTx, orgId: string, locationId: string, dates: string[], exceptIds: string[] = []): Promise<void> {
  const taken = await days.occupiedDates(tx, orgId, locationId, dates, exceptIds);
  if (taken.length) {
    throw conflict(`Other market days already take place at this location on ${listed(taken)}; add these dates to the dates to skip`, [
      { field: 'skipDates', message: `already planned at this location: ${listed(taken)}` },
    ]);
  }
}

/** New draft days on these dates, each with the active categories' targets as capacity. */
async function planDays(tx: DbOrTx, orgId: string, series: repo.SeriesRow, dates: string[]): Promise<void> {
  const rows = await days.insertDays(
    tx,
    dates.map((date) => ({
      orgId,
      locationId: series.locationId,
      seriesId: series.id,
      date,
      setupTime: series.setupTime,
      openTime: series.openTime,
      closeTime: series.closeTime,
      notes: series.notes,
    })),
  );
  await days.insertCapacities(
    tx,
    orgId,
    rows.map((d) => d.id),
    await resolveCapacities(tx, orgId, undefined),
  );
}

const normaliseSkips = (skips: readonly string[]) => [...new Set(skips)].sort();

export async function listSeries(db: Db, caller: Caller, locationId?: string): Promise<Series[]> {
  return (await repo.listSeries(db, caller.orgId, today(), locationId)).map(toSeries);
}

export function getSeries(db: Db, caller: Caller, id: string): Promise<Series> {
  return load(db, caller.orgId, id);
}

export async function createSeries(db: Db, caller: Caller, input: CreateInput): Promise<Series & { changes: Changes }> {
  return db.transaction(async (tx) => {
    await usableLocation(tx, caller.orgId, input.locationId);
    checkTimes(input);
    checkSeriesRange(input.startDate, input.endDate);
    const rule: SeriesRule = { ...input, skipDates: normaliseSkips(input.skipDates ?? []) };
    const dates = seriesDates(rule);
    if (!dates.length) {
      throw new AppError(
        422,
        'validation_failed',
        'endDate: the series has no dates: no such weekday between the start and end date outside the dates to skip',
        [{ field: 'endDate', message: 'leaves no dates: no such weekday between the start and end date outside the dates to skip' }],
      );
    }
    await refuseOccupied(tx, caller.orgId, input.locationId, dates);
    const series = await repo.insertSeries(tx, {
      orgId: caller.orgId,
      locationId: input.locationId,
      weekday: input.weekday,
      startDate: input.startDate,
      endDate: input.endDate,
      skipDates: rule.skipDates as string[],
      setupTime: input.setupTime,
      openTime: input.openTime,
      closeTime: input.closeTime,
      notes: input.notes || null,
    });
    await planDays(tx, caller.orgId, series, dates);
    await recordAudit(tx, caller, { action: 'create', entityType: 'market_day_series', entityId: series.id, after: { ...series, dates } });
    return { ...(await load(tx, caller.orgId, series.id)), changes: { added: dates, removed: [], updated: 0 } };
  });
}

/**
 * Re-plans the series' future days that follow it (not detached, still draft or published): dates the
 * edit brings into the rule get new draft days, drafts that fall out are removed, and the others take
 * the new times and notes. Dates that stay in the rule but have no day (removed by hand) stay empty.
 */
export async function updateSeries(db: Db, caller: Caller, id: string, input: UpdateInput): Promise<Series & { changes: Changes }> {
  return db.transaction(async (tx) => {
    const before = await repo.lockSeries(tx, caller.orgId, id);
    if (!before) throw notFound('Market day series');
    assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
    await days.lockLocation(tx, caller.orgId, before.locationId);
    const next = {
      weekday: input.weekday ?? before.weekday,
      startDate: input.startDate ?? before.startDate,
      endDate: input.endDate ?? before.endDate,
      skipDates: normaliseSkips(input.skipDates ?? before.skipDates),
      setupTime: input.setupTime ?? hhmm(before.setupTime),
      openTime: input.openTime ?? hhmm(before.openTime),
      closeTime: input.closeTime ?? hhmm(before.closeTime),
      notes: input.notes === undefined ? before.notes : input.notes || null,
    };
    checkTimes(next);
    checkSeriesRange(next.startDate, next.endDate);
    const from = today();
    const oldDates = new Set(seriesDates(before).filter((d) => d >= from));
    const newDates = new Set(seriesDates(next).filter((d) => d >= from));
    const all = await days.daysOfSeries(tx, caller.orgId, id);
    const following = all.filter((d) => d.date >= from && !d.detached && (d.status === 'draft' || d.status === 'published'));
    const dropping = following.filter((d) => !newDates.has(d.date));
    const published = dropping.filter((d) => d.status === 'published').map((d) => d.date);
    if (published.length) {
      throw conflict(
        `These published market days would drop out of the series: ${listed(published)}. Cancel them first, or keep their dates in the series`,
        [{ field: 'skipDates', message: `would remove published market days: ${listed(published)}` }],
      );
    }
    const taken = new Set(all.map((d) => d.date));
    const adding = [...newDates].filter((d) => !oldDates.has(d) && !taken.has(d)).sort();
    const droppingIds = dropping.map((d) => d.id);
    await refuseOccupied(tx, caller.orgId, before.locationId, adding, droppingIds);
    await days.deleteDays(tx, droppingIds);
    const staying = following.filter((d) => newDates.has(d.date));
    const times = { setupTime: next.setupTime, openTime: next.openTime, closeTime: next.closeTime, notes: next.notes };
    const stale = staying.filter(
      (d) =>
        hhmm(d.setupTime) !== times.setupTime ||
        hhmm(d.openTime) !== times.openTime ||
        hhmm(d.closeTime) !== times.closeTime ||
        d.notes !== times.notes,
    );
    await days.updateDays(
      tx,
      stale.map((d) => d.id),
      times,
    );
    const row = await repo.updateSeries(tx, id, next);
    await planDays(tx, caller.orgId, row, adding);
    const changes = { added: adding, removed: dropping.map((d) => d.date).sort(), updated: stale.length };
    await recordAudit(tx, caller, { action: 'update', entityType: 'market_day_series', entityId: id, before, after: { ...row, changes } });
    return { ...(await load(tx, caller.orgId, id)), changes };
  });
}

/** Removes the series and its future draft days; every other day stays as a day of its own. */
export async function deleteSeries(db: Db, caller: Caller, id: string): Promise<{ ok: true; deleted: number; kept: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.lockSeries(tx, caller.orgId, id);
    if (!before) throw notFound('Market day series');
    const from = today();
    const all = await days.daysOfSeries(tx, caller.orgId, id);
    const removing = all.filter((d) => d.date >= from && d.status === 'draft');
    await days.deleteDays(
      tx,
      removing.map((d) => d.id),
    );
    await repo.deleteSeries(tx, id);
    await recordAudit(tx, caller, {
      action: 'delete',
      entityType: 'market_day_series',
      entityId: id,
      before,
      after: {
        deletedDates: removing.map((d) => d.date),
        kept: all.length - removing.length,
      },
    });
    return { ok: true as const, deleted: removing.length, kept: all.length - removing.length };
  });
}

export async function publishSeries(db: Db, caller: Caller, id: string): Promise<{ published: number }> {
  return db.transaction(async (tx) => {
    const series = await repo.lockSeries(tx, caller.orgId, id);
    if (!series) throw notFound('Market day series');
    const drafts = (await days.daysOfSeries(tx, caller.orgId, id)).filter((d) => d.status === 'draft');
    await days.updateDays(
      tx,
      drafts.map((d) => d.id),
      { status: 'published', publishedAt: new Date() },
    );
    await recordAudit(tx, caller, {
      action: 'publish',
      entityType: 'market_day_series',
      entityId: id,
      after: { published: drafts.map((d) => ({ id: d.id, date: d.date })) },
    });
    return { published: drafts.length };
  });
}
