import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profiles, users, vendorApplications, vendors, vendorUsers } from '../../db/schema/index.js';

export async function userOf(db: DbOrTx, userId: string): Promise<{ id: string; email: string | null; fullName: string | null } | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: sql<string | null>`coalesce(${profiles.fullName}, ${users.rawUserMetaData}->>'full_name')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** The vendor the user acts for in the organization, or null. */
export async function vendorOfUser(db: DbOrTx, orgId: string, userId: string) {
  const rows = await db
    .select({ vendor: vendors })
    .from(vendorUsers)
    .innerJoin(vendors, eq(vendors.id, vendorUsers.vendorId))
    .where(and(eq(vendorUsers.orgId, orgId), eq(vendorUsers.userId, userId)))
    .limit(1);
  return rows[0]?.vendor ?? null;
}

/** Applications of the vendor or sent from the account's e-mail address, newest first. */
export function applicationsOf(db: DbOrTx, orgId: string, vendorId: string | null, email: string | null) {
  const mine = or(
    vendorId ? eq(vendorApplications.vendorId, vendorId) : undefined,
    email ? sql`${vendorApplications.email} = lower(${email})` : undefined,
  );
  return db
    .select({
      id: vendorApplications.id,
      stream: vendorApplications.stream,
      status: vendorApplications.status,
      applicantName: vendorApplications.applicantName,
      submittedAt: vendorApplications.submittedAt,
      updatedAt: vendorApplications.updatedAt,
    })
    .from(vendorApplications)
    .where(and(eq(vendorApplications.orgId, orgId), mine ?? sql`false`))
    .orderBy(desc(vendorApplications.submittedAt), desc(vendorApplications.id));
}
