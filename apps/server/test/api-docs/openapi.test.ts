import { Validator } from '@seriousme/openapi-schema-validator';
import { STAFF_PERMISSIONS, type RouteDef } from '@market/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/lib/api-route.js';
import { bearer, createOrg, createUser, tokenFor } from '../factories.js';
import { createTestApp, type TestContext } from '../harness.js';
import { openApiOperations, registeredContractRoutes, routeKey } from '../lib/api-routes.js';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  'x-permission'?: string | null;
  'x-api-key-scope'?: string | null;
  'x-role'?: string;
  'x-public'?: boolean;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> };
};

const openApiPath = (def: RouteDef) => API_PREFIX + def.path.replace(/:(\w+)/g, '{$1}');
// Decision 023: a key reaches a permission route with that permission's scope, never a route kept for admins.
const forKeys = (def: RouteDef) =>
  'permission' in def.access &&
  !def.access.superAdminOnly &&
  !def.access.adminOnly &&
  (STAFF_PERMISSIONS as readonly string[]).includes(def.access.permission);
const scopeOf = (def: RouteDef) =>
  forKeys(def) && 'permission' in def.access ? `${def.access.permission}:${def.method === 'GET' ? 'read' : 'write'}` : null;

let t: TestContext;
let doc: Document;
let routes: RouteDef[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: `${API_PREFIX}/openapi.json` });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  routes = registeredContractRoutes(t.app);
});
afterAll(async () => t?.close());

