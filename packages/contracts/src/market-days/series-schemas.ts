import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { mdDate, mdNotes, mdTime, mdUuid } from './schemas.js';

const weekday = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 (Sunday) to 6 (Saturday)')
  .max(6, 'must be 0 (Sunday) to 6 (Saturday)');
const skipDates = z.array(mdDate).max(400, 'at most 400 dates');

export const seriesCreateSchema = z
  .object({
    locationId: mdUuid,
    /** 0 = Sunday ... 6 = Saturday. */
    weekday,
    startDate: mdDate,
    endDate: mdDate,
    skipDates: skipDates.optional(),
    setupTime: mdTime,
    openTime: mdTime,
    closeTime: mdTime,
    notes: mdNotes.nullable().optional(),
  })
  .strict();

/** The location stays; everything else may change. Changing the weekday or start date re-plans the days. */
export const seriesUpdateSchema = z
  .object({
    weekday: weekday.optional(),
    startDate: mdDate.optional(),
    endDate: mdDate.optional(),
    skipDates: skipDates.optional(),
    setupTime: mdTime.optional(),
    openTime: mdTime.optional(),
    closeTime: mdTime.optional(),
    notes: mdNotes.nullable().optional(),
    ...concurrencyShape,
  })
  .strict();

export const seriesListQuery = z.object({ locationId: mdUuid.optional() }).strict();

export const seriesSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  weekday: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  skipDates: z.array(z.string()),
  setupTime: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  notes: z.string().nullable(),
  /** Days still linked to the series, by status. */
  dayCounts: z.object({ draft: z.number().int(), published: z.number().int(), completed: z.number().int(), cancelled: z.number().int() }),
  detachedCount: z.number().int(),
  nextDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What a series write did to its days. */
export const seriesChangeSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  updated: z.number().int(),
});

export const seriesWriteResultSchema = seriesSchema.extend({ changes: seriesChangeSchema });
export const seriesDeleteResultSchema = z.object({ ok: z.literal(true), deleted: z.number().int(), kept: z.number().int() });
export const seriesPublishResultSchema = z.object({ published: z.number().int() });

export type MarketDaySeries = z.infer<typeof seriesSchema>;
export type MarketDaySeriesWriteResult = z.infer<typeof seriesWriteResultSchema>;
