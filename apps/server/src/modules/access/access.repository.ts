import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMemberships, organizations, rolePermissionMatrix, sessions, userRoles, users } from '../../db/schema/index.js';

/** The live session of an access token, with its user; null when revoked, expired or the user is gone or banned. */
export async function findLiveSession(db: DbOrTx, sessionId: string, userId: string) {
  const rows = await db
    .select({ sessionId: sessions.id, aal: sessions.aal, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        or(isNull(sessions.notAfter), gt(sessions.notAfter, sql`now()`)),
        isNull(users.deletedAt),
        or(isNull(users.bannedUntil), sql`${users.bannedUntil} <= now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Membership, newest role in that organization and the enabled matrix rows for that raw role (spec section 7). */
export async function findMembershipAndRole(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ orgId: organizationMemberships.orgId, orgName: organizations.name, orgSlug: organizations.slug })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.orgId))
    .where(eq(organizationMemberships.userId, userId))
    .limit(1);
  const membership = rows[0];
  if (!membership) return null;
  const roleRows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, membership.orgId)))
    .orderBy(desc(userRoles.createdAt))
    .limit(1);
  const role = roleRows[0]?.role ?? null;
  const dynamic = role
    ? (
        await db
          .select({ key: rolePermissionMatrix.permissionKey })
          .from(rolePermissionMatrix)
          .where(
            and(
              eq(rolePermissionMatrix.orgId, membership.orgId),
              eq(rolePermissionMatrix.roleName, role),
              eq(rolePermissionMatrix.isEnabled, true),
            ),
          )
      ).map((r) => r.key)
    : [];
  return { ...membership, role, dynamic };
}
