// Routes of the catalogue master data: attributes with options and validation, attribute families.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  attributeCreateSchema,
  attributeFamilyCreateSchema,
  attributeFamilySchema,
  attributeFamilyUpdateSchema,
  attributeSchema,
  attributeUpdateSchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const access = { permission: 'master_data' } as const;
const tag = 'attributes';
const ok = z.object({ ok: z.literal(true) });

export const listAttributes = defineRoute({
  method: 'GET',
  path: '/attributes',
  tag,
  summary: 'Product attributes of the organization with their options, by code',
  access,
  response: z.array(attributeSchema),
});
export const createAttribute = defineRoute({
  method: 'POST',
  path: '/attributes',
  tag,
  summary: 'Add an attribute; select types carry their options, measurement its unit',
  access,
  body: attributeCreateSchema,
  response: attributeSchema,
  status: 201,
});
export const updateAttribute = defineRoute({
  method: 'PATCH',
  path: '/attributes/:id',
  tag,
  summary: 'Change an attribute (its type is fixed); options given replace the old ones in the order given',
  access,
  params: idParams,
  body: attributeUpdateSchema,
  response: attributeSchema,
});
export const deleteAttribute = defineRoute({
  method: 'DELETE',
  path: '/attributes/:id',
  tag,
  summary: 'Remove an attribute; refused (409) while a family uses it',
  access,
  params: idParams,
  response: ok,
});

export const listAttributeFamilies = defineRoute({
  method: 'GET',
  path: '/attribute-families',
  tag,
  summary: 'Attribute families with their attributes in order',
  access,
  response: z.array(attributeFamilySchema),
});
export const createAttributeFamily = defineRoute({
  method: 'POST',
  path: '/attribute-families',
  tag,
  summary: 'Add an attribute family',
  access,
  body: attributeFamilyCreateSchema,
  response: attributeFamilySchema,
  status: 201,
});
export const updateAttributeFamily = defineRoute({
  method: 'PATCH',
  path: '/attribute-families/:id',
  tag,
  summary: 'Change an attribute family; attributes given replace the old list in the order given',
  access,
  params: idParams,
  body: attributeFamilyUpdateSchema,
  response: attributeFamilySchema,
});
export const deleteAttributeFamily = defineRoute({
  method: 'DELETE',
  path: '/attribute-families/:id',
  tag,
  summary: 'Remove an attribute family',
  access,
  params: idParams,
  response: ok,
});
