import type { marketAssignmentsRoutes as r } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './check-in.repository.js';
import { eligibilityProblems } from './eligibility.js';
import { lockAssignment, updateAssignment, type AssignmentRow } from './market-assignments.repository.js';
import { doubleBooking, isHolding } from './market-assignments.rules.js';
import { slotFreed } from './waitlist-offers.service.js';

/*
 * Check-in on the market day. Each action carries the id the device generated, which is the record's primary
 * key: a retry (or an offline queue sending again) finds its record and answers it (`replayed`), never a second
 * one. Concurrent retries of one action lock the same booking row, so they run one after the other and all but
 * the first answer the stored record; the insert's ON CONFLICT covers an id reused on another booking.
 */

type Refusal = r.CheckInRefusal;
type Row = r.CheckInRow;
type Result = r.CheckInResult;

const ENTITY = 'market_assignment';
const words = (s: string) => s.replace(/_/g, ' ');

/** What would refuse a check-in of this booking on `date` now; empty when it would pass. */
export function refusalsOf(f: repo.CheckInFactsRow, date: string): Refusal[] {
  const out: Refusal[] = [];
  if (!isHolding(f.status as r.AssignmentStatus))
    out.push({ code: 'not_assigned', message: `the booking is ${words(f.status)}: it does not hold slot ${f.slot_code}` });
  if (f.unpaid) out.push({ code: 'unpaid', message: 'an issued invoice of this booking is not paid' });
  const problems = eligibilityProblems(
    {
      vendor: { id: f.vendor_id, publicName: f.vendor_name, status: f.vendor_status },
      category: { id: f.category_id, nameEn: f.category_name_en, requiredDocumentTypes: f.required_document_types },
      tradesInCategory: f.trades_in_category,
      documents: f.documents,
    },
    date,
  );
  if (problems.length) out.push({ code: 'document_expired', message: problems.map((p) => p.message).join('; ') });
  return out;
}

function toRecord(c: repo.CheckInRowRecord): r.CheckInRecord {
  const { orgId: _org, ...rest } = c;
  return { ...rest, recordedAt: c.recordedAt.toISOString(), createdAt: c.createdAt.toISOString() };
}

function toRow(f: repo.CheckInFactsRow, date: string): Row {
  return {
    assignmentId: f.assignment_id,
    vendorId: f.vendor_id,
    vendorName: f.vendor_name,
    vendorCode: f.vendor_id.slice(0, 8),
    slotId: f.slot_id,
    slotCode: f.slot_code,
    categoryId: f.category_id,
    categoryNameEn: f.category_name_en,
    categoryNameAr: f.category_name_ar,
    categoryColour: f.category_colour,
    status: f.status as r.AssignmentStatus,
    checkedInAt: f.checked_in_at,
    refusals: refusalsOf(f, date),
    lastAction: f.last_record,
  };
}

export async function checkInList(db: Db, caller: Caller, dayId: string): Promise<r.CheckInList> {
  const day = await repo.findDay(db, caller.orgId, dayId);
  if (!day) throw notFound('Market day');
  const facts = await repo.checkInFacts(db, caller.orgId, dayId);
  return {
    marketDayId: day.id,
    date: day.date,
    dayStatus: day.status as r.CheckInList['dayStatus'],
    locationNameEn: day.location_name_en,
    locationNameAr: day.location_name_ar,
    rows: facts.map((f) => toRow(f, day.date)),
  };
}

async function rowOf(tx: DbOrTx, orgId: string, a: AssignmentRow): Promise<Row> {
  const day = (await repo.findDay(tx, orgId, a.marketDayId))!;
  return toRow((await repo.checkInFacts(tx, orgId, a.marketDayId, a.id))[0]!, day.date);
}

/** The 409 of a refused check-in: the reasons' codes as `fields[].field`, each with its message. */
export function refused(refusals: Refusal[]): AppError {
  return new AppError(
    409,
    'conflict',
    `Check-in refused: ${refusals.map((x) => x.message).join('; ')}. A manager can override with a reason.`,
    refusals.map((x) => ({ field: x.code, message: x.message })),
  );
}

type Wanted = Pick<r.CheckInCreate, 'id' | 'assignmentId' | 'action'> & { recordedAt: Date; overrideReason: string | null };

