import type { marketDaysRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repo from './market-days.repository.js';
import { checkRange, checkTimes, checkTransition, checkWindow, today } from './market-days.rules.js';
import { hhmm, loadDetail, resolveCapacities, toDay, toDetail, usableLocation } from './market-days.shared.js';
import { recordAudit } from '../audit/index.js';

type CreateInput = z.infer<typeof r.marketDayCreateSchema>;
type UpdateInput = z.infer<typeof r.marketDayUpdateSchema>;
type ListQuery = z.infer<typeof r.marketDayListQuery>;
type MarketDay = r.MarketDay;
type MarketDayDetail = r.MarketDayDetail;
type MarketDayStatus = r.MarketDayStatus;

const clash = (date: string) =>
  conflict(`There is already a market day at this location on ${date}`, [
    { field: 'date', message: `another market day takes place at this location on ${date}` },
  ]);

const final = (status: MarketDayStatus) => conflict(`A ${status} market day cannot be changed: ${status} is final`);

export async function listDays(db: Db, caller: Caller, q: ListQuery): Promise<MarketDay[]> {
  checkRange(q.from, q.to);
  const rows = await repo.listDays(
    db,
    caller.orgId,
    { locationId: q.locationId, seriesId: q.seriesId, status: q.status, from: q.from, to: q.to },
    q.limit ?? 1000,
  );
  return rows.map(toDay);
}

export async function upcomingDays(db: Db, caller: Caller, limit = 5): Promise<MarketDayDetail[]> {
  const rows = await repo.listDays(db, caller.orgId, { from: today(), excludeStatus: 'cancelled' }, limit);
  const caps = await repo.capacitiesOf(
    db,
    caller.orgId,
    rows.map((d) => d.id),
  );
  return rows.map((d) => toDetail(d, caps));
}

export function getDay(db: Db, caller: Caller, id: string): Promise<MarketDayDetail> {
  return loadDetail(db, caller.orgId, id);
}

export async function createDay(db: Db, caller: Caller, input: CreateInput): Promise<MarketDayDetail> {
  return db.transaction(async (tx) => {
    await usableLocation(tx, caller.orgId, input.locationId);
    checkTimes(input);
    checkWindow({
      opens: input.applicationOpensAt ?? null,
      closes: input.applicationClosesAt ?? null,
      date: input.date,
      openTime: input.openTime,
    });
    if ((await repo.occupiedDates(tx, caller.orgId, input.locationId, [input.date])).length) throw clash(input.date);
    const caps = await resolveCapacities(tx, caller.orgId, input.capacities);
    const [row] = await repo.insertDays(tx, [
      {
        orgId: caller.orgId,
        locationId: input.locationId,
        date: input.date,
        setupTime: input.setupTime,
        openTime: input.openTime,
        closeTime: input.closeTime,
        applicationOpensAt: input.applicationOpensAt ? new Date(input.applicationOpensAt) : null,
        applicationClosesAt: input.applicationClosesAt ? new Date(input.applicationClosesAt) : null,
        notes: input.notes || null,
      },
    ]);
    await repo.insertCapacities(tx, caller.orgId, [row!.id], caps);
    await recordAudit(tx, caller, { action: 'create', entityType: 'market_day', entityId: row!.id, after: { ...row, capacities: caps } });
    return loadDetail(tx, caller.orgId, row!.id);
  });
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export async function updateDay(db: Db, caller: Caller, id: string, input: UpdateInput): Promise<MarketDayDetail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockDay(tx, caller.orgId, id);
    if (!before) throw notFound('Market day');
    assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
    if (before.status === 'completed' || before.status === 'cancelled') throw final(before.status);
    const next = {
      date: input.date ?? before.date,
      setupTime: input.setupTime ?? hhmm(before.setupTime),
      openTime: input.openTime ?? hhmm(before.openTime),
      closeTime: input.closeTime ?? hhmm(before.closeTime),
      notes: input.notes === undefined ? before.notes : input.notes || null,
    };
    checkTimes(next);
    const opens = input.applicationOpensAt === undefined ? before.applicationOpensAt : input.applicationOpensAt;
    const closes = input.applicationClosesAt === undefined ? before.applicationClosesAt : input.applicationClosesAt;
    checkWindow({ opens, closes, date: next.date, openTime: next.openTime });
    if (next.date !== before.date) {
      await repo.lockLocation(tx, caller.orgId, before.locationId);
      if ((await repo.occupiedDates(tx, caller.orgId, before.locationId, [next.date], [id])).length) throw clash(next.date);
    }
    const values = {
      ...next,
      applicationOpensAt: opens === null ? null : new Date(opens),
      applicationClosesAt: closes === null ? null : new Date(closes),
    };
    const changed =
      values.date !== before.date ||
      values.setupTime !== hhmm(before.setupTime) ||
      values.openTime !== hhmm(before.openTime) ||
      values.closeTime !== hhmm(before.closeTime) ||
      values.notes !== before.notes ||
      !sameInstant(values.applicationOpensAt, before.applicationOpensAt) ||
      !sameInstant(values.applicationClosesAt, before.applicationClosesAt);
    if (!changed) return loadDetail(tx, caller.orgId, id);
    // A day edited on its own keeps its own plan: later series edits leave it alone.
    const row = await repo.updateDay(tx, id, { ...values, detached: before.detached || before.seriesId !== null });
    await recordAudit(tx, caller, { action: 'update', entityType: 'market_day', entityId: id, before, after: row });
    return loadDetail(tx, caller.orgId, id);
  });
}

