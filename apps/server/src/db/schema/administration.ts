import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './platform.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One organization's settings beyond `organizations` (name and base currency live there). Each group is a
 * JSON document validated by its contract schema; the SMTP password is kept encrypted, never in `email`.
 */
export const organizationSettings = pgTable('organization_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Logo, address, contact, time zone, default language. */
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  /** SMTP host, port, security, user name and sender; templates the organization changed. */
  email: jsonb('email').$type<Record<string, unknown>>().notNull().default({}),
  /** The SMTP password, encrypted with the server's settings key (AES-256-GCM), or null. */
  smtpPasswordCipher: text('smtp_password_cipher'),
  /** Password length, MFA for staff roles, session lifetime, sign-in throttling. */
  security: jsonb('security').$type<Record<string, unknown>>().notNull().default({}),
  /** Retention of the audit log and the outbox, and whether outgoing requests may reach private addresses. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A scope of an API key: a permission key with read or write (write includes read). */
export interface ApiKeyScope {
  permission: string;
  access: 'read' | 'write';
}

/**
 * API keys: `mbo_live_<prefix>_<secret>`; the prefix is stored plainly (to find the key and show it), the whole
 * key only as a SHA-256 hash. A rolled key keeps working until `expires_at`, set to the end of the overlap.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull().default([]),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    /** The key this one replaced when rolled. */
    rolledFromId: uuid('rolled_from_id'),
    revokedAt: ts('revoked_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix), index('api_keys_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * Outgoing webhook endpoints (Standard Webhooks). The `whsec_` secret is needed to sign, so it is stored
 * encrypted (not hashed); after a rotation the previous secret also signs until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secretCipher: text('secret_cipher').notNull(),
    previousSecretCipher: text('previous_secret_cipher'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Since when every delivery has failed (null while healthy); five days of it disables the endpoint. */
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event for one endpoint: the same `webhook-id` (`msg_…`) on every attempt and on replay. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each request made for a delivery: what was sent and what came back. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
