import { effectiveRole, isVendorRole, permissionsFor, type EffectiveRole, type PermissionKey } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AccessContext } from '../../lib/principal.js';
import { findMembershipAndRole } from './access.repository.js';

/** Effective permissions, computed on the server: static set of the effective role + enabled matrix rows. */
export async function loadAccess(db: DbOrTx, userId: string): Promise<AccessContext> {
  const found = await findMembershipAndRole(db, userId);
  if (!found) {
    return { userId, organization: null, role: null, effectiveRole: 'content', permissions: permissionsFor('content', []) };
  }
  const eff = effectiveRole(found.role);
  const all = permissionsFor(eff, found.role ? found.dynamic : []);
  return {
    userId,
    organization: { id: found.orgId, name: found.orgName, slug: found.orgSlug },
    role: found.role,
    effectiveRole: eff,
    permissions: mfaEnrollmentRequired(eff, found.mfaRoles, found.hasFactor) ? all.filter((p) => UNTIL_ENROLLED.includes(p)) : all,
  };
}

/** What a staff member the policy asks for a second factor keeps until they set one up. */
const UNTIL_ENROLLED: readonly PermissionKey[] = ['dashboard'];

/**
 * The organization's security policy (settings) requires two-step sign-in for this staff role and the user has
 * no verified factor yet. A user with a factor is already held at aal1 until they pass it (auth-context), so the
 * factor's existence is the whole test, and the answer is the user's (cached per user, like the rest of access).
 */
export function mfaEnrollmentRequired(role: EffectiveRole, requiredRoles: readonly string[], hasFactor: boolean): boolean {
  return !isVendorRole(role) && requiredRoles.includes(role) && !hasFactor;
}

/** The same answer for one user, for the web's banner. */
export async function userMfaEnrollmentRequired(db: DbOrTx, userId: string): Promise<boolean> {
  const found = await findMembershipAndRole(db, userId);
  return found ? mfaEnrollmentRequired(effectiveRole(found.role), found.mfaRoles, found.hasFactor) : false;
}
