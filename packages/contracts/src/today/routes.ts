// "Today": what happens in the caller's organization today, for the header's Today button.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';

export const todayMarketDaySchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  locationNameAr: z.string(),
  status: z.string(),
  setupTime: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  cancelReason: z.string().nullable(),
});

export const todaySchema = z.object({
  /** Today's calendar date (YYYY-MM-DD) in `timeZone`. */
  date: z.string(),
  /** The zone "today" is taken in: organizations have no time zone of their own yet, so the server's calendar (UTC). */
  timeZone: z.string(),
  /** Null without an organization or without vendor_management. */
  marketDays: z.array(todayMarketDaySchema).nullable(),
  /** Open applications per stream (staff to act, waiting for the applicant); null without an organization or vendor_management. */
  applicationsWaiting: z
    .array(
      z.object({
        stream: z.enum(['market_vendor', 'junior_vendor', 'workshop']),
        waiting: z.number().int(),
        infoRequested: z.number().int(),
      }),
    )
    .nullable(),
});

export const getToday = defineRoute({
  method: 'GET',
  path: '/today',
  tag: 'today',
  summary: "Today's market days and the applications waiting, each part only with its permission",
  access: { authenticated: true },
  response: todaySchema,
});

export type Today = z.infer<typeof todaySchema>;
export type TodayMarketDay = z.infer<typeof todayMarketDaySchema>;
