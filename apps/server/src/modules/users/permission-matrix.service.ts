import type { usersRoutes as c } from '@market/contracts';
import { effectiveRole, STATIC_PERMISSIONS } from '@market/contracts';
import { MATRIX_NAMES_SHOWN, MATRIX_PERMISSIONS, MATRIX_ROLES, matrixCellKind, rankOf } from '@market/contracts/plain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './users.repository.js';

// The permission matrix of one organization (decision 022): static grants fixed, matrix grants per organization.

type Rows = Awaited<ReturnType<typeof repo.matrixRows>>;
const cellKey = (role: string, permission: string) => `${role}/${permission}`;

/** The matrix's version: the newest row's stamp (rows are never deleted, only switched off), `none` before the first. */
function versionOf(rows: Rows): string {
  const newest = rows.reduce((max, r) => Math.max(max, r.updatedAt.getTime()), 0);
  return newest ? new Date(newest).toISOString() : 'none';
}

const staleMatrix = () =>
  conflict('The permission matrix was changed by someone else since you opened it; reload it to see their changes', [
    { field: 'expectedVersion', message: 'changed by someone else since you opened it' },
  ]);

async function present(db: DbOrTx, orgId: string, rows: Rows): Promise<c.Matrix> {
  const enabled = new Set(rows.filter((r) => r.enabled).map((r) => cellKey(r.role, r.permission)));
  const counts = await repo.roleCounts(db, orgId);
  return {
    roles: MATRIX_ROLES.map((role) => ({ role, effectiveRole: effectiveRole(role), rank: rankOf(role), users: counts.get(role) ?? 0 })),
    permissions: [...MATRIX_PERMISSIONS],
    cells: MATRIX_ROLES.flatMap((role) =>
      MATRIX_PERMISSIONS.map((permission) => {
        const kind = matrixCellKind(role, permission);
        return { role, permission, kind, enabled: kind === 'static' || enabled.has(cellKey(role, permission)) };
      }),
    ),
    version: versionOf(rows),
  };
}

/**
 * The cells that would change, after refusing what the matrix may never hold: a static grant cannot be switched
 * (it is not the matrix's), and `users`, vendor permissions for staff roles and staff permissions for vendor roles
 * cannot be granted (switching such a stray row off is allowed: it only narrows).
 */
function diff(rows: Rows, body: c.MatrixChanges) {
  const current = new Map(rows.map((r) => [cellKey(r.role, r.permission), r.enabled]));
  const refusals = body.changes.flatMap((ch, i) => {
    const kind = matrixCellKind(ch.role, ch.permission);
    const cell = `${ch.role} × ${ch.permission}`;
    if (kind === 'static')
      return [{ field: `changes.${i}`, message: `${cell} is a fixed grant of ${effectiveRole(ch.role)}'s static set and cannot change` }];
    if (kind === 'refused' && ch.enabled) {
      const why =
        ch.permission === 'users'
          ? 'users is never granted by the matrix: only super_admin reaches Users'
          : STATIC_PERMISSIONS.market_vendor.includes(ch.permission)
            ? 'vendor permissions are never granted to staff roles'
            : 'staff permissions are never granted to vendor roles';
      return [{ field: `changes.${i}`, message: `${cell} cannot be granted: ${why}` }];
    }
    return [];
  });
  if (refusals.length) throw new AppError(422, 'validation_failed', refusals.map((r) => r.message).join('; '), refusals);
  return body.changes
    .map((ch) => ({
      role: ch.role,
      permission: ch.permission,
      from: current.get(cellKey(ch.role, ch.permission)) ?? false,
      to: ch.enabled,
    }))
    .filter((d) => d.from !== d.to);
}

export async function getMatrix(ctx: AppContext, caller: Caller): Promise<c.Matrix> {
  return present(ctx.db, caller.orgId, await repo.matrixRows(ctx.db, caller.orgId));
}

export async function previewMatrix(ctx: AppContext, caller: Caller, body: c.MatrixChanges): Promise<c.MatrixPreview> {
  const rows = await repo.matrixRows(ctx.db, caller.orgId);
  const changes = diff(rows, body);
  const version = versionOf(rows);
  if (body.expectedVersion !== version) throw staleMatrix();
  const roles = [...new Set(changes.map((ch) => ch.role))];
  const members = await repo.membersByRole(ctx.db, caller.orgId, roles);
  return {
    changes,
    affected: roles.map((role) => {
      const names = members.filter((m) => m.role === role).map((m) => m.name);
      return { role, count: names.length, names: names.slice(0, MATRIX_NAMES_SHOWN) };
    }),
    version,
  };
}

export async function saveMatrix(ctx: AppContext, caller: Caller, body: c.MatrixChanges): Promise<c.Matrix> {
  return ctx.db.transaction(async (tx) => {
    await lockKey(tx, `permission-matrix:${caller.orgId}`);
    const rows = await repo.matrixRows(tx, caller.orgId);
    const changes = diff(rows, body);
    if (body.expectedVersion !== versionOf(rows)) throw staleMatrix();
    if (changes.length) {
      // Strictly after the newest stamp, so the version moves on every save that changes something.
      const newest = rows.reduce((max, r) => Math.max(max, r.updatedAt.getTime()), 0);
      const at = new Date(Math.max(Date.now(), newest + 1));
      for (const ch of changes) await repo.upsertMatrixCell(tx, caller.orgId, ch.role, ch.permission, ch.to, at);
      await recordAudit(tx, caller, {
        action: 'permission_matrix.update',
        entityType: 'role_permission_matrix',
        entityId: caller.orgId,
        before: changes.map((ch) => ({ role: ch.role, permission: ch.permission, enabled: ch.from })),
        after: changes.map((ch) => ({ role: ch.role, permission: ch.permission, enabled: ch.to })),
      });
    }
    return present(tx, caller.orgId, await repo.matrixRows(tx, caller.orgId));
  });
}
