import type { LastSignInFilter, UserRoleFilter, UserStatus } from '@market/contracts/plain';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  mfaFactors,
  organizationMemberships,
  profiles,
  rolePermissionMatrix,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.js';

// All SQL of users and the permission matrix (decision 022).

/** The user's newest role in the organization (spec section 7: newest first, limit 1). */
const newestRole = (orgId: string) =>
  sql<
    string | null
  >`(select ur.role from ${userRoles} ur where ur.user_id = ${users.id} and ur.org_id = ${orgId} order by ur.created_at desc limit 1)`;

const statusExpr = sql<UserStatus>`case
  when ${users.bannedUntil} is not null and ${users.bannedUntil} > now() then 'deactivated'
  when ${users.emailConfirmedAt} is null and ${users.invitedAt} is not null then 'invited'
  else 'active' end`;

const mfaExpr = sql<boolean>`exists (select 1 from ${mfaFactors} f where f.user_id = ${users.id} and f.status = 'verified')`;
const nameExpr = sql<string | null>`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.rawUserMetaData} ->> 'full_name', ''))`;

const rowFields = (orgId: string) => ({
  id: users.id,
  email: users.email,
  fullName: nameExpr,
  role: newestRole(orgId),
  status: statusExpr,
  mfa: mfaExpr,
  lastSignInAt: users.lastSignInAt,
  invitedAt: users.invitedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  emailConfirmedAt: users.emailConfirmedAt,
});

export interface UserRow {
  id: string;
  email: string | null;
  fullName: string | null;
  role: string | null;
  status: UserStatus;
  mfa: boolean;
  lastSignInAt: Date | null;
  invitedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  emailConfirmedAt: Date | null;
}

export interface ListFilter {
  q?: string;
  role?: UserRoleFilter;
  status?: UserStatus;
  lastSignIn?: LastSignInFilter;
  mfa?: 'on' | 'off';
  offset: number;
  limit: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const base = (db: DbOrTx, orgId: string, fields: ReturnType<typeof rowFields> | { total: SQL<number> }) =>
  db
    .select(fields as ReturnType<typeof rowFields>)
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id));

function listWhere(orgId: string, f: ListFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(organizationMemberships.orgId, orgId), isNull(users.deletedAt)];
  if (f.q) {
    const pattern = `%${likeEscape(f.q)}%`;
    conds.push(sql`(${users.email} ilike ${pattern} or ${nameExpr} ilike ${pattern})`);
  }
  if (f.role === 'none') conds.push(sql`${newestRole(orgId)} is null`);
  else if (f.role) conds.push(sql`${newestRole(orgId)} = ${f.role}`);
  if (f.status) conds.push(sql`${statusExpr} = ${f.status}`);
  if (f.mfa) conds.push(f.mfa === 'on' ? mfaExpr : sql`not ${mfaExpr}`);
  if (f.lastSignIn === 'never') conds.push(isNull(users.lastSignInAt));
  else if (f.lastSignIn === 'week') conds.push(sql`${users.lastSignInAt} >= now() - interval '7 days'`);
  else if (f.lastSignIn === 'month') conds.push(sql`${users.lastSignInAt} >= now() - interval '30 days'`);
  else if (f.lastSignIn === 'older') conds.push(sql`${users.lastSignInAt} < now() - interval '30 days'`);
  return and(...conds);
}

export async function listUsers(db: DbOrTx, orgId: string, f: ListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where = listWhere(orgId, f);
  const rows = (await base(db, orgId, rowFields(orgId))
    .where(where)
    .orderBy(sql`lower(coalesce(${nameExpr}, ${users.email}))`, users.id)
    .limit(f.limit)
    .offset(f.offset)) as UserRow[];
  const [counted] = (await base(db, orgId, { total: sql<number>`count(*)` }).where(where)) as unknown as { total: number | string }[];
  return { rows: rows.map(normalize), total: Number(counted?.total ?? 0) };
}

/** PGlite may hand the boolean of an exists() back as text. */
const normalize = (r: UserRow): UserRow => ({ ...r, mfa: r.mfa === true || (r.mfa as unknown) === 't' });

/** A member of the organization (not deleted), or null: another organization's user is not found. */
export async function findMember(db: DbOrTx, orgId: string, userId: string): Promise<UserRow | null> {
  const [row] = (await base(db, orgId, rowFields(orgId))
    .where(and(eq(organizationMemberships.orgId, orgId), eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1)) as UserRow[];
  return row ? normalize(row) : null;
}

/** Locks the user's row until the transaction ends. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The organization of a user's membership (a user belongs to one organization at most). */
export async function membershipOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [m] = await db
    .select({ orgId: organizationMemberships.orgId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId))
    .limit(1);
  return m?.orgId ?? null;
}

