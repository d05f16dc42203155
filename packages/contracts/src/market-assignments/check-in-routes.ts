import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { checkInCreateSchema, checkInListSchema, checkInResultSchema } from './check-in-schemas.js';

export * from './check-in-schemas.js';

const access = { permission: 'vendor_management' } as const;
const tag = 'market-assignments';

export const getCheckInList = defineRoute({
  method: 'GET',
  path: '/market-days/:id/check-in',
  tag,
  summary:
    'Check-in list of a market day: every booking (holding or released) with vendor, vendor code, slot, category, status and what would refuse a check-in now',
  access,
  params: z.object({ id: z.uuid('must be an id') }),
  response: checkInListSchema,
});

export const createCheckIn = defineRoute({
  method: 'POST',
  path: '/check-ins',
  tag,
  summary:
    'Check a vendor in or mark a no-show, keyed by the device’s id: a retry answers the stored record (replayed), the same id with other content 422; a refused check-in is 409 with the reasons unless overridden with a reason',
  access,
  body: checkInCreateSchema,
  response: checkInResultSchema,
});
