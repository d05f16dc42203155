import type { usersRoutes as c } from '@market/contracts';
import { effectiveRole } from '@market/contracts';
import { ASSIGNABLE_ROLES, outranks, rankOf, USERS_PAGE_SIZE, type AssignableRole } from '@market/contracts/plain';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { loadAccess } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { findUserByEmail, inviteInTransaction, makeDeps } from '../auth/index.js';
import { effectivePermissions } from './effective-permissions.js';
import * as repo from './users.repository.js';

// Users of the caller's organization: the rank rule on every change (seed section 6, decision 022).

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const RESEND_INTERVAL_MS = 60_000;

function present(r: repo.UserRow, caller: Caller, callerRole: string | null): c.UserSummary {
  const isSelf = r.id === caller.userId;
  return {
    id: r.id,
    email: r.email,
    fullName: r.fullName,
    role: r.role,
    effectiveRole: effectiveRole(r.role),
    rank: rankOf(r.role),
    status: r.status,
    mfa: r.mfa,
    lastSignInAt: iso(r.lastSignInAt),
    invitedAt: iso(r.invitedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    manageable: !isSelf && outranks(callerRole, r.role),
    isSelf,
  };
}

const rankError = (what: string) =>
  new AppError(403, 'forbidden', what, [{ field: 'role', message: 'outside what your role may manage (rank rule)' }]);

/** A member of the caller's organization, or 404 (another organization's user is not found). */
async function member(tx: Tx | AppContext['db'], caller: Caller, id: string): Promise<repo.UserRow> {
  const row = await repo.findMember(tx, caller.orgId, id);
  if (!row) throw notFound('User');
  return row;
}

/**
 * Serialises user management of the organization (so the last-super-admin check cannot race) and reads the
 * caller's access afresh inside the transaction: the request's cached access may predate a demotion.
 */
async function freshCallerRole(tx: Tx, caller: Caller): Promise<string | null> {
  await lockKey(tx, `users:${caller.orgId}`);
  const access = await loadAccess(tx, caller.userId);
  if (access.organization?.id !== caller.orgId || !access.permissions.includes('users')) {
    throw forbidden('Your role changed: you no longer hold the users permission');
  }
  return access.role;
}

/**
 * The start of every change: serialise user management of the organization (so the last-super-admin check
 * cannot race), read the caller's role afresh (the request's access may predate a demotion), find the target,
 * and apply the rank rule to it.
 */
async function begin(tx: Tx, caller: Caller, id: string, verb: string) {
  const callerRole = await freshCallerRole(tx, caller);
  const target = await member(tx, caller, id);
  if (target.id === caller.userId) throw forbidden(`You cannot ${verb} your own account here`);
  if (!outranks(callerRole, target.role)) {
    throw rankError(`You cannot ${verb} a user whose role (${target.role ?? 'none'}) is not ranked below yours (${callerRole ?? 'none'})`);
  }
  await repo.lockUser(tx, target.id);
  return { callerRole, target };
}

/** The last active super admin of an organization stays one, and stays active. */
async function keepOneSuperAdmin(tx: Tx, caller: Caller, target: repo.UserRow, change: 'demote' | 'deactivate') {
  if (effectiveRole(target.role) !== 'super_admin' || target.status === 'deactivated') return;
  const others = (await repo.activeSuperAdmins(tx, caller.orgId)).filter((id) => id !== target.id);
  if (others.length === 0) {
    throw conflict(`${target.email ?? 'This user'} is the last active super admin of the organization and cannot be ${change}d`, [
      { field: change === 'demote' ? 'role' : 'id', message: 'is the last active super admin' },
    ]);
  }
}

async function reread(tx: Tx, caller: Caller, id: string, callerRole: string | null) {
  return present(await member(tx, caller, id), caller, callerRole);
}

export async function listUsers(ctx: AppContext, caller: Caller, q: c.UserListQuery): Promise<c.UserList> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? USERS_PAGE_SIZE;
  const { rows, total } = await repo.listUsers(ctx.db, caller.orgId, { ...q, offset: (page - 1) * pageSize, limit: pageSize });
  return { items: rows.map((r) => present(r, caller, caller.access.role)), total, page, pageSize };
}

export async function getUser(ctx: AppContext, caller: Caller, id: string): Promise<c.UserDetail> {
  const row = await member(ctx.db, caller, id);
  const summary = present(row, caller, caller.access.role);
  const dynamic = (await repo.matrixRows(ctx.db, caller.orgId)).filter((m) => m.enabled && m.role === row.role).map((m) => m.permission);
  return {
    ...summary,
    permissions: effectivePermissions(row.role, dynamic),
    assignableRoles: summary.manageable ? ASSIGNABLE_ROLES.filter((r) => outranks(caller.access.role, r)) : [],
  };
}

