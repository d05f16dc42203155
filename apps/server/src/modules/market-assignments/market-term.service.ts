import { randomUUID } from 'node:crypto';
import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { TERM_MAX_DAYS } from '@market/contracts/plain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid } from '../../lib/errors.js';
import { recordAudits, type AuditChange } from '../audit/index.js';
import { eligibilityFacts, eligibilityProblems, ineligible } from './eligibility.js';
import * as assignments from './market-assignments.repository.js';
import { checkSlotFits, checkTermShape, closedDayReason } from './market-assignments.rules.js';
import * as repo from './market-requests.repository.js';

type TermInput = z.infer<typeof r.termBookingSchema>;
type DayResult = r.TermDayResult;

const skipped = (day: repo.DayRow, reason: DayResult['reason'], detail: string): DayResult => ({
  marketDayId: day.id,
  date: day.date,
  outcome: 'skipped',
  reason,
  detail,
  requestId: null,
  assignmentId: null,
});

/**
 * A term booking: one accepted request per market day of a series or a date range, all sharing a term id,
 * and, with a slot, one booking per day where that slot (and the vendor) is free that day. Days it cannot
 * book are said, with why. One transaction: the requests and bookings land together or not at all.
 */
export async function bookTerm(db: Db, caller: Caller, input: TermInput): Promise<r.TermBookingResult> {
  checkTermShape(input, TERM_MAX_DAYS);
  return db.transaction(async (tx) => {
    const orgId = caller.orgId;
    const facts = await eligibilityFacts(tx, orgId, input.vendorId, input.categoryId);
    // Who and what are wrong for every day alike (unknown vendor or category, not active, not in the category).
    const general = eligibilityProblems(facts, null);
    if (general.length) throw ineligible(general);

    let locationId: string;
    if (input.seriesId) {
      const series = await repo.findSeries(tx, orgId, input.seriesId);
      if (!series) throw invalid('seriesId', 'is not a market day series of your organization');
      locationId = series.locationId;
    } else {
      if (!(await repo.findLocation(tx, orgId, input.locationId!)))
        throw invalid('locationId', 'is not a market location of your organization');
      locationId = input.locationId!;
    }
    const slot = input.slotId ? await assignments.findSlot(tx, orgId, input.slotId) : null;
    if (input.slotId) {
      const slotCategory = slot?.categoryId ? await assignments.categoryName(tx, orgId, slot.categoryId) : '';
      checkSlotFits(slot, { locationId }, input.categoryId, slotCategory);
    }
    const days = await repo.termDays(
      tx,
      orgId,
      input.seriesId ? { seriesId: input.seriesId } : { locationId, from: input.from!, to: input.to! },
    );
    if (!days.length) throw invalid(input.seriesId ? 'seriesId' : 'from', 'there are no market days in this term');

    const termId = randomUUID();
    const now = new Date();
    const results = new Map<string, DayResult>();
    const open: repo.DayRow[] = [];
    for (const day of days) {
      const closed = closedDayReason(day);
      if (closed) {
        results.set(day.id, skipped(day, day.status === 'cancelled' ? 'day_cancelled' : 'day_completed', closed));
        continue;
      }
      const problems = eligibilityProblems(facts, day.date);
      if (problems.length) results.set(day.id, skipped(day, 'not_eligible', problems.map((p) => p.message).join('; ')));
      else open.push(day);
    }

    // A day where the vendor already has a request is left out by the (day, vendor) unique index, not read first.
    const made = await repo.insertRequestsSkippingTaken(
      tx,
      open.map((day) => ({
        orgId,
        marketDayId: day.id,
        vendorId: input.vendorId,
        categoryId: input.categoryId,
        status: 'accepted' as const,
        termId,
        note: input.note || null,
        decidedBy: caller.userId,
        decidedAt: now,
        acceptedAt: now,
        createdBy: caller.userId,
      })),
    );
    const requestOfDay = new Map(made.map((q) => [q.marketDayId, q]));
    for (const day of open)
      if (!requestOfDay.has(day.id))
        results.set(day.id, skipped(day, 'already_requested', `the vendor already has a request for ${day.date}`));

    // Bookings where the slot and the vendor are free: the partial unique indexes leave out the others.
    const booked = slot
      ? await assignments.insertAssignmentsWhereFree(
          tx,
          made.map((q) => ({
            orgId,
            marketDayId: q.marketDayId,
            slotId: slot.id,
            vendorId: q.vendorId,
            requestId: q.id,
            categoryId: q.categoryId,
            termId,
            createdBy: caller.userId,
          })),
        )
      : [];
    const bookingOfDay = new Map(booked.map((a) => [a.marketDayId, a]));
    const unbooked = made.filter((q) => slot && !bookingOfDay.has(q.marketDayId)).map((q) => q.marketDayId);
    const holders = await assignments.holdingOnDays(tx, orgId, unbooked);
    const dayById = new Map(days.map((d) => [d.id, d]));
    for (const q of made) {
      const day = dayById.get(q.marketDayId)!;
      const a = bookingOfDay.get(day.id);
      const base = { marketDayId: day.id, date: day.date, requestId: q.id };
      if (a) results.set(day.id, { ...base, outcome: 'booked', reason: null, detail: null, assignmentId: a.id });
      else if (!slot) results.set(day.id, { ...base, outcome: 'requested', reason: null, detail: null, assignmentId: null });
      else {
        const vendorHasSlot = holders.some((h) => h.marketDayId === day.id && h.vendorId === input.vendorId);
        results.set(day.id, {
          ...base,
          outcome: 'requested',
          reason: vendorHasSlot ? 'vendor_has_slot' : 'slot_taken',
          detail: vendorHasSlot ? `the vendor already has a slot on ${day.date}` : `slot ${slot.code} is already taken on ${day.date}`,
          assignmentId: null,
        });
      }
    }

    const audits: AuditChange[] = [
      ...made.map((q): AuditChange => ({ action: 'book_term', entityType: 'market_request', entityId: q.id, after: q })),
      ...booked.map((a): AuditChange => ({ action: 'create', entityType: 'market_assignment', entityId: a.id, after: a })),
    ];
    if (audits.length) await recordAudits(tx, caller, audits);

    const out = days.map((d) => results.get(d.id)!);
    const count = (o: DayResult['outcome']) => out.filter((x) => x.outcome === o).length;
    return { termId, booked: count('booked'), requested: count('requested'), skipped: count('skipped'), days: out };
  });
}
