import type { marketAssignmentsRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { allocateMarketDay, compareRequests, type AllocationResult } from './allocation.js';
import { gatherDay, loadDay, type GatheredDay } from './allocation-input.js';
import * as repo from './allocation-repository.js';
import { insertAssignment } from './market-assignments.repository.js';
import { checkDayOpenForBookings, doubleBooking } from './market-assignments.rules.js';
import { slotFreed } from './waitlist-offers.service.js';

type ProposalBody = z.infer<typeof r.allocationProposalBodySchema>;
type ApplyBody = z.infer<typeof r.allocationApplySchema>;

/** What a released booking says about itself afterwards. */
export const RELEASE_REASON = 'Released by automatic allocation to be placed again';
export const DAY_CHANGED = 'The day changed since the proposal: review it again';

const categoryOf = (x: { category_id: string; name_en: string; name_ar: string; colour: string }) => ({
  categoryId: x.category_id,
  categoryNameEn: x.name_en,
  categoryNameAr: x.name_ar,
  categoryColour: x.colour,
});

/** The proposal as the reviewer reads it: names beside the ids, unplaced requests in request order. */
function toProposal(g: GatheredDay, result: AllocationResult): r.AllocationProposal {
  const placements = result.placements.map((p): r.AllocationPlacement => {
    const req = g.requests.get(p.requestId)!;
    const slot = g.slots.get(p.slotId)!;
    return {
      requestId: p.requestId,
      vendorId: p.vendorId,
      vendorName: req.vendor_name,
      slotId: p.slotId,
      slotCode: slot.code,
      slotZone: slot.zone,
      ...categoryOf(req),
      reason:
        p.reason.code === 'kept_previous_slot'
          ? { code: p.reason.code, params: { ...p.reason.params } }
          : { code: p.reason.code, params: {} },
    };
  });
  const unplacedOf = (requestId: string, reason: r.AllocationUnplacedReason, message: string | null): r.AllocationUnplaced => {
    const req = g.requests.get(requestId)!;
    return { requestId, vendorId: req.vendor_id, vendorName: req.vendor_name, ...categoryOf(req), reason, message };
  };
  const order = (id: string) => {
    const q = g.requests.get(id)!;
    return { id, vendorId: q.vendor_id, categoryId: q.category_id, priority: Number(q.priority), acceptedAt: q.accepted_at };
  };
  const unplaced = [
    ...result.unplaced.map((u) => unplacedOf(u.requestId, u.reason, null)),
    ...g.notEligible.map((n) => unplacedOf(n.request.id, 'not_eligible', n.message)),
  ].sort((a, b) => compareRequests(order(a.requestId), order(b.requestId)));
  const released = result.released.map((id): r.AllocationReleased => {
    const a = g.assignments.get(id)!;
    return {
      assignmentId: id,
      requestId: a.request_id,
      vendorId: a.vendor_id,
      vendorName: a.vendor_name,
      slotId: a.slot_id,
      slotCode: a.slot_code,
      ...categoryOf(a),
    };
  });
  const releasedIds = new Set(result.released);
  const taken = new Set([
    ...[...g.assignments.values()].filter((a) => !releasedIds.has(a.id)).map((a) => a.slot_id),
    ...result.placements.map((p) => p.slotId),
  ]);
  const freeSlotsAfter = [...g.slots.values()].filter((s) => s.status === 'open' && !taken.has(s.id)).length;
  return {
    marketDayId: g.day.id,
    date: g.day.date,
    keepUnlocked: g.input.keepUnlocked ?? true,
    inputHash: g.hash,
    placements,
    unplaced,
    released,
    freeSlotsAfter,
  };
}

/** A proposal for the day; reads only. The same day state and option give the same proposal and hash. */
export async function proposeAllocation(db: Db, caller: Caller, dayId: string, body: ProposalBody): Promise<r.AllocationProposal> {
  return db.transaction(async (tx) => {
    const day = await loadDay(tx, caller.orgId, dayId, false);
    checkDayOpenForBookings(day);
    const g = await gatherDay(tx, caller.orgId, day, body.keepUnlocked ?? true, false);
    return toProposal(g, allocateMarketDay(g.input));
  });
}

/** Each posted item must be one the proposal made, once; the reviewer may leave some out. */
function checkPartOfProposal(body: ApplyBody, result: AllocationResult): string[] {
  const proposed = new Map(result.placements.map((p) => [p.requestId, p.slotId]));
  const seenRequests = new Set<string>();
  const seenSlots = new Set<string>();
  body.placements.forEach((p, i) => {
    if (proposed.get(p.requestId) !== p.slotId) throw invalid(`placements.${i}`, 'is not a placement of the proposal');
    if (seenRequests.has(p.requestId) || seenSlots.has(p.slotId)) throw invalid(`placements.${i}`, 'is listed twice');
    seenRequests.add(p.requestId);
    seenSlots.add(p.slotId);
  });
  const releasable = new Set(result.released);
  const released = [...new Set(body.released ?? [])];
  released.forEach((id, i) => {
    if (!releasable.has(id)) throw invalid(`released.${i}`, 'is not a booking the proposal releases');
  });
  return released;
}

/**
 * Applies a reviewed proposal in one transaction: the day and its accepted requests are locked, the input is
 * read again and must hash as the proposal's did (else 409, nothing written); then the released bookings are
 * cancelled, the placements booked (the partial unique indexes still decide, as for a single booking), one
 * `allocate` entry audited on the day, and each released slot left free is handed to the waitlist.
 */
export async function applyAllocation(db: Db, caller: Caller, dayId: string, body: ApplyBody): Promise<r.AllocationApplyResult> {
  return db.transaction(async (tx) => {
    const orgId = caller.orgId;
    const day = await loadDay(tx, orgId, dayId, true);
    checkDayOpenForBookings(day);
    const keepUnlocked = body.keepUnlocked ?? true;
    const g = await gatherDay(tx, orgId, day, keepUnlocked, true);
    if (g.hash !== body.inputHash) throw conflict(DAY_CHANGED, [{ field: 'inputHash', message: 'the day changed since the proposal' }]);
    const released = checkPartOfProposal(body, allocateMarketDay(g.input));
    if (!body.placements.length && !released.length) return { marketDayId: day.id, created: 0, released: 0, assignmentIds: [] };

    const cancelled = await repo.releaseAssignments(tx, orgId, released, RELEASE_REASON);
    if (cancelled.length !== released.length) throw conflict(DAY_CHANGED);
    const created: { id: string; requestId: string; slotId: string }[] = [];
    for (const p of body.placements) {
      const req = g.requests.get(p.requestId)!;
      const slot = g.slots.get(p.slotId)!;
      try {
        const row = await insertAssignment(tx, {
          orgId,
          marketDayId: day.id,
          slotId: slot.id,
          vendorId: req.vendor_id,
          requestId: req.id,
          categoryId: req.category_id,
          termId: req.term_id,
          createdBy: caller.userId,
        });
        created.push({ id: row.id, requestId: req.id, slotId: slot.id });
      } catch (err) {
        // A booking made by hand since the hash was read: the index refuses, and the whole apply rolls back.
        if (isUniqueViolation(err)) throw doubleBooking(err, slot.code, day.date);
        throw err;
      }
    }
    await recordAudit(tx, caller, {
      action: 'allocate',
      entityType: 'market_day',
      entityId: day.id,
      after: {
        inputHash: g.hash,
        keepUnlocked,
        created: created.length,
        released: cancelled.length,
        placements: created,
        releasedIds: released,
      },
    });
    const refilled = new Set(created.map((c) => c.slotId));
    for (const slotId of new Set(cancelled.map((c) => c.slot_id))) if (!refilled.has(slotId)) await slotFreed(tx, orgId, day.id, slotId);
    return { marketDayId: day.id, created: created.length, released: cancelled.length, assignmentIds: created.map((c) => c.id) };
  });
}
