import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { publicLocationPlanSchema, publicMapSchema } from './schemas.js';

export * from './schemas.js';

export const getPublicMap = defineRoute({
  method: 'GET',
  path: '/public/market-locations',
  tag: 'public-map',
  summary: 'Public, active market locations of every organization with their upcoming published market days',
  access: { public: true },
  response: publicMapSchema,
});
export const getPublicLocation = defineRoute({
  method: 'GET',
  path: '/public/market-locations/:id',
  tag: 'public-map',
  summary: 'One public market location with its slot plan coloured by category',
  access: { public: true },
  params: z.object({ id: z.uuid('must be a location id') }),
  response: publicLocationPlanSchema,
});
