import type { SwaggerOptions } from '@fastify/swagger';
import * as contracts from '@market/contracts';
import { errorSchema, STAFF_PERMISSIONS, type Access, type RouteDef } from '@market/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from './api-route.js';
import { shareRepeatedSchemas } from './openapi-share.js';

/*
 * The OpenAPI 3.1 document of /api/v1 (served at /api/v1/openapi.json, shown at /api-docs). Schemas come from the
 * contracts through fastify-type-provider-zod; this file adds what a reader needs to call a route: who may call it
 * (`security`, `x-permission`, `x-api-key-scope`, a sentence in the description), the error envelope of the
 * answers a route can give besides its success, and an operation id named after the contract (decision 026).
 */

/** The two ways to send credentials; both travel as `Authorization: Bearer …`. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A signed-in session: the access token that `POST /auth/v1/token` (or supabase-js) returns. It carries the permissions of the ' +
      "user's role in their organization.",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'mbo_live_…',
    description:
      'An API key made under Integrations (`mbo_live_…`). It acts for its organization with exactly its scopes: ' +
      '`<permission>:read` for GET routes, `<permission>:write` for every method.',
  },
} as const;

export type ApiKeyScope = `${string}:${'read' | 'write'}`;

/** The scope an API key needs for a route that needs a permission: read for GET (and HEAD), write for the rest. */
export function apiKeyScope(def: Pick<RouteDef, 'method'>, permission: string): ApiKeyScope {
  return `${permission}:${def.method === 'GET' ? 'read' : 'write'}`;
}

const ROLE_OF = (access: Access): 'super_admin' | 'admin' | null =>
  'permission' in access ? (access.superAdminOnly ? 'super_admin' : access.adminOnly ? 'admin' : null) : null;

/** Keys hold staff permissions only (a vendor's own routes are for the vendor's signed-in account). */
const KEY_PERMISSIONS = new Set<string>(STAFF_PERMISSIONS);

/*
 * What decision 023 lets an API key do: a route that needs a staff permission, with that permission's scope. Routes
 * open to any signed-in user, routes kept for admins (superAdminOnly, adminOnly) and a vendor's own routes refuse
 * keys; public routes ignore them.
 */

/** Who may call a route, in one sentence for the operation's description. */
export function accessSentence(def: Pick<RouteDef, 'method' | 'access'>): string {
  const { access } = def;
  if ('public' in access) return 'Public: no credentials needed.';
  if ('authenticated' in access) return 'Needs a signed-in user (any role, with or without an organization); API keys cannot call it.';
  const role = ROLE_OF(access);
  if (role) {
    const who = role === 'super_admin' ? 'the super_admin role' : 'an admin or super_admin role';
    return `Needs permission ${access.permission} and ${who}; API keys cannot call it.`;
  }
  if (!KEY_PERMISSIONS.has(access.permission)) return `Needs permission ${access.permission}; API keys cannot call it.`;
  return `Needs permission ${access.permission}; API keys need ${apiKeyScope(def, access.permission)}.`;
}

/** The OpenAPI fields of a route's access rule: `security` and the `x-` extensions. */
export function accessFields(def: Pick<RouteDef, 'method' | 'access'>): Record<string, unknown> {
  const { access } = def;
  if ('public' in access) return { security: [], 'x-permission': null, 'x-api-key-scope': null, 'x-public': true };
  if ('authenticated' in access) return { security: [{ bearerAuth: [] }], 'x-permission': null, 'x-api-key-scope': null };
  const role = ROLE_OF(access);
  if (role) return { security: [{ bearerAuth: [] }], 'x-permission': access.permission, 'x-api-key-scope': null, 'x-role': role };
  if (!KEY_PERMISSIONS.has(access.permission))
    return { security: [{ bearerAuth: [] }], 'x-permission': access.permission, 'x-api-key-scope': null };
  const scope = apiKeyScope(def, access.permission);
  return {
    // OpenAPI 3.1 lets a non-OAuth scheme list the roles it needs: here the key's scope.
    security: [{ bearerAuth: [] }, { apiKey: [scope] }],
    'x-permission': access.permission,
    'x-api-key-scope': scope,
  };
}

