import type { Workshop, WorkshopAnswers } from '@market/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { todayUtc } from '../../lib/dates.js';
import { toWorkshop } from './applications.mapping.js';
import type { ApplicationRow } from './applications.records.js';
import * as repo from './applications.repository.js';
import * as ws from './applications.workshops.repository.js';

const placesWord = (n: number) => `${n} ${n === 1 ? 'workshop' : 'workshops'}`;
const fullMessage = (date: string, n: number, cap: number) => `The market day of ${date} is full: ${n} of ${placesWord(cap)}.`;

/** Workshops go on market days that are published and not over yet. */
function dayProblem(day: { date: string; status: string }, today: string): string | null {
  if (day.date < today) return `the market day of ${day.date} is over`;
  if (day.status !== 'published') return `the market day of ${day.date} is ${day.status}, not published`;
  return null;
}

/**
 * The market day a newly approved workshop goes on: the one staff chose (it must be one of the
 * host's preferred days, published, not past, with room), or else the first of those days, by date,
 * with room. Room = scheduled workshops below the organization's workshops per market day.
 */
async function chooseDay(tx: Tx, app: ApplicationRow, requested: string | undefined): Promise<repo.ApplicationDayRow> {
  const days = await repo.marketDaysOf(tx, app.id);
  const { workshopsPerMarketDay: cap } = await repo.settingsOf(tx, app.orgId);
  const today = todayUtc();
  if (requested) {
    const day = days.find((d) => d.id === requested);
    if (!day) throw invalid('marketDayId', 'must be one of the market days the host chose');
    const problem = dayProblem(day, today);
    if (problem) throw invalid('marketDayId', problem);
    await ws.lockMarketDay(tx, app.orgId, day.id);
    const n = await ws.countScheduled(tx, day.id);
    if (n >= cap)
      throw conflict(fullMessage(day.date, n, cap), [{ field: 'marketDayId', message: `is full (${n} of ${placesWord(cap)})` }]);
    return day;
  }
  const usable = days.filter((d) => !dayProblem(d, today));
  if (!usable.length) throw invalid('marketDayId', 'none of the market days the host chose is published and still ahead');
  const full: string[] = [];
  // Days are locked in date order, the same order every placement uses, so two placements never wait on each other in a circle.
  for (const day of usable) {
    await ws.lockMarketDay(tx, app.orgId, day.id);
    const n = await ws.countScheduled(tx, day.id);
    if (n < cap) return day;
    full.push(`${day.date} (${n} of ${placesWord(cap)})`);
  }
  throw conflict(`Every market day this workshop can go on is full: ${full.join(', ')}.`, [
    { field: 'marketDayId', message: 'every chosen market day is full' },
  ]);
}

/** Creates the workshop of an approved host application (inside the approval's transaction). */
export async function createWorkshopOf(tx: Tx, caller: Caller, app: ApplicationRow, requestedDayId: string | undefined): Promise<string> {
  const day = await chooseDay(tx, app, requestedDayId);
  const a = app.answers as Partial<WorkshopAnswers>;
  const values: ws.WorkshopInsert = {
    orgId: app.orgId,
    applicationId: app.id,
    marketDayId: day.id,
    status: 'scheduled',
    titleEn: a.titleEn ?? app.applicantName,
    titleAr: a.titleAr ?? app.applicantName,
    descriptionEn: a.descriptionEn ?? '',
    descriptionAr: a.descriptionAr ?? '',
    hostName: a.hostName ?? app.applicantName,
    hostEmail: app.email,
    hostPhone: app.phone,
    durationMinutes: a.durationMinutes ?? 60,
    capacity: a.capacity ?? 1,
    ageMin: a.ageMin ?? 0,
    ageMax: a.ageMax ?? 99,
    materialsFeeMinor: a.materialsFeeMinor ?? 0,
    spaceNeeds: a.spaceNeeds ?? null,
    equipmentNeeds: a.equipmentNeeds ?? null,
  };
  const id = await ws.insertWorkshop(tx, values);
  await recordAudit(tx, caller, { action: 'create', entityType: 'workshop', entityId: id, after: { ...values, marketDayDate: day.date } });
  return id;
}

export async function listWorkshops(
  db: DbOrTx,
  caller: Caller,
  q: { marketDayId?: string; status?: 'scheduled' | 'cancelled' },
): Promise<{ items: Workshop[] }> {
  return { items: (await ws.workshopRows(db, caller.orgId, q)).map(toWorkshop) };
}

/** Moves a workshop to another market day of the organization (within its capacity), unplaces it, or cancels or reinstates it. */
export async function updateWorkshop(
  db: Db,
  caller: Caller,
  id: string,
  input: { marketDayId?: string | null; status?: 'scheduled' | 'cancelled' },
): Promise<Workshop> {
  return db.transaction(async (tx) => {
    const before = await ws.lockWorkshop(tx, caller.orgId, id);
    if (!before) throw notFound('Workshop');
    const dayId = input.marketDayId === undefined ? before.marketDayId : input.marketDayId;
    const status = input.status ?? before.status;
    // Only a workshop that newly takes a place on a day is checked: one left where it is keeps its place.
    const takesPlace = status === 'scheduled' && dayId !== null && (dayId !== before.marketDayId || before.status !== 'scheduled');
    if (takesPlace) {
      const day = await ws.lockMarketDay(tx, caller.orgId, dayId);
      if (!day) throw invalid('marketDayId', 'is not a market day of your organization');
      const problem = dayProblem(day, todayUtc());
      if (problem) throw invalid('marketDayId', problem);
      const { workshopsPerMarketDay: cap } = await repo.settingsOf(tx, caller.orgId);
      const n = await ws.countScheduled(tx, day.id, id);
      if (n >= cap)
        throw conflict(fullMessage(day.date, n, cap), [{ field: 'marketDayId', message: `is full (${n} of ${placesWord(cap)})` }]);
    }
    await ws.updateWorkshop(tx, id, { marketDayId: dayId, status });
    const action = status !== before.status ? (status === 'cancelled' ? 'cancel' : 'reinstate') : 'move';
    await recordAudit(tx, caller, {
      action,
      entityType: 'workshop',
      entityId: id,
      before: { marketDayId: before.marketDayId, status: before.status },
      after: { marketDayId: dayId, status },
    });
    const [row] = await ws.workshopRows(tx, caller.orgId, { id });
    return toWorkshop(row!);
  });
}
