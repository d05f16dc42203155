import { z } from 'zod';
import { expectedUpdatedAtSchema } from '../common/concurrency.js';
import { MARKET_DAY_STATUS_VALUES } from '../market-days/constants.js';
import { SLOT_POWER, SLOT_STATUSES } from '../market-slots/constants.js';
import {
  ASSIGNMENT_ABSENCE_STATUSES,
  ASSIGNMENT_INVOICE_STATES,
  ASSIGNMENT_STATUSES,
  MARKET_POLICY_LIMITS,
  MARKET_REQUEST_STATUSES,
} from './constants.js';

// The board of a location, the category gaps of a day and the organization's market policies.

const id = z.uuid('must be an id');
const inYears = (v: string) => /^20\d\d-/.test(v);
const day = z.iso.date('must be a date written YYYY-MM-DD').refine(inYears, 'must be a date in the years 2000 to 2099');

// ---- Board ----

/** At most BOARD_MAX_DAYS days, from <= to (checked by the server). */
export const boardQuery = z.object({ locationId: id, from: day, to: day }).strict();

export const boardDaySchema = z.object({
  id: z.uuid(),
  date: z.string(),
  status: z.enum(MARKET_DAY_STATUS_VALUES),
  /** Open slots of the location without a holding booking that day. */
  freeSlots: z.number().int(),
  pendingRequests: z.number().int(),
  /** Accepted requests without a holding booking. */
  acceptedUnassigned: z.number().int(),
});
export const boardSlotSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  zone: z.string(),
  widthM: z.number(),
  depthM: z.number(),
  power: z.enum(SLOT_POWER),
  status: z.enum(SLOT_STATUSES),
  categoryId: z.uuid().nullable(),
  categoryColour: z.string().nullable(),
  /** Where the slot lies on the location's plan (metres; null while it is not placed), for the plan view of a day. */
  planX: z.number().nullable(),
  planY: z.number().nullable(),
  planRotation: z.number().int(),
});
/** A holding booking (confirmed or checked in) of one slot on one day. */
export const boardCellSchema = z.object({
  dayId: z.uuid(),
  slotId: z.uuid(),
  assignmentId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  categoryId: z.uuid(),
  categoryColour: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  locked: z.boolean(),
  termId: z.uuid().nullable(),
  invoiceState: z.enum(ASSIGNMENT_INVOICE_STATES),
});
/**
 * A booking whose vendor is absent or did not show on that day: the slot is free (bookable) and the board names
 * who was booked. Only while nobody else holds the slot that day; the most recent first where there were several.
 */
export const boardAbsenceSchema = z.object({
  dayId: z.uuid(),
  slotId: z.uuid(),
  assignmentId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  status: z.enum(ASSIGNMENT_ABSENCE_STATUSES),
});
/** A pending request, or an accepted one without a holding booking, waiting to be placed. */
export const boardRequestSchema = z.object({
  id: z.uuid(),
  dayId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  categoryId: z.uuid(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  categoryColour: z.string(),
  status: z.enum(MARKET_REQUEST_STATUSES),
  priority: z.number().int(),
});
export const boardSchema = z.object({
  days: z.array(boardDaySchema),
  slots: z.array(boardSlotSchema),
  cells: z.array(boardCellSchema),
  absences: z.array(boardAbsenceSchema),
  requests: z.array(boardRequestSchema),
});

export const categoryGapSchema = z.object({
  categoryId: z.uuid(),
  nameEn: z.string(),
  nameAr: z.string(),
  colour: z.string(),
  /** The day's capacity for the category. */
  target: z.number().int(),
  /** Holding bookings (confirmed or checked in). */
  assigned: z.number().int(),
  pending: z.number().int(),
  acceptedUnassigned: z.number().int(),
  /** max(0, target - assigned). */
  short: z.number().int(),
});

// ---- Policies ----

const bounded = (k: keyof typeof MARKET_POLICY_LIMITS) =>
  z
    .number()
    .int('must be a whole number')
    .min(MARKET_POLICY_LIMITS[k].min, `must be ${MARKET_POLICY_LIMITS[k].min} or more`)
    .max(MARKET_POLICY_LIMITS[k].max, `must be at most ${MARKET_POLICY_LIMITS[k].max}`);

export const marketPoliciesUpdateSchema = z
  .object({
    offerHours: bounded('offerHours'),
    depositBasisPoints: bounded('depositBasisPoints'),
    depositDueDays: bounded('depositDueDays'),
    balanceDueDaysBefore: bounded('balanceDueDaysBefore'),
    refundWindowDays: bounded('refundWindowDays'),
    /** The updatedAt the settings were loaded with; null when they were the defaults (nothing saved yet). */
    expectedUpdatedAt: expectedUpdatedAtSchema.nullable(),
  })
  .strict();

export const marketPoliciesSchema = z.object({
  offerHours: z.number().int(),
  depositBasisPoints: z.number().int(),
  depositDueDays: z.number().int(),
  balanceDueDaysBefore: z.number().int(),
  refundWindowDays: z.number().int(),
  /** null while the organization has saved none and the defaults apply. */
  updatedAt: z.string().nullable(),
});

export type Board = z.infer<typeof boardSchema>;
export type BoardDay = z.infer<typeof boardDaySchema>;
export type BoardSlot = z.infer<typeof boardSlotSchema>;
export type BoardCell = z.infer<typeof boardCellSchema>;
export type BoardAbsence = z.infer<typeof boardAbsenceSchema>;
export type BoardRequest = z.infer<typeof boardRequestSchema>;
export type CategoryGap = z.infer<typeof categoryGapSchema>;
export type MarketPolicies = z.infer<typeof marketPoliciesSchema>;