/** The same request as the one stored under its id: same organization, booking, kind of action, moment and override. */
const sameAction = (c: repo.CheckInRowRecord, w: Wanted, orgId: string) =>
  c.orgId === orgId &&
  c.assignmentId === w.assignmentId &&
  c.action === w.action &&
  c.recordedAt.getTime() === w.recordedAt.getTime() &&
  (c.overrideReason ?? null) === w.overrideReason;

/** A retry answers the stored record; the id used for anything else (in any organization) is refused naming `id`. */
async function replay(tx: DbOrTx, caller: Caller, stored: repo.CheckInRowRecord, w: Wanted): Promise<Result> {
  if (!sameAction(stored, w, caller.orgId))
    throw invalid('id', 'was already used for another check-in: generate a new id for a new action');
  const booking = (await lockAssignment(tx, caller.orgId, stored.assignmentId))!;
  return {
    checkIn: toRecord(stored),
    row: await rowOf(tx, caller.orgId, booking),
    replayed: true,
    alreadyCheckedIn: false,
    alreadyNoShow: false,
  };
}

export async function recordCheckIn(db: Db, caller: Caller, input: r.CheckInCreate): Promise<Result> {
  const w: Wanted = { ...input, recordedAt: new Date(input.recordedAt), overrideReason: input.overrideReason?.trim() || null };
  return db.transaction(async (tx) => {
    const earlier = await repo.findCheckIn(tx, w.id);
    if (earlier) return replay(tx, caller, earlier, w);
    const before = await lockAssignment(tx, caller.orgId, w.assignmentId);
    if (!before) throw notFound('Booking');
    // A retry of this action may have committed while this one waited for the booking's lock.
    const raced = await repo.findCheckIn(tx, w.id);
    if (raced) return replay(tx, caller, raced, w);
    const now = await rowOf(tx, caller.orgId, before);
    const answer = (checkIn: repo.CheckInRowRecord | null, row: Row, flags: Partial<Result> = {}): Result => ({
      checkIn: checkIn && toRecord(checkIn),
      row,
      replayed: false,
      alreadyCheckedIn: false,
      alreadyNoShow: false,
      ...flags,
    });

    if (w.action === 'check_in' && before.status === 'checked_in')
      return answer(await repo.lastCheckIn(tx, caller.orgId, before.id), now, { alreadyCheckedIn: true });
    if (w.action === 'no_show' && before.status === 'no_show') return answer(null, now, { alreadyNoShow: true });
    if (w.action === 'check_in' && now.refusals.length && !w.overrideReason) throw refused(now.refusals);
    if (w.action === 'no_show' && before.status !== 'confirmed')
      throw conflict(
        before.status === 'checked_in'
          ? 'This vendor is already checked in: a no-show cannot be recorded'
          : `This booking is ${words(before.status)}: it no longer holds its slot`,
        [{ field: 'assignmentId', message: `the booking is ${words(before.status)}` }],
      );

    const record = await repo.insertCheckIn(tx, { ...w, orgId: caller.orgId, recordedBy: caller.userId });
    // Taken meanwhile by an action on another booking (PostgreSQL waited for it): that one decides.
    if (!record) return replay(tx, caller, (await repo.findCheckIn(tx, w.id))!, w);

    let after: AssignmentRow;
    if (w.action === 'check_in') {
      // The device's time, unless its clock runs ahead of the server's.
      const at = new Date(Math.min(w.recordedAt.getTime(), Date.now()));
      try {
        after = await updateAssignment(tx, before.id, { status: 'checked_in', checkedInAt: at });
      } catch (err) {
        // Only an overridden "not assigned" can come here: the slot or the vendor was booked again meanwhile.
        if (isUniqueViolation(err))
          throw doubleBooking(err, now.slotCode, (await repo.findDay(tx, caller.orgId, before.marketDayId))!.date);
        throw err;
      }
    } else {
      after = await updateAssignment(tx, before.id, { status: 'no_show' });
      await slotFreed(tx, caller.orgId, before.marketDayId, before.slotId);
    }
    await recordAudit(tx, caller, {
      action: 'status',
      entityType: ENTITY,
      entityId: before.id,
      before,
      after: { ...after, checkIn: toRecord(record), ...(w.overrideReason ? { overriddenRefusals: now.refusals } : {}) },
    });
    return answer(record, await rowOf(tx, caller.orgId, after));
  });
}
