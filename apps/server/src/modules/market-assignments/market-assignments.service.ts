import type { marketAssignmentsRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { checkEligibility } from './eligibility.js';
import * as repo from './market-assignments.repository.js';
import {
  checkAcceptedRequest,
  checkDayOpenForBookings,
  checkRange,
  MAX_LIST_DAYS,
  checkSlotFits,
  checkStillHolding,
  guardDoubleBooking,
} from './market-assignments.rules.js';
import { loadAssignment, toAssignment } from './market-assignments.shared.js';
import { slotFreed } from './waitlist-offers.service.js';
import * as requests from './market-requests.repository.js';

type ListQuery = z.infer<typeof r.assignmentListQuery>;
type StatusInput = z.infer<typeof r.assignmentStatusSchema>;
type Detail = r.MarketAssignmentDetail;

const ENTITY = 'market_assignment';

export async function listAssignments(db: Db, caller: Caller, q: ListQuery): Promise<r.MarketAssignment[]> {
  checkRange(q.from, q.to, MAX_LIST_DAYS);
  const rows = await repo.listAssignments(
    db,
    caller.orgId,
    { marketDayId: q.marketDayId, vendorId: q.vendorId, status: q.status, from: q.from, to: q.to },
    q.limit ?? 500,
  );
  return rows.map(toAssignment);
}

export function getAssignment(db: Db, caller: Caller, id: string): Promise<Detail> {
  return loadAssignment(db, caller.orgId, id);
}

/** The slot a booking goes to, checked against the day and the category; the indexes then decide if it is free. */
async function fittingSlot(tx: DbOrTx, orgId: string, slotId: string, day: { locationId: string }, categoryId: string) {
  const slot = await repo.findSlot(tx, orgId, slotId);
  const slotCategory = slot?.categoryId ? await repo.categoryName(tx, orgId, slot.categoryId) : '';
  checkSlotFits(slot, day, categoryId, slotCategory);
  return slot;
}

export async function createAssignment(db: Db, caller: Caller, input: { requestId: string; slotId: string }): Promise<Detail> {
  return db.transaction(async (tx) => {
    // Locked so a withdrawal or rejection racing this booking waits for it (and then cancels it).
    const request = await requests.lockRequest(tx, caller.orgId, input.requestId);
    if (!request) throw invalid('requestId', 'is not a market request of your organization');
    checkAcceptedRequest(request.status);
    const day = (await requests.findDay(tx, caller.orgId, request.marketDayId))!;
    checkDayOpenForBookings(day);
    const slot = await fittingSlot(tx, caller.orgId, input.slotId, day, request.categoryId);
    await checkEligibility(tx, caller.orgId, { vendorId: request.vendorId, categoryId: request.categoryId, date: day.date });
    // No read of "is the slot free": the partial unique indexes decide, so concurrent bookings cannot both win.
    const row = await guardDoubleBooking(
      () =>
        repo.insertAssignment(tx, {
          orgId: caller.orgId,
          marketDayId: day.id,
          slotId: slot.id,
          vendorId: request.vendorId,
          requestId: request.id,
          categoryId: request.categoryId,
          termId: request.termId,
          createdBy: caller.userId,
        }),
      slot.code,
      day.date,
    );
    await recordAudit(tx, caller, { action: 'create', entityType: ENTITY, entityId: row.id, after: row });
    return loadAssignment(tx, caller.orgId, row.id);
  });
}

export async function moveAssignment(db: Db, caller: Caller, id: string, slotId: string): Promise<Detail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockAssignment(tx, caller.orgId, id);
    if (!before) throw notFound('Booking');
    checkStillHolding(before.status, 'moved');
    if (before.slotId === slotId) return loadAssignment(tx, caller.orgId, id);
    const day = (await requests.findDay(tx, caller.orgId, before.marketDayId))!;
    checkDayOpenForBookings(day);
    const slot = await fittingSlot(tx, caller.orgId, slotId, day, before.categoryId);
    await checkEligibility(tx, caller.orgId, { vendorId: before.vendorId, categoryId: before.categoryId, date: day.date });
    const row = await guardDoubleBooking(() => repo.updateAssignment(tx, id, { slotId: slot.id }), slot.code, day.date);
    await recordAudit(tx, caller, { action: 'move', entityType: ENTITY, entityId: id, before, after: row });
    // The slot left behind goes to the day's waitlist.
    await slotFreed(tx, caller.orgId, before.marketDayId, before.slotId);
    return loadAssignment(tx, caller.orgId, id);
  });
}

/** Absence, no-show or cancellation of one day: frees that day's slot only (other days of a term keep theirs). */
export async function setAssignmentStatus(db: Db, caller: Caller, id: string, input: StatusInput): Promise<Detail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockAssignment(tx, caller.orgId, id);
    if (!before) throw notFound('Booking');
    checkStillHolding(before.status, `marked ${input.status.replace(/_/g, ' ')}`);
    const row = await repo.updateAssignment(tx, id, { status: input.status, statusReason: input.reason || null });
    await recordAudit(tx, caller, { action: 'status', entityType: ENTITY, entityId: id, before, after: row });
    await slotFreed(tx, caller.orgId, before.marketDayId, before.slotId);
    return loadAssignment(tx, caller.orgId, id);
  });
}

export async function setAssignmentLocked(db: Db, caller: Caller, id: string, locked: boolean): Promise<Detail> {
  return db.transaction(async (tx) => {
    const before = await repo.lockAssignment(tx, caller.orgId, id);
    if (!before) throw notFound('Booking');
    if (before.locked === locked) return loadAssignment(tx, caller.orgId, id);
    const row = await repo.updateAssignment(tx, id, { locked });
    await recordAudit(tx, caller, { action: locked ? 'lock' : 'unlock', entityType: ENTITY, entityId: id, before, after: row });
    return loadAssignment(tx, caller.orgId, id);
  });
}
