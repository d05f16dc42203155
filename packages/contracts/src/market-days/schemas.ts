import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { MARKET_DAY_STATUS_VALUES, TIME_OF_DAY_PATTERN } from './constants.js';

export * from './constants.js';

// PostgreSQL text cannot hold U+0000: refuse it as input instead of failing on insert.
const NO_NUL = /^[^\u0000]*$/;
const noNul = 'must not contain the character U+0000';

export const mdUuid = z.uuid('must be an id');
// Years are bounded so every accepted value fits PostgreSQL and the calendar arithmetic.
// (A refinement, not a second pattern, so the JSON Schema keeps its date format.)
const inYears = (v: string) => /^20\d\d-/.test(v);
export const mdDate = z.iso.date('must be a date written YYYY-MM-DD').refine(inYears, 'must be a date in the years 2000 to 2099');
export const mdTime = z.string().regex(TIME_OF_DAY_PATTERN, 'must be a time written HH:MM (00:00 to 23:59)');
/** A timestamp with its offset kept: the offset says in which zone the day's opening time is read. */
export const mdTimestamp = z.iso
  .datetime({ offset: true, message: 'must be a date and time such as 2026-05-01T09:00:00+03:00' })
  .refine(inYears, 'must be in the years 2000 to 2099');
export const mdNotes = z.string().trim().max(2000, 'at most 2000 characters').regex(NO_NUL, noNul);
export const mdReason = z
  .string()
  .trim()
  .min(1, 'is required: say why the day is cancelled')
  .max(500, 'at most 500 characters')
  .regex(NO_NUL, noNul);

/** A category and the number of vendors planned for it on one day. */
export const capacityInputSchema = z
  .object({
    categoryId: mdUuid,
    capacity: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10000, 'must be at most 10000'),
  })
  .strict();
export const capacitiesInput = z.array(capacityInputSchema).max(200, 'at most 200 categories');

export const marketDayCreateSchema = z
  .object({
    locationId: mdUuid,
    date: mdDate,
    setupTime: mdTime,
    openTime: mdTime,
    closeTime: mdTime,
    applicationOpensAt: mdTimestamp.nullable().optional(),
    applicationClosesAt: mdTimestamp.nullable().optional(),
    notes: mdNotes.nullable().optional(),
    /** The whole capacity set; without it each active category's target per day is used. */
    capacities: capacitiesInput.optional(),
  })
  .strict();

export const marketDayUpdateSchema = z
  .object({
    date: mdDate.optional(),
    setupTime: mdTime.optional(),
    openTime: mdTime.optional(),
    closeTime: mdTime.optional(),
    applicationOpensAt: mdTimestamp.nullable().optional(),
    applicationClosesAt: mdTimestamp.nullable().optional(),
    notes: mdNotes.nullable().optional(),
    ...concurrencyShape,
  })
  .strict();

/** The market day's updatedAt is the version of its capacities too. */
export const capacitiesUpdateSchema = z.object({ capacities: capacitiesInput, ...concurrencyShape }).strict();
export const cancelSchema = z.object({ reason: mdReason }).strict();

const limitParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

export const marketDayListQuery = z
  .object({
    locationId: mdUuid.optional(),
    seriesId: mdUuid.optional(),
    status: z.enum(MARKET_DAY_STATUS_VALUES).optional(),
    /** Inclusive range; at most 400 days long when both ends are given. */
    from: mdDate.optional(),
    to: mdDate.optional(),
    limit: limitParam(2000).optional(),
  })
  .strict();

export const upcomingQuery = z.object({ limit: limitParam(20).optional() }).strict();

export const marketDaySchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  seriesId: z.uuid().nullable(),
  /** Edited on its own: series edits leave it alone. */
  detached: z.boolean(),
  date: z.string(),
  setupTime: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  status: z.enum(MARKET_DAY_STATUS_VALUES),
  cancelReason: z.string().nullable(),
  applicationOpensAt: z.string().nullable(),
  applicationClosesAt: z.string().nullable(),
  notes: z.string().nullable(),
  publishedAt: z.string().nullable(),
  capacityTotal: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const capacitySchema = z.object({
  categoryId: z.uuid(),
  nameEn: z.string(),
  nameAr: z.string(),
  colour: z.string(),
  isActive: z.boolean(),
  capacity: z.number().int(),
  /** Vendors booked in the category that day (bookings holding a slot). */
  booked: z.number().int(),
});

export const marketDayDetailSchema = marketDaySchema.extend({ capacities: z.array(capacitySchema) });

export type MarketDay = z.infer<typeof marketDaySchema>;
export type MarketDayDetail = z.infer<typeof marketDayDetailSchema>;
export type MarketDayCapacity = z.infer<typeof capacitySchema>;
