import { PERMISSIONS, ROLE_RANK, STORED_ROLES, VENDOR_PERMISSIONS, effectiveRole, permissionsFor, type Access } from '@market/contracts';
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
}

export type Outcome = 'allowed' | 401 | 403;

/** The outcome the spec's rules give, computed from the contract tables, not from the server's code path. */
export function expectedOutcome(access: Access, s: Subject): Outcome {
  if ('public' in access) return 'allowed';
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
