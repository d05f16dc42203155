import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { isUuid } from '../../lib/jwt.js';
import { notFoundAuth, unprocessable, userNotFound, validationFailed } from './auth.errors.js';
import { normalizeEmail, normalizePhone, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { deleteFactor } from './auth.mfa.repository.js';
import { acceptNewPassword } from './auth.password.js';
import {
  deleteIdentities,
  findFactors,
  findFactorsOf,
  findIdentitiesOf,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertIdentity,
  listUserRows,
  lockUserById,
  updateIdentityData,
  type UserPatch,
} from './auth.repository.js';
import { adminUserBody, checkMetadataSize, deleteUserBody, listUsersQuery, parse } from './auth.schemas.js';
import { deleteUserSessions } from './auth.sessions.repository.js';
import { loadUser, presentFactor, presentUser, type GoTrueUser } from './auth.user-shape.js';
import { createUserAudited, deleteUserAudited, mergeMetadata, updateUserAudited } from './auth.user-writes.js';

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** GoTrue's ban_duration: a Go duration such as "24h" or "1h30m", or "none" to lift the ban. */
export function parseBanDuration(value: string): number | 'none' {
  if (value === 'none') return 'none';
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value))
    throw validationFailed('ban_duration: invalid format, use a duration such as 24h or 1h30m, or none');
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT_MS[m[2]!]!;
  if (!Number.isFinite(total) || total > 100 * 365 * 24 * 3_600_000) throw validationFailed('ban_duration: at most 100 years');
  return total;
}

const emailTaken = () => unprocessable('email_exists', 'A user with this email address has already been registered');
const phoneTaken = () => unprocessable('phone_exists', 'A user with this phone number has already been registered');
const audit = (action: string, meta: RequestMeta) => ({ action, actorId: null, ip: meta.ip });

function userId(id: string): string {
  if (!isUuid(id)) throw userNotFound();
  return id;
}

type AdminInput = z.infer<typeof adminUserBody>;

/** Validation and hashing that do not need the database, done before any transaction starts. */
async function prepare(input: AdminInput) {
  const email = input.email ? normalizeEmail(input.email) : undefined;
  const phone = input.phone ? normalizePhone(input.phone) : undefined;
  let hash: string | undefined;
  if (input.password) hash = await acceptNewPassword(input.password);
  else if (input.password_hash) {
    if (!input.password_hash.startsWith('$argon2')) throw validationFailed('password_hash: only argon2 hashes are supported');
    hash = input.password_hash;
  }
  const ban = input.ban_duration ? parseBanDuration(input.ban_duration) : undefined;
  return { email, phone, hash, ban };
}

export async function listUsers(deps: AuthDeps, query: unknown) {
  const q = parse(listUsersQuery, query);
  const page = q.page ? Number(q.page) : 1;
  const perPage = q.per_page ? Number(q.per_page) : 50;
  if (!Number.isInteger(page) || page < 1) throw validationFailed('page must be a positive integer');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000) throw validationFailed('per_page must be an integer from 1 to 1000');
  const { rows, total } = await listUserRows(deps.ctx.db, { offset: (page - 1) * perPage, limit: perPage, filter: q.filter || undefined });
  const ids = rows.map((r) => r.id);
  const [identities, factors] = [await findIdentitiesOf(deps.ctx.db, ids), await findFactorsOf(deps.ctx.db, ids)];
  const users = rows.map((u) =>
    presentUser(
      u,
      identities.filter((i) => i.userId === u.id),
      factors.filter((f) => f.userId === u.id),
    ),
  );
  return { users, total, page, perPage };
}

export async function getUser(deps: AuthDeps, id: string): Promise<GoTrueUser> {
  const user = await findUserById(deps.ctx.db, userId(id));
  if (!user) throw userNotFound();
  return loadUser(deps.ctx.db, user);
}

