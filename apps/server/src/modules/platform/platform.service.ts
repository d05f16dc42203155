import type { z } from 'zod';
import type { meSchema, profileSchema, profileUpdateSchema } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { recordAudit } from '../audit/index.js';
import { findProfile, mergeUserMetadata, upsertProfile, type ProfileRow } from './platform.repository.js';

type Profile = z.infer<typeof profileSchema>;

export function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getMe(db: Db, caller: Caller): Promise<z.infer<typeof meSchema>> {
  const profile = await findProfile(db, caller.userId);
  return {
    user: {
      id: caller.user.id,
      email: caller.user.email,
      phone: caller.user.phone,
      createdAt: caller.user.createdAt.toISOString(),
    },
    profile: profile ? toProfile(profile) : null,
    organization: caller.access.organization,
    role: caller.access.role,
    effectiveRole: caller.access.effectiveRole,
    permissions: caller.access.permissions,
  };
}

export async function getProfile(db: Db, caller: Caller): Promise<Profile | null> {
  const row = await findProfile(db, caller.userId);
  return row ? toProfile(row) : null;
}

/** Upserts the profile and mirrors name and avatar into the auth metadata, audited, in one transaction. */
export async function saveProfile(db: Db, caller: Caller, input: z.infer<typeof profileUpdateSchema>): Promise<Profile> {
  return db.transaction(async (tx) => {
    const before = await findProfile(tx, caller.userId);
    const values = {
      fullName: input.fullName === undefined ? (before?.fullName ?? null) : input.fullName || null,
      email: input.email === undefined ? (before?.email ?? caller.user.email) : input.email || null,
      avatarUrl: input.avatarUrl === undefined ? (before?.avatarUrl ?? null) : input.avatarUrl || null,
    };
    const row = await upsertProfile(tx, caller.userId, values);
    await mergeUserMetadata(tx, caller.userId, { full_name: values.fullName, avatar_url: values.avatarUrl });
    await recordAudit(
      tx,
      { userId: caller.userId, orgId: caller.access.organization?.id ?? null, ip: caller.ip },
      { action: before ? 'update' : 'create', entityType: 'profile', entityId: row.id, before, after: row },
    );
    return toProfile(row);
  });
}
