import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, organizationMemberships, profiles, userRoles, users, vendorApplications } from '../../db/schema/index.js';

export async function countMembers(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizationMemberships).where(eq(organizationMemberships.orgId, orgId));
  return row?.n ?? 0;
}

/** Members per current (newest) stored role. */
export async function countRoles(db: DbOrTx, orgId: string): Promise<{ role: string; count: number }[]> {
  const res = await db.execute(sql`
    select r.role, count(*)::int as count from (
      select distinct on (ur.user_id) ur.user_id, ur.role from ${userRoles} ur
      join ${organizationMemberships} m on m.user_id = ur.user_id and m.org_id = ur.org_id
      where ur.org_id = ${orgId} order by ur.user_id, ur.created_at desc) r
    group by r.role order by count desc, r.role`);
  return (res as unknown as { rows: { role: string; count: number }[] }).rows.map((r) => ({ role: r.role, count: Number(r.count) }));
}

/** The newest audit entries of the organization: all, or those about the given entity types and the caller's own. */
export function recentActivity(db: DbOrTx, orgId: string, limit: number, entityTypes: string[] | null, actorId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      createdAt: auditLog.createdAt,
      actorName: sql<string | null>`coalesce(${profiles.fullName}, ${users.email})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.userId, auditLog.actorId))
    .where(
      and(
        eq(auditLog.orgId, orgId),
        entityTypes ? or(eq(auditLog.actorId, actorId), inArray(auditLog.entityType, entityTypes)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

const STREAMS = ['market_vendor', 'junior_vendor', 'workshop'] as const;

/** Open applications per stream: the ones staff must act on, and the ones waiting for the applicant. */
export async function applicationsWaiting(db: DbOrTx, orgId: string) {
  const rows = await db
    .select({
      stream: vendorApplications.stream,
      waiting: sql<number>`count(*) filter (where ${vendorApplications.status} in ('submitted', 'under_review'))::int`,
      infoRequested: sql<number>`count(*) filter (where ${vendorApplications.status} = 'info_requested')::int`,
    })
    .from(vendorApplications)
    .where(eq(vendorApplications.orgId, orgId))
    .groupBy(vendorApplications.stream);
  return STREAMS.map((stream) => {
    const r = rows.find((x) => x.stream === stream);
    return { stream, waiting: Number(r?.waiting ?? 0), infoRequested: Number(r?.infoRequested ?? 0) };
  });
}
