import { effectiveRole, permissionsFor } from '@market/contracts';
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
  return {
    userId,
    organization: { id: found.orgId, name: found.orgName, slug: found.orgSlug },
    role: found.role,
    effectiveRole: eff,
    permissions: permissionsFor(eff, found.role ? found.dynamic : []),
  };
}
