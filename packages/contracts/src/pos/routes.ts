import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { registerCreateSchema, registerListQuery, registerSchema, registerUpdateSchema } from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
// The seed gives every point-of-sale page to vendor_management.
const access = { permission: 'vendor_management' } as const;

export const listRegisters = defineRoute({
  method: 'GET',
  path: '/pos/registers',
  tag: 'pos',
  summary: 'Registers of the organization (active by default), by name',
  access,
  query: registerListQuery,
  response: z.array(registerSchema),
});
export const createRegister = defineRoute({
  method: 'POST',
  path: '/pos/registers',
  tag: 'pos',
  summary: 'Add a register: name, location, default opening float, tenders and receipt texts in English and Arabic',
  access,
  body: registerCreateSchema,
  response: registerSchema,
  status: 201,
});
export const updateRegister = defineRoute({
  method: 'PATCH',
  path: '/pos/registers/:id',
  tag: 'pos',
  summary: 'Change a register, or archive it (status archived) and bring it back',
  access,
  params: idParams,
  body: registerUpdateSchema,
  response: registerSchema,
});
