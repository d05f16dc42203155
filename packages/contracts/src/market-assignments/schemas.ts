import { z } from 'zod';
import { expectedUpdatedAtSchema } from '../common/concurrency.js';
import { MARKET_DAY_STATUS_VALUES } from '../market-days/constants.js';
import { SLOT_POWER } from '../market-slots/constants.js';
import {
  ASSIGNMENT_RELEASE_STATUSES,
  ASSIGNMENT_STATUSES,
  MARKET_REQUEST_DECISIONS,
  MARKET_REQUEST_STATUSES,
  TERM_DAY_OUTCOMES,
  TERM_DAY_REASONS,
} from './constants.js';

export * from './constants.js';
export * from './board-schemas.js';

// PostgreSQL text cannot hold U+0000: refuse it as input instead of failing on insert.
const NO_NUL = /^[^\u0000]*$/;
const noNul = 'must not contain the character U+0000';

const id = z.uuid('must be an id');
// Years are bounded so every accepted value fits PostgreSQL and the calendar arithmetic.
const inYears = (v: string) => /^20\d\d-/.test(v);
const day = z.iso.date('must be a date written YYYY-MM-DD').refine(inYears, 'must be a date in the years 2000 to 2099');
const note = z.string().trim().max(2000, 'at most 2000 characters').regex(NO_NUL, noNul);
const reason = z.string().trim().max(500, 'at most 500 characters').regex(NO_NUL, noNul);
const priority = z.number().int('must be a whole number').min(-1000, 'must be -1000 or more').max(1000, 'must be at most 1000');
const limitParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

// Cross-field checks (from <= to, the longest range, series or range) are the server's, answered as 422
// naming the field: the schemas stay plain objects, so the generated request suites can sample them.

// ---- Requests ----

export const marketRequestListQuery = z
  .object({
    marketDayId: id.optional(),
    vendorId: id.optional(),
    status: z.enum(MARKET_REQUEST_STATUSES).optional(),
    /** Inclusive range of market day dates. */
    from: day.optional(),
    to: day.optional(),
    limit: limitParam(2000).optional(),
  })
  .strict();

export const marketRequestCreateSchema = z
  .object({
    vendorId: id,
    marketDayId: id,
    categoryId: id,
    priority: priority.optional(),
    note: note.nullable().optional(),
  })
  .strict();

export const marketRequestUpdateSchema = z
  .object({
    priority: priority.optional(),
    note: note.nullable().optional(),
    expectedUpdatedAt: expectedUpdatedAtSchema,
  })
  .strict();

export const marketRequestDecideSchema = z
  .object({
    status: z.enum(MARKET_REQUEST_DECISIONS),
    /** Required when rejecting; kept on the request. */
    reason: reason.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required: say why the request is rejected' });
  });

export const marketRequestSchema = z.object({
  id: z.uuid(),
  marketDayId: z.uuid(),
  date: z.string(),
  dayStatus: z.enum(MARKET_DAY_STATUS_VALUES),
  locationId: z.uuid(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  categoryId: z.uuid(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  categoryColour: z.string(),
  status: z.enum(MARKET_REQUEST_STATUSES),
  priority: z.number().int(),
  waitlistedAt: z.string().nullable(),
  termId: z.uuid().nullable(),
  note: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** The booking holding a slot for this request that day, if any. */
  assignmentId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A term booking: one vendor and category over a series (`seriesId`), or over a date range at a location
 * (`locationId`, `from`, `to`, at most TERM_MAX_DAYS days); the server refuses any other combination.
 */
export const termBookingSchema = z
  .object({
    vendorId: id,
    categoryId: id,
    seriesId: id.optional(),
    locationId: id.optional(),
    from: day.optional(),
    to: day.optional(),
    /** Book this slot on every day where it is free (otherwise only requests are made). */
    slotId: id.optional(),
    note: note.nullable().optional(),
  })
  .strict();

export const termDayResultSchema = z.object({
  marketDayId: z.uuid(),
  date: z.string(),
  outcome: z.enum(TERM_DAY_OUTCOMES),
  /** Why a day was only requested or skipped; null when booked. */
  reason: z.enum(TERM_DAY_REASONS).nullable(),
  /** The reason in English, naming the slot, date or document. */
  detail: z.string().nullable(),
  requestId: z.uuid().nullable(),
  assignmentId: z.uuid().nullable(),
});

export const termBookingResultSchema = z.object({
  termId: z.uuid(),
  booked: z.number().int(),
  requested: z.number().int(),
  skipped: z.number().int(),
  days: z.array(termDayResultSchema),
});

// ---- Assignments ----

export const assignmentListQuery = z
  .object({
    marketDayId: id.optional(),
    vendorId: id.optional(),
    status: z.enum(ASSIGNMENT_STATUSES).optional(),
    from: day.optional(),
    to: day.optional(),
    limit: limitParam(2000).optional(),
  })
  .strict();

export const assignmentCreateSchema = z.object({ requestId: id, slotId: id }).strict();
export const assignmentMoveSchema = z.object({ slotId: id }).strict();
export const assignmentStatusSchema = z.object({ status: z.enum(ASSIGNMENT_RELEASE_STATUSES), reason: reason.optional() }).strict();
/** A switch on the board: an absolute value, so it carries no version. */
export const assignmentUpdateSchema = z.object({ locked: z.boolean() }).strict();

export const assignmentSchema = z.object({
  id: z.uuid(),
  marketDayId: z.uuid(),
  date: z.string(),
  dayStatus: z.enum(MARKET_DAY_STATUS_VALUES),
  locationId: z.uuid(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  slotId: z.uuid(),
  slotCode: z.string(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  categoryId: z.uuid(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  categoryColour: z.string(),
  requestId: z.uuid().nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
  statusReason: z.string().nullable(),
  locked: z.boolean(),
  termId: z.uuid().nullable(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const assignmentDetailSchema = assignmentSchema.extend({
  setupTime: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  slotZone: z.string(),
  slotWidthM: z.number(),
  slotDepthM: z.number(),
  slotPower: z.enum(SLOT_POWER),
  vendorEmail: z.string().nullable(),
  /** When the request was accepted (fees are priced from the rules in force then). */
  acceptedAt: z.string().nullable(),
});

export type MarketRequest = z.infer<typeof marketRequestSchema>;
export type TermBookingResult = z.infer<typeof termBookingResultSchema>;
export type TermDayResult = z.infer<typeof termDayResultSchema>;
export type MarketAssignment = z.infer<typeof assignmentSchema>;
export type MarketAssignmentDetail = z.infer<typeof assignmentDetailSchema>;
