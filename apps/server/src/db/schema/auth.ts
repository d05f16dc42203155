import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** GoTrue-style auth tables live in their own schema so realtime (public schema only) can never expose them. */
export const authSchema = pgSchema('auth');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aud: text('aud').notNull().default('authenticated'),
    role: text('role').notNull().default('authenticated'),
    email: text('email'),
    phone: text('phone'),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: ts('email_confirmed_at'),
    phoneConfirmedAt: ts('phone_confirmed_at'),
    invitedAt: ts('invited_at'),
    confirmationSentAt: ts('confirmation_sent_at'),
    recoverySentAt: ts('recovery_sent_at'),
    emailChange: text('email_change'),
    emailChangeSentAt: ts('email_change_sent_at'),
    reauthenticationSentAt: ts('reauthentication_sent_at'),
    lastSignInAt: ts('last_sign_in_at'),
    rawAppMetaData: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    rawUserMetaData: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    bannedUntil: ts('banned_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), uniqueIndex('users_phone_key').on(t.phone)],
);

export const identities = authSchema.table(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_key').on(t.provider, t.providerId), index('identities_user_idx').on(t.userId)],
);

export const sessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    factorId: uuid('factor_id'),
    amr: jsonb('amr').$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    notAfter: ts('not_after'),
    refreshedAt: ts('refreshed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = authSchema.table(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    parentHash: text('parent_hash'),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const mfaFactors = authSchema.table(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull(),
    status: text('status').notNull().default('unverified'),
    secret: text('secret'),
    phone: text('phone'),
    lastChallengedAt: ts('last_challenged_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId)],
);

export const mfaChallenges = authSchema.table('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  ipAddress: text('ip_address'),
  verifiedAt: ts('verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Confirmation, recovery, magic link / e-mail code, invite, e-mail change and reauthentication tokens (hashed). */
export const oneTimeTokens = authSchema.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenType: text('token_type').notNull(),
    tokenHash: text('token_hash').notNull(),
    relatesTo: text('relates_to').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_hash_idx').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.tokenType)],
);

/** Consecutive sign-in failures per account+address and per address. */
export const signInAttempts = authSchema.table('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * PKCE sign-in in flight: the challenge a client sent with a sign-up, magic link, recovery or provider sign-in,
 * and the one-time code (hashed) handed back on the redirect, exchanged with the verifier for a session.
 */
export const flowState = authSchema.table(
  'flow_state',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    authCodeHash: text('auth_code_hash').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    codeChallengeMethod: text('code_challenge_method').notNull(),
    /** What the code stands for: signup, magiclink, recovery, invite, email_change or a provider name. */
    authenticationMethod: text('authentication_method').notNull(),
    providerType: text('provider_type'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_state_auth_code_key').on(t.authCodeHash), index('flow_state_user_idx').on(t.userId)],
);
