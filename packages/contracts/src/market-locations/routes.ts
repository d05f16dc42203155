import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { locationCreateSchema, locationDetailSchema, locationListQuery, locationSchema, locationUpdateSchema } from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid('must be a location id') });
const read = { permission: 'vendor_management' } as const;
// Locations shape every market of the organization, so only a super admin changes them.
const write = { permission: 'vendor_management', superAdminOnly: true } as const;

export const listLocations = defineRoute({
  method: 'GET',
  path: '/market-locations',
  tag: 'market-locations',
  summary: 'Market locations of the organization, by name',
  access: read,
  query: locationListQuery,
  response: z.array(locationSchema),
});
export const getLocation = defineRoute({
  method: 'GET',
  path: '/market-locations/:id',
  tag: 'market-locations',
  summary: 'One market location with its slot plan',
  access: read,
  params: idParams,
  response: locationDetailSchema,
});
export const createLocation = defineRoute({
  method: 'POST',
  path: '/market-locations',
  tag: 'market-locations',
  summary: 'Add a market location (super admin)',
  access: write,
  body: locationCreateSchema,
  response: locationSchema,
  status: 201,
});
export const updateLocation = defineRoute({
  method: 'PATCH',
  path: '/market-locations/:id',
  tag: 'market-locations',
  summary: 'Change a market location (super admin)',
  access: write,
  params: idParams,
  body: locationUpdateSchema,
  response: locationSchema,
});
export const deleteLocation = defineRoute({
  method: 'DELETE',
  path: '/market-locations/:id',
  tag: 'market-locations',
  summary: 'Remove a market location and its slots (super admin); refused while it has market days',
  access: write,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});