export async function inviteUser(ctx: AppContext, caller: Caller, body: c.InviteUser): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const callerRole = await freshCallerRole(tx, caller);
    if (!outranks(callerRole, body.role)) throw rankError(`You cannot give the role ${body.role}: it is not ranked below yours`);
    const found = await findUserByEmail(tx, body.email);
    if (found) {
      const orgOf = await repo.membershipOf(tx, found.id);
      // Never hand over an account someone already holds: a member anywhere, or an address already proven.
      if (orgOf || found.emailConfirmedAt) {
        throw conflict(
          orgOf === caller.orgId
            ? `${body.email} is already a user of this organization`
            : `${body.email} already has an account; ask for another e-mail address`,
          [{ field: 'email', message: 'already has an account' }],
        );
      }
    }
    const user = await inviteInTransaction(makeDeps(ctx), tx, body.email, body.fullName ? { full_name: body.fullName } : null, {
      redirectTo: `${ctx.config.publicUrl}/auth?mode=invite`,
      ip: caller.ip,
      orgId: caller.orgId,
    });
    await repo.addMember(tx, caller.orgId, user.id, body.role);
    await recordAudit(tx, caller, {
      action: 'user.invite',
      entityType: 'auth.user',
      entityId: user.id,
      after: { email: body.email, role: body.role },
    });
    return reread(tx, caller, user.id, callerRole);
  });
}

export async function changeRole(ctx: AppContext, caller: Caller, id: string, body: c.ChangeRole): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'change the role of');
    assertUnchanged(target.updatedAt, body.expectedUpdatedAt);
    if (!outranks(callerRole, body.role)) throw rankError(`You cannot give the role ${body.role}: it is not ranked below yours`);
    if (rankOf(target.role) === 0 && target.role !== null) {
      throw new AppError(422, 'validation_failed', 'A vendor account keeps its vendor role; manage it from vendor management', [
        { field: 'role', message: 'the user is a vendor account' },
      ]);
    }
    if (effectiveRole(body.role as AssignableRole) !== 'super_admin') await keepOneSuperAdmin(tx, caller, target, 'demote');
    if (target.role !== body.role) {
      await repo.setRole(tx, caller.orgId, target.id, body.role);
      await repo.touchUser(tx, target.id);
      await recordAudit(tx, caller, {
        action: 'user.role_change',
        entityType: 'auth.user',
        entityId: target.id,
        before: { role: target.role },
        after: { role: body.role },
      });
    }
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function deactivate(ctx: AppContext, caller: Caller, id: string): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'deactivate');
    if (target.status === 'deactivated') throw conflict('This user is already deactivated');
    await keepOneSuperAdmin(tx, caller, target, 'deactivate');
    // Banned until further notice (GoTrue's ban), and signed out at once: access tokens fail the session check.
    await repo.touchUser(tx, target.id, { bannedUntil: new Date('2999-12-31T00:00:00.000Z') });
    const sessions = await repo.deleteSessions(tx, target.id);
    await recordAudit(tx, caller, {
      action: 'user.deactivate',
      entityType: 'auth.user',
      entityId: target.id,
      before: { status: target.status },
      after: { status: 'deactivated', sessionsEnded: sessions },
    });
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function reactivate(ctx: AppContext, caller: Caller, id: string): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'reactivate');
    if (target.status !== 'deactivated') throw conflict('This user is not deactivated');
    await repo.touchUser(tx, target.id, { bannedUntil: null });
    await recordAudit(tx, caller, {
      action: 'user.reactivate',
      entityType: 'auth.user',
      entityId: target.id,
      before: { status: 'deactivated' },
    });
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function resendInvitation(ctx: AppContext, caller: Caller, id: string): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'invite again');
    if (target.status !== 'invited' || !target.email) throw conflict('This user has no pending invitation');
    if (target.invitedAt && Date.now() - target.invitedAt.getTime() < RESEND_INTERVAL_MS) {
      throw new AppError(429, 'rate_limited', 'An invitation was sent less than a minute ago; wait a moment before sending another');
    }
    await inviteInTransaction(makeDeps(ctx), tx, target.email, null, {
      redirectTo: `${ctx.config.publicUrl}/auth?mode=invite`,
      ip: caller.ip,
      orgId: caller.orgId,
    });
    await repo.touchUser(tx, target.id);
    await recordAudit(tx, caller, { action: 'user.resend_invitation', entityType: 'auth.user', entityId: target.id });
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function resetMfa(ctx: AppContext, caller: Caller, id: string): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'reset two-step sign-in of');
    const factors = await repo.deleteFactors(tx, target.id);
    await repo.touchUser(tx, target.id);
    await recordAudit(tx, caller, {
      action: 'user.reset_mfa',
      entityType: 'auth.user',
      entityId: target.id,
      after: { factorsRemoved: factors },
    });
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function signOutEverywhere(ctx: AppContext, caller: Caller, id: string): Promise<c.UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { callerRole, target } = await begin(tx, caller, id, 'sign out');
    const sessions = await repo.deleteSessions(tx, target.id);
    await repo.touchUser(tx, target.id);
    await recordAudit(tx, caller, {
      action: 'user.sign_out_everywhere',
      entityType: 'auth.user',
      entityId: target.id,
      after: { sessionsEnded: sessions },
    });
    return reread(tx, caller, target.id, callerRole);
  });
}

export async function auditTrail(ctx: AppContext, caller: Caller, id: string): Promise<c.UserAuditEntry[]> {
  await member(ctx.db, caller, id);
  const rows = await repo.auditTrail(ctx.db, caller.orgId, id);
  return rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null, createdAt: r.createdAt.toISOString() }));
}
