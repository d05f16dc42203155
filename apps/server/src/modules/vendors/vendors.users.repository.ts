import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMemberships, profiles, users, vendors, vendorUsers } from '../../db/schema/index.js';

export type LinkedUserRow = { vendorId: string; userId: string; email: string | null; fullName: string | null; linkedAt: Date };

export function linkedUsersOf(db: DbOrTx, orgId: string, vendorIds: string[]): Promise<LinkedUserRow[]> {
  if (!vendorIds.length) return Promise.resolve([]);
  return db
    .select({
      vendorId: vendorUsers.vendorId,
      userId: vendorUsers.userId,
      email: users.email,
      fullName: sql<string | null>`coalesce(${profiles.fullName}, ${users.rawUserMetaData}->>'full_name')`,
      linkedAt: vendorUsers.createdAt,
    })
    .from(vendorUsers)
    .leftJoin(users, eq(users.id, vendorUsers.userId))
    .leftJoin(profiles, eq(profiles.userId, vendorUsers.userId))
    .where(and(eq(vendorUsers.orgId, orgId), inArray(vendorUsers.vendorId, vendorIds)))
    .orderBy(asc(vendorUsers.createdAt), asc(vendorUsers.userId));
}

/** A live user account of the organization with this e-mail (case-insensitive), or null. */
export async function findOrgMemberByEmail(db: DbOrTx, orgId: string, email: string): Promise<{ id: string } | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(organizationMemberships, and(eq(organizationMemberships.userId, users.id), eq(organizationMemberships.orgId, orgId)))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The vendor a user acts for, if any (in any organization: the link is unique per user). */
export async function vendorOfUser(db: DbOrTx, userId: string): Promise<{ vendorId: string; orgId: string; publicName: string } | null> {
  const rows = await db
    .select({ vendorId: vendorUsers.vendorId, orgId: vendorUsers.orgId, publicName: vendors.publicName })
    .from(vendorUsers)
    .innerJoin(vendors, eq(vendors.id, vendorUsers.vendorId))
    .where(eq(vendorUsers.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLink(db: DbOrTx, orgId: string, vendorId: string, userId: string): Promise<void> {
  await db.insert(vendorUsers).values({ orgId, vendorId, userId });
}

export async function deleteLink(db: DbOrTx, orgId: string, vendorId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(vendorUsers)
    .where(and(eq(vendorUsers.orgId, orgId), eq(vendorUsers.vendorId, vendorId), eq(vendorUsers.userId, userId)))
    .returning({ userId: vendorUsers.userId });
  return rows.length > 0;
}
