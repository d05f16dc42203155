import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { AppError, conflict, invalid, isUniqueViolation, type FieldError } from '../../lib/errors.js';

type RequestStatus = r.MarketRequestStatus;
type AssignmentStatus = r.AssignmentStatus;

/** Why nothing can be requested or booked on a day any more; null while it can. */
export function closedDayReason(day: { status: string; date: string }): string | null {
  if (day.status === 'cancelled') return `the market day of ${day.date} is cancelled`;
  if (day.status === 'completed') return `the market day of ${day.date} is completed`;
  return null;
}

/** A request for a day that is cancelled or completed: refused, naming the field. */
export function checkDayOpenForRequests(day: { status: string; date: string }, field = 'marketDayId'): void {
  const reason = closedDayReason(day);
  if (reason) throw invalid(field, reason);
}

/** A booking on a day that is cancelled or completed: the day's state forbids it. */
export function checkDayOpenForBookings(day: { status: string; date: string }): void {
  const reason = closedDayReason(day);
  if (reason) throw conflict(`Nothing can be booked: ${reason}`);
}

/** Which decisions a request in each status can take. Withdrawn and rejected are final. */
const DECISIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  pending: ['accepted', 'waitlisted', 'rejected'],
  waitlisted: ['accepted', 'rejected'],
  accepted: ['waitlisted', 'rejected'],
  rejected: [],
  withdrawn: [],
};

export function checkDecision(from: RequestStatus, to: RequestStatus): void {
  if (DECISIONS[from].includes(to)) return;
  if (from === 'rejected' || from === 'withdrawn') throw conflict(`This request is ${from}: ${from} is final`);
  throw conflict(`A request that is ${from} cannot be ${to}`);
}

export function checkWithdrawable(from: RequestStatus): void {
  if (from === 'rejected' || from === 'withdrawn') throw conflict(`This request is ${from}: ${from} is final`);
}

export const isHolding = (s: AssignmentStatus) => s === 'confirmed' || s === 'checked_in';

/** A booking that no longer holds its slot (absent, no-show, cancelled) stays so: it never goes back to confirmed. */
export function checkStillHolding(status: AssignmentStatus, what: string): void {
  if (!isHolding(status))
    throw conflict(
      `This booking is ${status.replace(/_/g, ' ')}: it no longer holds its slot and cannot be ${what} or go back to confirmed; book the request again instead`,
    );
}

/** The request a booking is made from must be accepted. */
export function checkAcceptedRequest(status: RequestStatus): void {
  if (status !== 'accepted')
    throw conflict(`Only an accepted request can be booked onto a slot; this one is ${status}`, [
      { field: 'requestId', message: `the request is ${status}, not accepted` },
    ]);
}

/** The slot must be at the day's location, open, and meant for the request's category or for any. */
export function checkSlotFits(
  slot: { code: string; locationId: string; status: string; categoryId: string | null } | null,
  day: { locationId: string },
  categoryId: string,
  slotCategoryName: string,
): asserts slot is NonNullable<typeof slot> {
  if (!slot || slot.locationId !== day.locationId) throw invalid('slotId', "is not a slot of the market day's location");
  if (slot.status !== 'open') throw invalid('slotId', `slot ${slot.code} is ${slot.status}`);
  if (slot.categoryId !== null && slot.categoryId !== categoryId)
    throw invalid('slotId', `slot ${slot.code} is meant for ${slotCategoryName}, not the request's category`);
}

/**
 * The 409 of a double booking, told by the partial unique index that refused it. The indexes decide, so two
 * writers racing for one slot can never both win.
 */
export function doubleBooking(err: unknown, slotCode: string, date: string): AppError {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  const name = e.constraint ?? e.cause?.constraint ?? '';
  if (name === 'market_assignments_day_vendor_key')
    return conflict(`This vendor already has a slot on ${date}`, [
      { field: 'requestId', message: `this vendor already has a slot that day` },
    ]);
  return conflict(`Slot ${slotCode} is already taken on ${date}`, [
    { field: 'slotId', message: `slot ${slotCode} is already taken that day` },
  ]);
}

/**
 * Runs a write that may double-book (a staff booking or move, a vendor accepting an offer); a unique violation of
 * the partial indexes becomes the 409 saying which.
 */
export async function guardDoubleBooking<T>(write: () => Promise<T>, slotCode: string, date: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw doubleBooking(err, slotCode, date);
    throw err;
  }
}

/** Whole days between two calendar dates, in UTC so no clock change moves them. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The longest date range a list takes, as the market days list. */
export const MAX_LIST_DAYS = 400;

const fail = (fields: FieldError[]) =>
  new AppError(422, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);

/** from <= to and at most `maxDays` days counted inclusively; the error names `${prefix}to`. */
export function checkRange(from: string | undefined, to: string | undefined, maxDays: number, prefix = 'query.'): void {
  if (!from || !to) return;
  if (to < from) throw fail([{ field: `${prefix}to`, message: `must be on or after from (${from})` }]);
  if (daysBetween(from, to) + 1 > maxDays) throw fail([{ field: `${prefix}to`, message: `must be at most ${maxDays} days from from` }]);
}

/** A term is a series, or a location with a date range: never both, never part of one. */
export function checkTermShape(
  t: { seriesId?: string | undefined; locationId?: string | undefined; from?: string | undefined; to?: string | undefined },
  maxDays: number,
): void {
  const range = ['locationId', 'from', 'to'] as const;
  if (t.seriesId) {
    const extra = range.filter((k) => t[k] !== undefined);
    if (extra.length) throw fail(extra.map((field) => ({ field, message: 'must not be given with seriesId' })));
    return;
  }
  const missing = range.filter((k) => t[k] === undefined);
  if (missing.length) throw fail(missing.map((field) => ({ field, message: 'is required without seriesId' })));
  checkRange(t.from, t.to, maxDays, '');
}