/** Every contract route by its definition, named `<group>.<route>` after the contracts' exports (`products.listProducts`). */
const operationIds = (() => {
  const ids = new Map<object, string>();
  for (const [group, routes] of Object.entries(contracts)) {
    if (!group.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
    for (const [name, def] of Object.entries(routes as Record<string, unknown>)) {
      const isRoute = typeof def === 'object' && def !== null && 'method' in def && 'path' in def && 'access' in def;
      if (isRoute && !ids.has(def)) ids.set(def, `${group.slice(0, -'Routes'.length)}.${name}`);
    }
  }
  return ids;
})();

const errorJsonSchema = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return schema;
})();

const ERROR_RESPONSES = {
  Unauthorized: 'No valid credentials: sign in again or send a valid API key (`unauthorized`).',
  Forbidden: 'The caller lacks the permission, role or API key scope the route needs (`forbidden`).',
  NotFound: 'No such record in the caller’s organization (`not_found`).',
  Conflict: 'The record changed since it was read (`expectedUpdatedAt` is stale) or the change clashes with another (`conflict`).',
  ValidationFailed: 'The input is not valid: `fields` names each field and why (`validation_failed`).',
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const INTRODUCTION = [
  'The REST API of the market back office. Every route below answers JSON at `/api/v1` on this server.',
  '',
  '**Credentials.** Send `Authorization: Bearer <token>` with either a session access token (`bearerAuth`: sign in through',
  '`POST /auth/v1/token?grant_type=password` or supabase-js) or an API key made under Integrations (`apiKey`, `mbo_live_…`).',
  'Each operation says the permission it needs (`x-permission`) and the API key scope that stands for it (`x-api-key-scope`):',
  '`<permission>:read` for GET routes, `<permission>:write` for the others. Public routes need no credentials.',
  '',
  '**Errors** answer `{"error": {"code", "message", "fields"?}}` with a closed set of codes; invalid input is 422 with each',
  'field named. **Writes** of an existing record (PATCH, PUT) carry the `expectedUpdatedAt` they read and answer 409 when the',
  'record changed since. Money-moving requests take an `Idempotency-Key` header.',
].join('\n');

/** The `@fastify/swagger` options: the document's frame and the per-route transform. */
export function openApiOptions(version: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Market back office API', version, description: INTRODUCTION },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: SECURITY_SCHEMES,
        schemas: { Error: errorJsonSchema },
        responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([name, text]) => [name, errorResponse(text)])),
      } as never,
    },
    transform: (input) => {
      const def = input.route.config?.def as RouteDef | undefined;
      // Only contract routes of /api/v1 are documented (auth, storage and realtime speak Supabase's protocols).
      if (!def || !input.url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const schema = out.schema as Record<string, unknown>;
      const sentence = accessSentence(def);
      Object.assign(schema, accessFields(def), {
        description: schema.description ? `${String(schema.description)}\n\n${sentence}` : sentence,
      });
      const id = operationIds.get(def);
      if (id) schema.operationId = id;
      return { schema, url: out.url };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) return input.swaggerObject;
      const { openapiObject } = input;
      const doc = openapiObject as {
        paths?: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
      };
      for (const item of Object.values(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(item)) {
          if (!op || typeof op !== 'object' || !op.responses) continue;
          // @fastify/swagger names every success "Default Response".
          for (const r of Object.values(op.responses) as { description?: string }[])
            if (r.description === 'Default Response') r.description = 'Success';
          const add = (status: string, name: keyof typeof ERROR_RESPONSES) => {
            op.responses![status] ??= { $ref: `#/components/responses/${name}` };
          };
          if (op.security?.length) {
            add('401', 'Unauthorized');
            add('403', 'Forbidden');
          }
          const parameters = (op as { parameters?: { in: string }[] }).parameters ?? [];
          if (parameters.some((p) => p.in === 'path')) add('404', 'NotFound');
          if (method === 'patch' || method === 'put') add('409', 'Conflict');
          if (parameters.length || (op as { requestBody?: unknown }).requestBody) add('422', 'ValidationFailed');
        }
      }
      shareRepeatedSchemas(openapiObject as Record<string, unknown>);
      return openapiObject;
    },
  };
}