describe('the OpenAPI document of /api/v1', () => {
  it('lists exactly the registered contract routes, each once', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(openApiOperations(t.app)).toEqual(routes.map(routeKey).sort());
    // Only /api/v1 is described: auth, storage and realtime speak Supabase's protocols.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith(`${API_PREFIX}/`))).toEqual([]);
  });

  it('gives every operation the permission it needs, its API key scope and a sentence saying so', () => {
    const wrong: string[] = [];
    for (const def of routes) {
      const op = doc.paths[openApiPath(def)]?.[def.method.toLowerCase()];
      if (!op) {
        wrong.push(`${routeKey(def)}: missing`);
        continue;
      }
      const { access } = def;
      const expected =
        'public' in access
          ? { security: [], permission: null, scope: null, sentence: 'Public: no credentials needed.' }
          : 'authenticated' in access
            ? { security: [{ bearerAuth: [] }], permission: null, scope: null, sentence: 'Needs a signed-in user' }
            : {
                security: forKeys(def) ? [{ bearerAuth: [] }, { apiKey: [scopeOf(def)!] }] : [{ bearerAuth: [] }],
                permission: access.permission,
                scope: scopeOf(def),
                sentence: forKeys(def) ? `Needs permission ${access.permission};` : 'API keys cannot call it.',
              };
      const got = { security: op.security, permission: op['x-permission'], scope: op['x-api-key-scope'] };
      if (JSON.stringify(got) !== JSON.stringify({ security: expected.security, permission: expected.permission, scope: expected.scope }))
        wrong.push(`${routeKey(def)}: ${JSON.stringify(got)}`);
      if (!op.description?.includes(expected.sentence)) wrong.push(`${routeKey(def)}: description "${op.description}"`);
      if (expected.scope && !op.description?.includes(`API keys need ${expected.scope}`)) wrong.push(`${routeKey(def)}: no scope sentence`);
      const role = 'permission' in access ? (access.superAdminOnly ? 'super_admin' : access.adminOnly ? 'admin' : undefined) : undefined;
      if (op['x-role'] !== role) wrong.push(`${routeKey(def)}: x-role ${op['x-role']}`);
      if ('public' in access !== (op['x-public'] === true)) wrong.push(`${routeKey(def)}: x-public`);
      // A route that needs credentials documents the 401 and 403 it answers without them.
      if (!('public' in access) && (!op.responses['401'] || !op.responses['403'])) wrong.push(`${routeKey(def)}: no 401/403`);
    }
    expect(wrong).toEqual([]);
  });

  it('names operations after their contract, uniquely, and defines every security scheme it uses', () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const ids = ops.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[\w-]+\.\w+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const list = routes.find((r) => r.method === 'GET' && r.path === '/products');
    expect(list && doc.paths[openApiPath(list)]!.get!.operationId).toBe('products.listProducts');

    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const used = new Set(ops.flatMap((op) => (op.security ?? []).flatMap((r) => Object.keys(r))));
    for (const name of used) expect(doc.components.securitySchemes, name).toHaveProperty(name);
  });

  it('validates as OpenAPI 3.1, and the validator refuses a broken copy', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // The same check fails when the document is wrong: a parameter OpenAPI 3 does not have, a dangling $ref.
    const broken = structuredClone(doc);
    const withParameter = Object.values(broken.paths)
      .flatMap((item) => Object.values(item))
      .find((op) => op.parameters?.length)!;
    withParameter.parameters![0]!.in = 'body';
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
    const dangling = structuredClone(doc);
    Object.values(Object.values(dangling.paths)[0]!)[0]!.responses['500'] = { $ref: '#/components/responses/Nowhere' };
    expect((await new Validator().validate(dangling as never)).valid).toBe(false);
  });

  it('describes every input and answer with a schema JSON Schema 2020-12 compiles', () => {
    // OpenAPI's own schema only checks that a Schema Object is an object: compile each one as the dialect it claims.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictRequired: false, validateFormats: false, allErrors: false });
    // Shared schemas (components.schemas) are compiled as documents of their own, and references point at them.
    const refs = (schema: unknown) =>
      JSON.parse(
        JSON.stringify(schema).replace(
          /"#\/components\/schemas\/([^"]+)"/g,
          (_m, name: string) => `"https://openapi.test/components/${name}.json"`,
        ),
      );
    for (const [name, schema] of Object.entries(doc.components.schemas))
      ajv.addSchema(refs(schema) as object, `https://openapi.test/components/${name}.json`);
    const failures: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const schemas = [
          ...(op.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p.schema] as const),
          ...Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [`body ${type}`, c.schema] as const),
          ...Object.entries(op.responses).flatMap(([status, r]) =>
            Object.entries((r as { content?: Record<string, { schema: unknown }> }).content ?? {}).map(
              ([type, c]) => [`${status} ${type}`, c.schema] as const,
            ),
          ),
        ];
        for (const [where, schema] of schemas) {
          try {
            ajv.compile(refs(schema) as object);
          } catch (e) {
            failures.push(`${method.toUpperCase()} ${path} ${where}: ${(e as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(() => ajv.compile({ type: 'object', properties: { a: { type: 'strnig' } } })).toThrow();
  });

  it('writes a shape that several operations share once, in components, and points at it', () => {
    const inline = new Map<string, number>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      const json = JSON.stringify(node);
      if (json.length >= 400 && ('type' in node || 'anyOf' in node)) inline.set(json, (inline.get(json) ?? 0) + 1);
      Object.values(node).forEach(walk);
    };
    for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) walk([op.requestBody, op.responses]);
    expect([...inline.values()].filter((n) => n > 1)).toEqual([]);
    const product = doc.paths[`${API_PREFIX}/products/{id}`]!.get!.responses['200'] as { content: Record<string, { schema: unknown }> };
    expect(product.content['application/json']!.schema).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\//) });
  });

  it('names the API key scope the server really asks for', async () => {
    // Keys made through the API by a super admin: one per staff permission and access, and one with every scope.
    const org = await createOrg(t.app);
    const maker = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' })));
    const keyFor = async (scopes: { permission: string; access: 'read' | 'write' }[]) => {
      const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/api-keys`, headers: maker, payload: { name: 'Docs', scopes } });
      expect(res.statusCode, res.body).toBe(201);
      return bearer((res.json() as { secret: string }).secret);
    };
    const keys = new Map<string, Record<string, string>>();
    for (const permission of STAFF_PERMISSIONS)
      for (const access of ['read', 'write'] as const) keys.set(`${permission}:${access}`, await keyFor([{ permission, access }]));
    const everything = await keyFor(STAFF_PERMISSIONS.map((permission) => ({ permission, access: 'write' as const })));

    // Each call carries no body and placeholder ids: the caller is refused (401/403) before its input is read.
    const call = (def: RouteDef, headers: Record<string, string>) =>
      t.app.inject({ method: def.method, url: API_PREFIX + def.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'), headers });
    const wrong: string[] = [];
    for (const def of routes) {
      if ('public' in def.access) continue;
      const op = doc.paths[openApiPath(def)]![def.method.toLowerCase()]!;
      const scope = op['x-api-key-scope'];
      if (!scope) {
        // Documented as closed to keys: even a key with every scope is refused.
        const res = await call(def, everything);
        if (res.statusCode !== 403) wrong.push(`${routeKey(def)}: a key was answered ${res.statusCode}`);
        continue;
      }
      const allowed = await call(def, keys.get(scope)!);
      if ([401, 403].includes(allowed.statusCode)) wrong.push(`${routeKey(def)}: ${scope} was refused ${allowed.statusCode}`);
      if (scope.endsWith(':write')) {
        const readOnly = await call(def, keys.get(scope.replace(/:write$/, ':read'))!);
        if (readOnly.statusCode !== 403) wrong.push(`${routeKey(def)}: a read key was answered ${readOnly.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is served as the app generates it, to anyone', async () => {
    const res = await t.app.inject({ url: `${API_PREFIX}/openapi.json` });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual(t.app.swagger());
  });
});
