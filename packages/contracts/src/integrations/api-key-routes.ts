import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { apiKeyCreateSchema, apiKeyIssuedSchema, apiKeyRollSchema, apiKeyRolledSchema, apiKeySchema } from './api-key-schemas.js';

export * from './api-key-schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
const access = { permission: 'integrations' } as const;
const tag = 'integrations';

export const listApiKeys = defineRoute({
  method: 'GET',
  path: '/api-keys',
  tag,
  summary: 'API keys of the organization, newest first: prefix, name, scopes, expiry, last use and status (never the secret)',
  access,
  response: z.array(apiKeySchema),
});

export const createApiKey = defineRoute({
  method: 'POST',
  path: '/api-keys',
  tag,
  summary:
    'Make an API key with scopes (staff permissions, read or write) the caller holds itself, and an optional expiry; the whole key is in this answer only',
  access,
  body: apiKeyCreateSchema,
  response: apiKeyIssuedSchema,
  status: 201,
});

export const rollApiKey = defineRoute({
  method: 'POST',
  path: '/api-keys/:id/roll',
  tag,
  summary: 'Replace a key with a new secret of the same scopes; the old key keeps working for the overlap (0 to 168 hours)',
  access,
  params: idParams,
  body: apiKeyRollSchema,
  response: apiKeyRolledSchema,
  status: 201,
});

export const revokeApiKey = defineRoute({
  method: 'POST',
  path: '/api-keys/:id/revoke',
  tag,
  summary: 'Revoke a key: refused from the next request on',
  access,
  params: idParams,
  response: apiKeySchema,
});
