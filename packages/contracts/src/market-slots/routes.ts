import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  slotCreateSchema,
  slotGenerateSchema,
  slotListQuery,
  slotOptionsQuery,
  slotOptionsSchema,
  slotPositionsSchema,
  slotSchema,
  slotUpdateSchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const access = { permission: 'vendor_management' } as const;

export const listSlots = defineRoute({
  method: 'GET',
  path: '/market-slots',
  tag: 'market-slots',
  summary: 'Slots of the organization, by location and code; filter by location, zone, status, category and amenities',
  access,
  query: slotListQuery,
  response: z.array(slotSchema),
});
export const slotOptions = defineRoute({
  method: 'GET',
  path: '/market-slots/options',
  tag: 'market-slots',
  summary: 'The currency of slot fees and the zones in use (at one location or all)',
  access,
  query: slotOptionsQuery,
  response: slotOptionsSchema,
});
export const getSlot = defineRoute({
  method: 'GET',
  path: '/market-slots/:id',
  tag: 'market-slots',
  summary: 'One slot',
  access,
  params: idParams,
  response: slotSchema,
});
export const createSlot = defineRoute({
  method: 'POST',
  path: '/market-slots',
  tag: 'market-slots',
  summary: 'Add a slot at a location (code unique within the location)',
  access,
  body: slotCreateSchema,
  response: slotSchema,
  status: 201,
});
export const generateSlots = defineRoute({
  method: 'POST',
  path: '/market-slots/generate',
  tag: 'market-slots',
  summary: 'Create a run of slots (e.g. A1-A20) laid out in a row or column on the plan, all or none',
  access,
  body: slotGenerateSchema,
  response: z.array(slotSchema),
  status: 201,
});
export const updateSlotPositions = defineRoute({
  method: 'PATCH',
  path: '/market-slots/positions',
  tag: 'market-slots',
  summary: 'Move, rotate and resize up to 500 slots on their plans in one transaction, all or none',
  access,
  body: slotPositionsSchema,
  response: z.array(slotSchema),
});
export const updateSlot = defineRoute({
  method: 'PATCH',
  path: '/market-slots/:id',
  tag: 'market-slots',
  summary: 'Change a slot',
  access,
  params: idParams,
  body: slotUpdateSchema,
  response: slotSchema,
});
export const deleteSlot = defineRoute({
  method: 'DELETE',
  path: '/market-slots/:id',
  tag: 'market-slots',
  summary: 'Remove a slot',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});
