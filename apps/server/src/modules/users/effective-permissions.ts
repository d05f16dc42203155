import type { usersRoutes as c } from '@market/contracts';
import { effectiveRole, permissionsFor, STATIC_PERMISSIONS } from '@market/contracts';

/**
 * Each permission a user holds and where it comes from: the static set of the effective role, and/or an enabled
 * matrix row for the raw role. The union is `permissionsFor`, the same function the server's access uses.
 */
export function effectivePermissions(rawRole: string | null, enabledRows: readonly string[]): c.EffectivePermission[] {
  const eff = effectiveRole(rawRole);
  const dynamic = rawRole ? enabledRows : [];
  return permissionsFor(eff, dynamic).map((key) => ({
    key,
    sources: [
      ...(STATIC_PERMISSIONS[eff].includes(key) ? [{ kind: 'static' as const, role: eff }] : []),
      ...(rawRole && dynamic.includes(key) ? [{ kind: 'matrix' as const, role: rawRole }] : []),
    ],
  }));
}
