import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { categoryCreateSchema, categoryListQuery, categorySchema, categoryUpdateSchema } from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const read = { permission: 'vendor_management' } as const;
const write = { permission: 'vendor_management' } as const;

export const listCategories = defineRoute({
  method: 'GET',
  path: '/market-categories',
  tag: 'market-categories',
  summary: 'Market categories of the organization with their vendor counts (all by default, or only active / inactive)',
  access: read,
  query: categoryListQuery,
  response: z.array(categorySchema),
});
export const getCategory = defineRoute({
  method: 'GET',
  path: '/market-categories/:id',
  tag: 'market-categories',
  summary: 'One market category',
  access: read,
  params: idParams,
  response: categorySchema,
});
export const createCategory = defineRoute({
  method: 'POST',
  path: '/market-categories',
  tag: 'market-categories',
  summary: 'Add a market category',
  access: write,
  body: categoryCreateSchema,
  response: categorySchema,
  status: 201,
});
export const updateCategory = defineRoute({
  method: 'PATCH',
  path: '/market-categories/:id',
  tag: 'market-categories',
  summary: 'Change a market category',
  access: write,
  params: idParams,
  body: categoryUpdateSchema,
  response: categorySchema,
});
export const deactivateCategory = defineRoute({
  method: 'POST',
  path: '/market-categories/:id/deactivate',
  tag: 'market-categories',
  summary: 'Deactivate a market category (kept for its vendors and slots, no longer offered)',
  access: write,
  params: idParams,
  response: categorySchema,
});
export const activateCategory = defineRoute({
  method: 'POST',
  path: '/market-categories/:id/activate',
  tag: 'market-categories',
  summary: 'Activate a market category again',
  access: write,
  params: idParams,
  response: categorySchema,
});
export const deleteCategory = defineRoute({
  method: 'DELETE',
  path: '/market-categories/:id',
  tag: 'market-categories',
  summary: 'Remove a market category; refused (409) while vendors, slots or market-day capacities use it',
  access: write,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});
