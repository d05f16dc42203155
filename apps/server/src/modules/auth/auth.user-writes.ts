import type { Tx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import {
  deleteUserRow,
  insertIdentity,
  insertUser,
  updateUserRow,
  type UserInsert,
  type UserPatch,
  type UserRecord,
} from './auth.repository.js';
import { auditView } from './auth.user-shape.js';

/** Who changed a user and from where; every write to auth.users is audited in its own transaction. */
export interface AuditMeta {
  action: string;
  actorId: string | null;
  ip: string | null;
  /** A sign-up: the new user is their own actor. */
  selfActor?: boolean;
}

const ENTITY = 'auth.user';

/** Creates a user with an identity per address (e-mail, phone), as GoTrue does. */
export async function createUserAudited(tx: Tx, values: UserInsert, audit: AuditMeta): Promise<UserRecord> {
  const providers = [values.email ? 'email' : null, values.phone ? 'phone' : null].filter((p): p is string => p !== null);
  const user = await insertUser(tx, {
    ...values,
    rawAppMetaData: { provider: providers[0] ?? 'email', providers, ...(values.rawAppMetaData ?? {}) },
  });
  for (const provider of providers) {
    await insertIdentity(tx, {
      userId: user.id,
      provider,
      providerId: user.id,
      identityData: {
        sub: user.id,
        ...(provider === 'email' ? { email: user.email } : { phone: user.phone }),
        email_verified: Boolean(user.emailConfirmedAt),
        phone_verified: Boolean(user.phoneConfirmedAt),
      },
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    });
  }
  await recordAudit(
    tx,
    { userId: audit.selfActor ? user.id : audit.actorId, orgId: null, ip: audit.ip },
    { action: audit.action, entityType: ENTITY, entityId: user.id, after: auditView(user) },
  );
  return user;
}

/** `before` must be the row as locked in this transaction (lockUserById). */
export async function updateUserAudited(
  tx: Tx,
  before: UserRecord,
  patch: UserPatch,
  audit: AuditMeta,
  now = new Date(),
): Promise<UserRecord> {
  const after = await updateUserRow(tx, before.id, { ...patch, updatedAt: now });
  await recordAudit(
    tx,
    { userId: audit.actorId, orgId: null, ip: audit.ip },
    { action: audit.action, entityType: ENTITY, entityId: before.id, before: auditView(before), after: auditView(after) },
  );
  return after;
}

export async function deleteUserAudited(tx: Tx, before: UserRecord, audit: AuditMeta): Promise<void> {
  await deleteUserRow(tx, before.id);
  await recordAudit(
    tx,
    { userId: audit.actorId, orgId: null, ip: audit.ip },
    { action: audit.action, entityType: ENTITY, entityId: before.id, before: auditView(before) },
  );
}

/** Merges metadata the way GoTrue does: top-level keys are replaced, a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