export async function newestRoleOf(db: DbOrTx, orgId: string, userId: string): Promise<string | null> {
  const [r] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId)))
    .orderBy(desc(userRoles.createdAt))
    .limit(1);
  return r?.role ?? null;
}

export async function addMember(tx: DbOrTx, orgId: string, userId: string, role: string): Promise<void> {
  await tx.insert(organizationMemberships).values({ userId, orgId });
  await tx.insert(userRoles).values({ userId, orgId, role });
}

/** The user's role in the organization becomes this one (older rows go: the newest row is the role). */
export async function setRole(tx: DbOrTx, orgId: string, userId: string, role: string): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId)));
  await tx.insert(userRoles).values({ userId, orgId, role });
}

/** Moves the user's version (updatedAt) on every change made here, so an open screen's edit is refused after it. */
export async function touchUser(tx: DbOrTx, userId: string, patch: { bannedUntil?: Date | null } = {}): Promise<void> {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: sql`greatest(now(), ${users.updatedAt} + interval '1 millisecond')` })
    .where(eq(users.id, userId));
}

/** Ends every session; their refresh tokens go with them (cascade), their access tokens fail the session check. */
export async function deleteSessions(tx: DbOrTx, userId: string): Promise<number> {
  return (await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })).length;
}

export async function deleteFactors(tx: DbOrTx, userId: string): Promise<number> {
  return (await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId)).returning({ id: mfaFactors.id })).length;
}

/** Active (not deactivated) super admins of the organization by their newest role. */
export async function activeSuperAdmins(db: DbOrTx, orgId: string): Promise<string[]> {
  const rows = await base(db, orgId, rowFields(orgId)).where(
    and(
      eq(organizationMemberships.orgId, orgId),
      isNull(users.deletedAt),
      sql`${newestRole(orgId)} = 'super_admin'`,
      sql`${statusExpr} <> 'deactivated'`,
    ),
  );
  return rows.map((r) => r.id);
}

export async function auditTrail(db: DbOrTx, orgId: string, userId: string) {
  const actorName = sql<
    string | null
  >`(select coalesce(nullif(p.full_name, ''), au.email) from ${users} au left join ${profiles} p on p.user_id = au.id where au.id = ${auditLog.actorId})`;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'auth.user'), eq(auditLog.entityId, userId), or(eq(auditLog.orgId, orgId), isNull(auditLog.orgId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}

// The permission matrix.

export async function matrixRows(db: DbOrTx, orgId: string) {
  return db
    .select({
      role: rolePermissionMatrix.roleName,
      permission: rolePermissionMatrix.permissionKey,
      enabled: rolePermissionMatrix.isEnabled,
      updatedAt: rolePermissionMatrix.updatedAt,
    })
    .from(rolePermissionMatrix)
    .where(eq(rolePermissionMatrix.orgId, orgId));
}

export async function upsertMatrixCell(tx: DbOrTx, orgId: string, role: string, permission: string, enabled: boolean, at: Date) {
  await tx
    .insert(rolePermissionMatrix)
    .values({ orgId, roleName: role, permissionKey: permission, isEnabled: enabled, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [rolePermissionMatrix.orgId, rolePermissionMatrix.roleName, rolePermissionMatrix.permissionKey],
      set: { isEnabled: enabled, updatedAt: at },
    });
}

/** Members per raw role (their newest role), with up to `names` names each. */
export async function membersByRole(db: DbOrTx, orgId: string, roles: string[]) {
  if (!roles.length) return [];
  const rows = await base(db, orgId, rowFields(orgId))
    .where(and(eq(organizationMemberships.orgId, orgId), isNull(users.deletedAt), inArray(newestRole(orgId), roles)))
    .orderBy(sql`lower(coalesce(${nameExpr}, ${users.email}))`);
  return rows.map((r) => ({ role: r.role!, name: r.fullName ?? r.email ?? r.id }));
}

export async function roleCounts(db: DbOrTx, orgId: string): Promise<Map<string, number>> {
  const res = await db.execute(sql`
    select r.role as role, count(*)::int as n
    from ${organizationMemberships} m
    join ${users} u on u.id = m.user_id and u.deleted_at is null
    join lateral (select ur.role from ${userRoles} ur where ur.user_id = m.user_id and ur.org_id = m.org_id order by ur.created_at desc limit 1) r on true
    where m.org_id = ${orgId}
    group by r.role`);
  const rows = (res as unknown as { rows: { role: string; n: number | string }[] }).rows;
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}
