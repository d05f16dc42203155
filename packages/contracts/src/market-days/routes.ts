import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  cancelSchema,
  capacitiesUpdateSchema,
  marketDayCreateSchema,
  marketDayDetailSchema,
  marketDayListQuery,
  marketDaySchema,
  marketDayUpdateSchema,
  upcomingQuery,
} from './schemas.js';
import {
  seriesCreateSchema,
  seriesDeleteResultSchema,
  seriesListQuery,
  seriesPublishResultSchema,
  seriesSchema,
  seriesUpdateSchema,
  seriesWriteResultSchema,
} from './series-schemas.js';

export * from './schemas.js';
export * from './series-schemas.js';

const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be an id') });
const tag = 'market-days';

export const listMarketDays = defineRoute({
  method: 'GET',
  path: '/market-days',
  tag,
  summary: 'Market days of the organization, by date (filters: location, series, status, date range of at most 400 days)',
  access,
  query: marketDayListQuery,
  response: z.array(marketDaySchema),
});
export const upcomingMarketDays = defineRoute({
  method: 'GET',
  path: '/market-days/upcoming',
  tag,
  summary: 'The next market days that are not cancelled, from today, with capacity per category',
  access,
  query: upcomingQuery,
  response: z.array(marketDayDetailSchema),
});
export const getMarketDay = defineRoute({
  method: 'GET',
  path: '/market-days/:id',
  tag,
  summary: 'One market day with its capacity per category',
  access,
  params: idParams,
  response: marketDayDetailSchema,
});
export const createMarketDay = defineRoute({
  method: 'POST',
  path: '/market-days',
  tag,
  summary: "Plan a market day (draft); capacities default to the active categories' targets",
  access,
  body: marketDayCreateSchema,
  response: marketDayDetailSchema,
  status: 201,
});
export const updateMarketDay = defineRoute({
  method: 'PATCH',
  path: '/market-days/:id',
  tag,
  summary: 'Change a market day; a day of a series that changes is detached from it',
  access,
  params: idParams,
  body: marketDayUpdateSchema,
  response: marketDayDetailSchema,
});
export const deleteMarketDay = defineRoute({
  method: 'DELETE',
  path: '/market-days/:id',
  tag,
  summary: 'Remove a draft market day (a published one is cancelled instead)',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});
export const setMarketDayCapacities = defineRoute({
  method: 'PUT',
  path: '/market-days/:id/capacities',
  tag,
  summary: 'Replace the capacity per category of a market day',
  access,
  params: idParams,
  body: capacitiesUpdateSchema,
  response: marketDayDetailSchema,
});
export const publishMarketDay = defineRoute({
  method: 'POST',
  path: '/market-days/:id/publish',
  tag,
  summary: 'Publish a draft market day (shown on the public map)',
  access,
  params: idParams,
  response: marketDayDetailSchema,
});
export const completeMarketDay = defineRoute({
  method: 'POST',
  path: '/market-days/:id/complete',
  tag,
  summary: 'Mark a published market day as completed',
  access,
  params: idParams,
  response: marketDayDetailSchema,
});
export const cancelMarketDay = defineRoute({
  method: 'POST',
  path: '/market-days/:id/cancel',
  tag,
  summary: 'Cancel a draft or published market day, with a reason',
  access,
  params: idParams,
  body: cancelSchema,
  response: marketDayDetailSchema,
});

export const listSeries = defineRoute({
  method: 'GET',
  path: '/market-day-series',
  tag,
  summary: 'Recurring market day series of the organization',
  access,
  query: seriesListQuery,
  response: z.array(seriesSchema),
});
export const getSeries = defineRoute({
  method: 'GET',
  path: '/market-day-series/:id',
  tag,
  summary: 'One recurring series',
  access,
  params: idParams,
  response: seriesSchema,
});
export const createSeries = defineRoute({
  method: 'POST',
  path: '/market-day-series',
  tag,
  summary: 'Create a weekly series: one draft market day per matching date, in one step',
  access,
  body: seriesCreateSchema,
  response: seriesWriteResultSchema,
  status: 201,
});
export const updateSeries = defineRoute({
  method: 'PATCH',
  path: '/market-day-series/:id',
  tag,
  summary: 'Change a series; its future draft and published days that were not edited alone follow',
  access,
  params: idParams,
  body: seriesUpdateSchema,
  response: seriesWriteResultSchema,
});
export const deleteSeries = defineRoute({
  method: 'DELETE',
  path: '/market-day-series/:id',
  tag,
  summary: 'Remove a series and its future draft days; other days stay, unlinked',
  access,
  params: idParams,
  response: seriesDeleteResultSchema,
});
export const publishSeries = defineRoute({
  method: 'POST',
  path: '/market-day-series/:id/publish',
  tag,
  summary: 'Publish every draft day of a series',
  access,
  params: idParams,
  response: seriesPublishResultSchema,
});
