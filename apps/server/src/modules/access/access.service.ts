import { effectiveRole, permissionsFor, type EffectiveRole, type PermissionKey } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { findMembershipAndRole } from './access.repository.js';

export interface AccessContext {
  userId: string;
  organization: { id: string; name: string; slug: string } | null;
  /** The stored role as written in user_roles, or null. */
  role: string | null;
  effectiveRole: EffectiveRole;
  permissions: PermissionKey[];
}

/** Effective permissions, computed on the server: static set of the effective role + enabled matrix rows. */
export async function loadAccess(db: DbOrTx, userId: string): Promise<AccessContext> {
  const found = await findMembershipAndRole(db, userId);
  if (!found) {
    return { userId, organization: null, role: null, effectiveRole: 'content', permissions: permissionsFor('content', []) };
  }
  const eff = effectiveRole(found.role);
  return {
    userId,
    organization: { id: found.orgId, name: found.orgName, slug: found.orgSlug },
    role: found.role,
    effectiveRole: eff,
    permissions: permissionsFor(eff, found.role ? found.dynamic : []),
  };
}
