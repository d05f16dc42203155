import { effectiveRole, permissionsFor, type posRoutes as c } from '@market/contracts';
import { isPosManager, POS_STAFF_ROLES, type PosStaffRole } from '@market/contracts/plain';
import { eq, sql } from 'drizzle-orm';
import { lockKey } from '../../db/advisory-lock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { organizationMemberships, posSettings, profiles, rolePermissionMatrix, userRoles, users } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged, staleUpdateError } from '../../lib/concurrency.js';
import { forbidden, invalid } from '../../lib/errors.js';
import { textArray } from '../access/index.js';
import { recordAudit } from '../audit/index.js';

// Who may use which register, and how large a discount each staff role may give (decision 018). A manager
// (admin or super admin) uses every register and alone changes either; the server checks both on every
// surface a register is used through: its lookup and snapshot, opening, cash moves, closing, sales and returns.

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(r: Rows<T>): T[] => (Array.isArray(r) ? r : r.rows);

/** Refuses a cashier who is not named on a register that names its cashiers. */
export function assertMayUseRegister(caller: Caller, register: { cashierIds: string[] }): void {
  if (register.cashierIds.length === 0 || isPosManager(caller.access.effectiveRole)) return;
  if (!register.cashierIds.includes(caller.userId)) throw forbidden('You are not a cashier of this register: ask a manager to add you');
}

export function assertPosManager(caller: Caller, what: string): void {
  if (!isPosManager(caller.access.effectiveRole)) throw forbidden(`Only an admin or super admin can change ${what}`);
}

async function settingsRow(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(posSettings).where(eq(posSettings.orgId, orgId));
  return row ?? null;
}

const toSettings = (row: { discountLimits: unknown; updatedAt: Date } | null): c.PosSettings => ({
  discountLimits: POS_STAFF_ROLES.flatMap((role) => ((row?.discountLimits ?? []) as c.PosDiscountLimit[]).filter((l) => l.role === role)),
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

export const getSettings = async (db: Db, caller: Caller): Promise<c.PosSettings> => toSettings(await settingsRow(db, caller.orgId));

export async function updateSettings(db: Db, caller: Caller, input: c.PosSettingsUpdate): Promise<c.PosSettings> {
  // Only an admin or super admin reaches this (the route's access: adminOnly).
  return db.transaction(async (tx) => {
    // Two managers' saves queue on the organization's lock; the first save names no version (null).
    await lockKey(tx, `pos_settings:${caller.orgId}`);
    const before = await settingsRow(tx, caller.orgId);
    if (before === null ? input.expectedUpdatedAt !== null : input.expectedUpdatedAt === null) throw staleUpdateError();
    if (before) assertUnchanged(before.updatedAt, input.expectedUpdatedAt!);
    const discountLimits = POS_STAFF_ROLES.flatMap((role) => input.discountLimits.filter((l) => l.role === role));
    const [row] = await tx
      .insert(posSettings)
      .values({ orgId: caller.orgId, discountLimits, updatedAt: new Date() })
      .onConflictDoUpdate({ target: posSettings.orgId, set: { discountLimits, updatedAt: new Date() } })
      .returning();
    const after = toSettings(row!);
    await recordAudit(tx, caller, {
      action: 'update',
      entityType: 'pos_settings',
      entityId: caller.orgId,
      before: toSettings(before),
      after,
    });
    return after;
  });
}

/** The largest discount the caller's role may give, in basis points; null when it has no limit. */
export async function discountLimitOf(db: DbOrTx, caller: Caller): Promise<number | null> {
  const role = caller.access.effectiveRole as PosStaffRole;
  const row = await settingsRow(db, caller.orgId);
  return ((row?.discountLimits ?? []) as c.PosDiscountLimit[]).find((l) => l.role === role)?.maxBasisPoints ?? null;
}

/** Members of the organization whose role (with the permission matrix) gives them the point of sale. */
export async function listCashiers(db: Db, caller: Caller): Promise<c.PosCashier[]> {
  const res = await db.execute(sql`
    select m.user_id as "userId", u.email, coalesce(p.full_name, u.raw_user_meta_data->>'full_name', u.raw_user_meta_data->>'name') as name,
      r.role, coalesce(array_agg(x.permission_key) filter (where x.permission_key is not null), '{}') as dynamic
    from ${organizationMemberships} m
    join ${users} u on u.id = m.user_id and u.deleted_at is null
    left join ${profiles} p on p.user_id = m.user_id
    left join lateral (
      select ur.role from ${userRoles} ur where ur.user_id = m.user_id and ur.org_id = m.org_id order by ur.created_at desc limit 1
    ) r on true
    left join ${rolePermissionMatrix} x on x.org_id = m.org_id and x.role_name = r.role and x.is_enabled
    where m.org_id = ${caller.orgId}
    group by m.user_id, u.email, p.full_name, u.raw_user_meta_data, r.role
    order by lower(coalesce(p.full_name, u.email, '')), m.user_id`);
  type Row = { userId: string; email: string | null; name: string | null; role: string | null; dynamic: string[] | string };
  return rowsOf(res as Rows<Row>).flatMap((r) => {
    const role = effectiveRole(r.role);
    if (!r.role || !permissionsFor(role, textArray(r.dynamic)).includes('vendor_management')) return [];
    return [{ userId: r.userId, name: r.name || null, email: r.email, role }];
  });
}

/** Refuses cashier ids that are not staff of the organization with point-of-sale access. */
export async function assertCashiers(db: DbOrTx, caller: Caller, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const staff = new Set((await listCashiers(db as Db, caller)).map((s) => s.userId));
  for (const [i, id] of ids.entries())
    if (!staff.has(id)) throw invalid(`cashierIds.${i}`, 'is not a member of this organization with point-of-sale access');
}