export async function createUser(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<GoTrueUser> {
  const input = parse(adminUserBody, body);
  if (input.id && !isUuid(input.id)) throw validationFailed('id must be a UUID');
  const { email, phone, hash, ban } = await prepare(input);
  if (!email && !phone) throw validationFailed('Unable to create a user without an email address or phone number');
  const now = new Date(deps.tuning.now());
  try {
    return await deps.ctx.db.transaction(async (tx) => {
      if (email && (await findUserByEmail(tx, email))) throw emailTaken();
      if (phone && (await findUserByPhone(tx, phone))) throw phoneTaken();
      const user = await createUserAudited(
        tx,
        {
          ...(input.id ? { id: input.id } : {}),
          email: email ?? null,
          phone: phone ?? null,
          encryptedPassword: hash ?? null,
          emailConfirmedAt: email && input.email_confirm ? now : null,
          phoneConfirmedAt: phone && input.phone_confirm ? now : null,
          rawUserMetaData: input.user_metadata ?? {},
          rawAppMetaData: input.app_metadata ?? {},
          role: input.role ?? 'authenticated',
          bannedUntil: typeof ban === 'number' ? new Date(now.getTime() + ban) : null,
          createdAt: now,
          updatedAt: now,
        },
        audit('auth.admin.create_user', meta),
      );
      return loadUser(tx, user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('email_exists', 'A user with this email address, phone number or id already exists');
    throw err;
  }
}

/** Puts the new address in the user's identity of that provider, creating the identity when the user had none. */
async function setIdentityAddress(
  tx: DbOrTx,
  uid: string,
  provider: 'email' | 'phone',
  address: { email: string } | { phone: string },
  now: Date,
): Promise<void> {
  await insertIdentity(tx, {
    userId: uid,
    provider,
    providerId: uid,
    identityData: { sub: uid, ...address },
    createdAt: now,
    updatedAt: now,
  });
  await updateIdentityData(tx, uid, provider, address, now);
}

export async function updateUser(deps: AuthDeps, id: string, body: unknown, meta: RequestMeta): Promise<GoTrueUser> {
  const uid = userId(id);
  const input = parse(adminUserBody, body);
  const { email, phone, hash, ban } = await prepare(input);
  try {
    return await deps.ctx.db.transaction(async (tx) => {
      const user = await lockUserById(tx, uid);
      if (!user) throw userNotFound();
      const now = new Date(deps.tuning.now());
      const patch: UserPatch = {};
      if (email && email !== user.email?.toLowerCase()) {
        const holder = await findUserByEmail(tx, email);
        if (holder && holder.id !== uid) throw emailTaken();
        Object.assign(patch, { email, emailChange: null, emailChangeSentAt: null });
        await setIdentityAddress(tx, uid, 'email', { email }, now);
      }
      if (phone && phone !== user.phone) {
        const holder = await findUserByPhone(tx, phone);
        if (holder && holder.id !== uid) throw phoneTaken();
        patch.phone = phone;
        await setIdentityAddress(tx, uid, 'phone', { phone }, now);
      }
      if (input.email_confirm != null) {
        patch.emailConfirmedAt = input.email_confirm ? (user.emailConfirmedAt ?? now) : null;
        await updateIdentityData(tx, uid, 'email', { email_verified: input.email_confirm }, now);
      }
      if (input.phone_confirm != null) patch.phoneConfirmedAt = input.phone_confirm ? (user.phoneConfirmedAt ?? now) : null;
      if (hash) patch.encryptedPassword = hash;
      if (input.user_metadata) {
        patch.rawUserMetaData = mergeMetadata(user.rawUserMetaData, input.user_metadata);
        checkMetadataSize('user_metadata', patch.rawUserMetaData);
      }
      if (input.app_metadata) {
        patch.rawAppMetaData = mergeMetadata(user.rawAppMetaData, input.app_metadata);
        checkMetadataSize('app_metadata', patch.rawAppMetaData);
      }
      if (input.role) patch.role = input.role;
      if (ban !== undefined) patch.bannedUntil = ban === 'none' ? null : new Date(now.getTime() + ban);
      const updated = await updateUserAudited(tx, user, patch, audit('auth.admin.update_user', meta), now);
      return loadUser(tx, updated);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Hard delete by default; soft delete keeps the row but frees the addresses and ends every session. */
export async function deleteUser(deps: AuthDeps, id: string, body: unknown, meta: RequestMeta): Promise<Record<string, never>> {
  const uid = userId(id);
  const input = parse(deleteUserBody, body);
  await deps.ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, uid);
    if (!user) throw userNotFound();
    if (!input?.should_soft_delete) return deleteUserAudited(tx, user, audit('auth.admin.delete_user', meta));
    const now = new Date(deps.tuning.now());
    await deleteUserSessions(tx, uid);
    await deleteIdentities(tx, uid);
    await updateUserAudited(
      tx,
      user,
      { deletedAt: now, email: null, phone: null, emailChange: null, encryptedPassword: null, rawUserMetaData: {} },
      audit('auth.admin.soft_delete_user', meta),
      now,
    );
  });
  return {};
}

export async function listFactors(deps: AuthDeps, id: string) {
  const user = await findUserById(deps.ctx.db, userId(id));
  if (!user) throw userNotFound();
  return (await findFactors(deps.ctx.db, user.id)).map(presentFactor);
}

export async function deleteUserFactor(deps: AuthDeps, id: string, factorId: string, meta: RequestMeta): Promise<{ id: string }> {
  const uid = userId(id);
  const factors = await findFactors(deps.ctx.db, uid);
  const factor = factors.find((f) => f.id === factorId);
  if (!factor) throw notFoundAuth('mfa_factor_not_found', 'Factor not found');
  await deps.ctx.db.transaction(async (tx) => {
    await deleteFactor(tx, factor.id);
    await recordAudit(
      tx,
      { userId: null, orgId: null, ip: meta.ip },
      {
        action: 'auth.admin.delete_factor',
        entityType: 'auth.mfa_factor',
        entityId: factor.id,
        before: { user_id: uid, status: factor.status, friendly_name: factor.friendlyName },
      },
    );
  });
  return { id: factor.id };
}
