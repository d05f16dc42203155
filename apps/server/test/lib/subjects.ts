import {
  PERMISSIONS,
  ROLE_RANK,
  STORED_ROLES,
  VENDOR_PERMISSIONS,
  effectiveRole,
  permissionsFor,
  type Access,
  type HttpMethod,
  type PermissionKey,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.js';
import { bearer, createOrg, createUser, enablePermission, tokenFor } from '../factories.js';

/** A caller of the authorization matrix, with what the spec says it holds. */
export interface Subject {
  name: string;
  headers: Record<string, string>;
  /** A signed-in user (with a live session), as opposed to no token or an API key. */
  signedIn: boolean;
  member: boolean;
  /** Stored role in user_roles, null without one. */
  role: string | null;
  /** Enabled matrix rows for that role in the subject's organization. */
  enabled: string[];
  /** An organization's API key (decision 023): its scopes, and whether it still works (not expired or revoked). */
  apiKey?: { scopes: { permission: PermissionKey; access: 'read' | 'write' }[]; valid: boolean };
}

export type Outcome = 'allowed' | 401 | 403;

/** The outcome the spec's rules give, computed from the contract tables, not from the server's code path. */
export function expectedOutcome(access: Access, s: Subject, method: HttpMethod = 'GET'): Outcome {
  if ('public' in access) return 'allowed';
  if (s.apiKey) return apiKeyOutcome(access, s.apiKey, method);
  if (!s.signedIn) return 401;
  if ('authenticated' in access) return 'allowed';
  if (!s.member) return 403;
  const eff = effectiveRole(s.role);
  const held = permissionsFor(eff, s.role ? s.enabled : []);
  if (!held.includes(access.permission)) return 403;
  if (access.superAdminOnly && eff !== 'super_admin') return 403;
  if (access.adminOnly && ROLE_RANK[eff] < ROLE_RANK.admin) return 403;
  return 'allowed';
}

/**
 * An API key: refused (401) once expired or revoked; only permission routes, none kept for admins; a scope of the
 * route's permission, read for GET, write for any other method.
 */
function apiKeyOutcome(access: Exclude<Access, { public: true }>, key: NonNullable<Subject['apiKey']>, method: HttpMethod): Outcome {
  if (!key.valid) return 401;
  if (!('permission' in access) || access.superAdminOnly || access.adminOnly) return 403;
  const scope = key.scopes.find((x) => x.permission === access.permission);
  if (!scope || (method !== 'GET' && scope.access !== 'write')) return 403;
  return 'allowed';
}

/**
 * Organization API keys made through the API by a super admin of their organization: read-only products, products
 * and import with write, an expired one, a revoked one, and one of another organization.
 */
export async function createApiKeySubjects(app: App): Promise<Subject[]> {
  const none = { signedIn: false, member: false, role: null, enabled: [] };
  type Scope = NonNullable<Subject['apiKey']>['scopes'][number];
  const makerOf = async () => {
    const org = await createOrg(app);
    return bearer(await tokenFor(app, await createUser(app, { orgId: org.id, role: 'super_admin' })));
  };
  const make = async (maker: Record<string, string>, scopes: Scope[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: maker,
      payload: { name: 'Matrix', scopes },
    });
    if (res.statusCode !== 201) throw new Error(`making an API key: ${res.statusCode} ${res.body}`);
    return res.json() as { key: { id: string }; secret: string };
  };
  const maker = await makerOf();
  const subject = async (name: string, scopes: Scope[], valid = true, by = maker) => {
    const k = await make(by, scopes);
    return { k, s: { name, headers: bearer(k.secret), ...none, apiKey: { scopes, valid } } satisfies Subject };
  };
  const read = await subject('API key products:read', [{ permission: 'products', access: 'read' }]);
  const write = await subject('API key products:write + import:write', [
    { permission: 'products', access: 'write' },
    { permission: 'import', access: 'write' },
  ]);
  const expired = await subject('API key expired', [{ permission: 'products', access: 'write' }], false);
  await app.ctx.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.k.key.id}`);
  const revoked = await subject('API key revoked', [{ permission: 'products', access: 'write' }], false);
  const res = await app.inject({ method: 'POST', url: `/api/v1/api-keys/${revoked.k.key.id}/revoke`, headers: maker });
  if (res.statusCode !== 200) throw new Error(`revoking an API key: ${res.statusCode} ${res.body}`);
  const other = await subject(
    'API key of another organization, vendor_management:write',
    [{ permission: 'vendor_management', access: 'write' }],
    true,
    await makerOf(),
  );
  return [read.s, write.s, expired.s, revoked.s, other.s];
}

/**
 * Every kind of caller: anonymous, the anon and service API keys, a user without membership, a member
 * without a role, each of the 9 stored roles, and a role whose permissions come from matrix rows.
 */
export async function createSubjects(app: App): Promise<Subject[]> {
  const none = { signedIn: false, member: false, role: null, enabled: [] };
  const subjects: Subject[] = [
    { name: 'anonymous', headers: {}, ...none },
    { name: 'anon key', headers: { ...bearer(app.ctx.keys.anon), apikey: app.ctx.keys.anon }, ...none },
    { name: 'service key', headers: { ...bearer(app.ctx.keys.service), apikey: app.ctx.keys.service }, ...none },
  ];
  const user = async (name: string, orgId: string | null, role: string | null, enabled: string[] = []) => {
    const u = await createUser(app, { orgId, role });
    subjects.push({ name, headers: bearer(await tokenFor(app, u)), signedIn: true, member: orgId !== null, role, enabled });
  };
  await user('no membership', null, null);
  const org = await createOrg(app);
  await user('member without role', org.id, null);
  for (const role of STORED_ROLES) await user(role, org.id, role);

  // A second organization whose matrix grants every other permission to vendor_manager and explicitly disables the rest.
  const other = await createOrg(app);
  const enabled = PERMISSIONS.filter((_, i) => i % 2 === 0);
  for (const key of PERMISSIONS) await enablePermission(app, other.id, 'vendor_manager', key, enabled.includes(key));
  // A row for another role must not leak into vendor_manager's set.
  await enablePermission(app, other.id, 'marketing', 'users');
  await user('vendor_manager + matrix rows', other.id, 'vendor_manager', [...enabled]);
  return subjects;
}

/** A super_admin whose organization's matrix also grants the vendor permissions, so every permission route lets it through. */
export async function createRootCaller(app: App): Promise<Record<string, string>> {
  const org = await createOrg(app);
  for (const key of VENDOR_PERMISSIONS) await enablePermission(app, org.id, 'super_admin', key);
  const u = await createUser(app, { orgId: org.id, role: 'super_admin' });
  return bearer(await tokenFor(app, u));
}
