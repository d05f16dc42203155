import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  mfaFactors,
  organizationMemberships,
  organizationSettings,
  organizations,
  rolePermissionMatrix,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.js';

/** The live session of an access token, with its user; null when revoked, expired or the user is gone or banned. */
export async function findLiveSession(db: DbOrTx, sessionId: string, userId: string) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      aal: sessions.aal,
      notAfter: sessions.notAfter,
      user: users,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} f where f.user_id = ${users.id} and f.status = 'verified')`,
    })
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

/**
 * Membership, the newest role in that organization and the enabled matrix rows for that raw role
 * (the three reads of spec section 7), in one round trip: this runs on every signed-in API request.
 */
export async function findMembershipAndRole(db: DbOrTx, userId: string) {
  const res = await db.execute(sql`
    select m.org_id as "orgId", o.name as "orgName", o.slug as "orgSlug", r.role as "role",
      coalesce(array_agg(p.permission_key) filter (where p.permission_key is not null), '{}') as "dynamic",
      (select st.security->'mfaRequiredRoles' from ${organizationSettings} st where st.org_id = m.org_id) as "mfaRoles",
      exists (select 1 from ${mfaFactors} f where f.user_id = m.user_id and f.status = 'verified') as "hasFactor"
    from ${organizationMemberships} m
    join ${organizations} o on o.id = m.org_id
    left join lateral (
      select ur.role from ${userRoles} ur where ur.user_id = m.user_id and ur.org_id = m.org_id
      order by ur.created_at desc limit 1
    ) r on true
    left join ${rolePermissionMatrix} p on p.org_id = m.org_id and p.role_name = r.role and p.is_enabled
    where m.user_id = ${userId}
    group by m.org_id, m.user_id, o.name, o.slug, r.role
    limit 1`);
  type Row = {
    orgId: string;
    orgName: string;
    orgSlug: string;
    role: string | null;
    dynamic: string[] | string;
    mfaRoles: unknown;
    hasFactor: boolean;
  };
  const row = (res as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  const mfaRoles = typeof row.mfaRoles === 'string' ? (JSON.parse(row.mfaRoles) as unknown) : row.mfaRoles;
  return {
    orgId: row.orgId,
    orgName: row.orgName,
    orgSlug: row.orgSlug,
    role: row.role,
    dynamic: textArray(row.dynamic),
    mfaRoles: Array.isArray(mfaRoles) ? mfaRoles.filter((r): r is string => typeof r === 'string') : [],
    hasFactor: Boolean(row.hasFactor),
  };
}

/** An aggregated text[]: node-postgres parses it; PGlite may too, but accept the literal form as well. */
export function textArray(value: string[] | string): string[] {
  return Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
}