export async function deleteDay(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.lockDay(tx, caller.orgId, id);
    if (!before) throw notFound('Market day');
    if (before.status !== 'draft')
      throw conflict(
        `Only a draft market day can be removed; this one is ${before.status}${before.status === 'published' ? ', cancel it instead' : ''}`,
      );
    await repo.deleteDays(tx, [id]);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'market_day', entityId: id, before });
  });
}

export async function setCapacities(
  db: Db,
  caller: Caller,
  id: string,
  caps: { categoryId: string; capacity: number }[],
  expectedUpdatedAt: string,
): Promise<MarketDayDetail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockDay(tx, caller.orgId, id);
    if (!before) throw notFound('Market day');
    assertUnchanged(before.updatedAt, expectedUpdatedAt);
    if (before.status === 'completed' || before.status === 'cancelled') throw final(before.status);
    const resolved = await resolveCapacities(tx, caller.orgId, caps);
    const old = await repo.capacitiesOf(tx, caller.orgId, [id]);
    await repo.replaceCapacities(tx, caller.orgId, id, resolved);
    // The day's stamp versions its capacities too, so the next editor of either sees this change.
    await repo.updateDay(tx, id, {});
    await recordAudit(tx, caller, {
      action: 'update_capacities',
      entityType: 'market_day',
      entityId: id,
      before: { capacities: old.map(({ categoryId, capacity }) => ({ categoryId, capacity })) },
      after: { capacities: resolved },
    });
    return loadDetail(tx, caller.orgId, id);
  });
}

const ACTION: Record<'published' | 'completed' | 'cancelled', string> = {
  published: 'publish',
  completed: 'complete',
  cancelled: 'cancel',
};

export async function transition(
  db: Db,
  caller: Caller,
  id: string,
  to: 'published' | 'completed' | 'cancelled',
  reason?: string,
): Promise<MarketDayDetail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockDay(tx, caller.orgId, id);
    if (!before) throw notFound('Market day');
    checkTransition(before.status, to);
    const row = await changeStatus(tx, before, to, reason);
    await recordAudit(tx, caller, { action: ACTION[to], entityType: 'market_day', entityId: id, before, after: row });
    return loadDetail(tx, caller.orgId, id);
  });
}

function changeStatus(tx: DbOrTx, before: repo.DayRow, to: MarketDayStatus, reason?: string) {
  return repo.updateDay(tx, before.id, {
    status: to,
    ...(to === 'published' ? { publishedAt: new Date() } : {}),
    ...(to === 'cancelled' ? { cancelReason: reason ?? null } : {}),
  });
}
