import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { findFactors, findIdentities, type FactorRecord, type IdentityRecord, type UserRecord } from './auth.repository.js';

/** GoTrue's user JSON; like GoTrue, timestamps that are not set are left out rather than null. */
export interface GoTrueUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  email_confirmed_at?: string;
  phone_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  invited_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: GoTrueIdentity[];
  factors?: GoTrueFactor[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
  /**
   * Not GoTrue's: false when the account has no password (invited, or just confirmed and its
   * unproven password dropped, decision 008), so the SPA asks its owner to choose one.
   */
  has_password: boolean;
}

export interface GoTrueIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

export interface GoTrueFactor {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function presentIdentity(i: IdentityRecord): GoTrueIdentity {
  const email = typeof i.identityData.email === 'string' ? i.identityData.email : undefined;
  return compact({
    identity_id: i.id,
    id: i.providerId,
    user_id: i.userId,
    identity_data: i.identityData,
    provider: i.provider,
    last_sign_in_at: iso(i.lastSignInAt),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    email,
  });
}

export function presentFactor(f: FactorRecord): GoTrueFactor {
  return compact({
    id: f.id,
    friendly_name: f.friendlyName ?? undefined,
    factor_type: f.factorType,
    status: f.status,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
    last_challenged_at: iso(f.lastChallengedAt),
  });
}

export function presentUser(u: UserRecord, identities: IdentityRecord[], factors: FactorRecord[]): GoTrueUser {
  const banned = u.bannedUntil && u.bannedUntil.getTime() > Date.now() ? u.bannedUntil : null;
  return compact({
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.emailConfirmedAt),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phoneConfirmedAt),
    confirmation_sent_at: iso(u.confirmationSentAt),
    confirmed_at: iso(u.emailConfirmedAt ?? u.phoneConfirmedAt),
    recovery_sent_at: iso(u.recoverySentAt),
    new_email: u.emailChange ?? undefined,
    email_change_sent_at: iso(u.emailChangeSentAt),
    invited_at: iso(u.invitedAt),
    last_sign_in_at: iso(u.lastSignInAt),
    app_metadata: u.rawAppMetaData,
    user_metadata: u.rawUserMetaData,
    identities: identities.map(presentIdentity),
    factors: factors.length > 0 ? factors.map(presentFactor) : undefined,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    banned_until: iso(banned),
    is_anonymous: u.isAnonymous,
    has_password: Boolean(u.encryptedPassword),
  });
}

export async function loadUser(db: DbOrTx, u: UserRecord): Promise<GoTrueUser> {
  const [ids, factors] = [await findIdentities(db, u.id), await findFactors(db, u.id)];
  return presentUser(u, ids, factors);
}

/**
 * The answer to every e-mail sign-up: the new unconfirmed user as it is (or would be) created with
 * this id, whether the address was new, unconfirmed or confirmed, so the answer does not reveal which.
 */
export function pendingUser(opts: { id: string; email: string; data: Record<string, unknown>; now: Date }): GoTrueUser {
  const now = opts.now.toISOString();
  return {
    id: opts.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: opts.email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: opts.data,
    identities: [
      {
        identity_id: randomUUID(),
        id: opts.id,
        user_id: opts.id,
        identity_data: { sub: opts.id, email: opts.email, email_verified: false, phone_verified: false },
        provider: 'email',
        created_at: now,
        updated_at: now,
        email: opts.email,
      },
    ],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
    has_password: true,
  };
}

/** The audit trail's view of a user: no password hash, nothing secret. */
export function auditView(u: UserRecord | null): Record<string, unknown> | null {
  if (!u) return null;
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    role: u.role,
    email_confirmed_at: iso(u.emailConfirmedAt) ?? null,
    phone_confirmed_at: iso(u.phoneConfirmedAt) ?? null,
    email_change: u.emailChange,
    invited_at: iso(u.invitedAt) ?? null,
    last_sign_in_at: iso(u.lastSignInAt) ?? null,
    banned_until: iso(u.bannedUntil) ?? null,
    deleted_at: iso(u.deletedAt) ?? null,
    has_password: Boolean(u.encryptedPassword),
    app_metadata: u.rawAppMetaData,
    user_metadata: u.rawUserMetaData,
  };
}
