import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, auditLog, organizationMemberships, profiles, userRoles, users, vendorApplications } from '../../db/schema/index.js';
import { DASHBOARD_CHANNELS } from '@market/contracts/plain';

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
      actorId: auditLog.actorId,
      before: auditLog.before,
      after: auditLog.after,
      actorName: sql<string | null>`coalesce(${profiles.fullName}, ${users.email})`,
      apiKeyName: apiKeys.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.userId, auditLog.actorId))
    .leftJoin(apiKeys, and(eq(apiKeys.id, auditLog.apiKeyId), eq(apiKeys.orgId, orgId)))
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

type Rows<T> = { rows: T[] };
const rowsOf = <T>(res: unknown) => (res as Rows<T>).rows;

/** Products by status and their completeness (index-friendly: one pass per index the product list already has). */
export async function catalogueFigures(db: DbOrTx, orgId: string) {
  const [byStatus, completeness, channels] = await Promise.all([
    db.execute(sql`select status, count(*)::int as n from products where org_id = ${orgId} group by status`),
    db.execute(sql`select coalesce(round(avg(completeness_score)), 0)::int as average,
      count(*) filter (where completeness_score = 100)::int as complete from products where org_id = ${orgId}`),
    // A product is complete for a channel when every locale of that channel scores 100.
    db.execute(sql`select c.id, c.name, count(x.product_id)::int as measured, count(x.product_id) filter (where x.low = 100)::int as complete
      from (select id, name from catalog_channels where org_id = ${orgId} order by name, id limit ${DASHBOARD_CHANNELS}) c
      left join (select channel_id, product_id, min(score) as low from catalog_channel_completeness where org_id = ${orgId}
        group by channel_id, product_id) x on x.channel_id = c.id
      group by c.id, c.name order by c.name, c.id`),
  ]);
  const n = (status: string) => Number(rowsOf<{ status: string; n: number }>(byStatus).find((r) => r.status === status)?.n ?? 0);
  const c = rowsOf<{ average: number; complete: number }>(completeness)[0];
  const [active, draft, archived] = [n('active'), n('draft'), n('archived')];
  return {
    total: active + draft + archived,
    active,
    draft,
    archived,
    completenessAverage: Number(c?.average ?? 0),
    complete: Number(c?.complete ?? 0),
    channels: rowsOf<{ id: string; name: string; measured: number; complete: number }>(channels).map((r) => ({
      id: r.id,
      name: r.name,
      measured: Number(r.measured),
      complete: Number(r.complete),
    })),
  };
}

/**
 * Rows per week over the last `weeks` weeks (Monday to Sunday, UTC), oldest first, empty weeks as 0.
 * `table` and `column` are constants of this module, never input.
 */
export async function perWeek(
  db: DbOrTx,
  orgId: string,
  table: 'products' | 'vendor_applications',
  column: 'created_at' | 'submitted_at',
  weeks: number,
) {
  const res = await db.execute(sql`
    with w as (
      select generate_series(date_trunc('week', now() at time zone 'utc') - make_interval(weeks => ${weeks - 1}),
        date_trunc('week', now() at time zone 'utc'), interval '1 week') as ws),
    c as (
      select date_trunc('week', x.${sql.raw(column)} at time zone 'utc') as ws, count(*)::int as n from ${sql.raw(table)} x
      where x.org_id = ${orgId} and x.${sql.raw(column)} >= (select min(ws) from w) at time zone 'utc' group by 1)
    select to_char(w.ws, 'YYYY-MM-DD') as week_start, coalesce(c.n, 0)::int as count from w left join c on c.ws = w.ws order by w.ws`);
  return rowsOf<{ week_start: string; count: number }>(res).map((r) => ({ weekStart: r.week_start, count: Number(r.count) }));
}

/** Vendor documents (not declined) expiring from today (UTC) to `days` days ahead, soonest first, and how many there are. */
export async function documentsExpiring(db: DbOrTx, orgId: string, days: number, limit: number) {
  const window = sql`d.org_id = ${orgId} and d.status <> 'declined'
    and d.expires_on between (now() at time zone 'utc')::date and (now() at time zone 'utc')::date + ${days}::int`;
  const [items, total] = await Promise.all([
    db.execute(sql`
      select d.id, d.vendor_id, v.public_name, v.vendor_type, d.doc_type, d.file_name, to_char(d.expires_on, 'YYYY-MM-DD') as expires_on
      from vendor_documents d join vendors v on v.id = d.vendor_id
      where ${window} order by d.expires_on, v.public_name, d.id limit ${limit}`),
    db.execute(sql`select count(*)::int as n from vendor_documents d where ${window}`),
  ]);
  return {
    total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
    items: rowsOf<{
      id: string;
      vendor_id: string;
      public_name: string;
      vendor_type: string;
      doc_type: string;
      file_name: string;
      expires_on: string;
    }>(items),
  };
}
