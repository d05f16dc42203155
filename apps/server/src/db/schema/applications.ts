import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { marketCategories, marketDays } from './market.js';
import { organizations } from './platform.js';
import { vendors } from './vendors.js';
import {
  APPLICATION_ACTORS,
  APPLICATION_DOCUMENT_TYPES,
  APPLICATION_EVENT_KINDS,
  APPLICATION_STATUSES,
  APPLICATION_STREAMS,
} from '@market/contracts/plain';
// The value lists are the contract's (one source for the database, the API and the forms).
export { APPLICATION_ACTORS, APPLICATION_DOCUMENT_TYPES, APPLICATION_EVENT_KINDS, APPLICATION_STATUSES, APPLICATION_STREAMS };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** One application of a stream (market vendor, junior vendor, workshop host) from the public forms. */
export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    stream: text('stream', { enum: APPLICATION_STREAMS }).notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('submitted'),
    /** Lower-cased; with the stream it decides the 24-hour duplicate rule. */
    email: text('email').notNull(),
    /** Language the applicant used; their e-mails are written in it. */
    locale: text('locale').notNull().default('en'),
    /** Business name (vendors) or host name (workshops): what the queue shows. */
    applicantName: text('applicant_name').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    /** The validated answers of the form, as submitted (camelCase, per stream). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    stallSize: text('stall_size'),
    power: text('power'),
    decisionReason: text('decision_reason'),
    /** sha256 of the private status link's secret; the secret itself is only in the applicant's e-mail. */
    statusTokenHash: text('status_token_hash').notNull(),
    /** The same secret sealed with the server key (AES-GCM), so later e-mails can repeat the link. */
    statusTokenSealed: text('status_token_sealed').notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('vendor_applications_org_stream_status_idx').on(t.orgId, t.stream, t.status, t.submittedAt),
    index('vendor_applications_org_email_idx').on(t.orgId, t.stream, t.email),
    uniqueIndex('vendor_applications_status_token_key').on(t.statusTokenHash),
  ],
);

export const vendorApplicationCategories = pgTable(
  'vendor_application_categories',
  {
    orgId: orgId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.categoryId] }), index('vendor_application_categories_category_idx').on(t.categoryId)],
);

export const vendorApplicationMarketDays = pgTable(
  'vendor_application_market_days',
  {
    orgId: orgId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    marketDayId: uuid('market_day_id')
      .notNull()
      .references(() => marketDays.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.marketDayId] }), index('vendor_application_market_days_day_idx').on(t.marketDayId)],
);

/**
 * A file an anonymous applicant uploaded to the organization's documents bucket. The random id is
 * the applicant's claim on it; a submission or an answer claims it once.
 */
export const applicationUploads = pgTable(
  'application_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    bucketId: text('bucket_id').notNull(),
    objectPath: text('object_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    ip: text('ip'),
    applicationId: uuid('application_id').references(() => vendorApplications.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_uploads_org_created_idx').on(t.orgId, t.createdAt)],
);

export const vendorApplicationDocuments = pgTable(
  'vendor_application_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    docType: text('doc_type', { enum: APPLICATION_DOCUMENT_TYPES }).notNull(),
    bucketId: text('bucket_id').notNull(),
    objectPath: text('object_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'valid', 'declined'] })
      .notNull()
      .default('pending'),
    statusNote: text('status_note'),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('vendor_application_documents_application_idx').on(t.applicationId)],
);

/** The history of an application: status changes, messages both ways, document reviews. */
export const vendorApplicationEvents = pgTable(
  'vendor_application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: APPLICATION_EVENT_KINDS }).notNull(),
    fromStatus: text('from_status', { enum: APPLICATION_STATUSES }),
    toStatus: text('to_status', { enum: APPLICATION_STATUSES }),
    actorType: text('actor_type', { enum: APPLICATION_ACTORS }).notNull(),
    actorId: uuid('actor_id'),
    message: text('message'),
    /** Whether the applicant sees this entry on the status page. */
    visibleToApplicant: boolean('visible_to_applicant').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vendor_application_events_application_idx').on(t.applicationId, t.createdAt)],
);

export const vendorApplicationScores = pgTable(
  'vendor_application_scores',
  {
    orgId: orgId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').notNull(),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.reviewerId] }),
    check('vendor_application_scores_range', sql`${t.score} between 1 and 5`),
  ],
);

/** An organization's wording of an applicant e-mail in one language; absent rows use the built-in text. */
export const applicationEmailTemplates = pgTable(
  'application_email_templates',
  {
    orgId: orgId(),
    templateKey: text('template_key').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.templateKey, t.locale] })],
);

export const applicationSettings = pgTable('application_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Reviewers see others' scores only after giving their own. */
  blindReview: boolean('blind_review').notNull().default(false),
  /** Workshops a market day can host. */
  workshopsPerMarketDay: integer('workshops_per_market_day').notNull().default(2),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Submissions per client address, for the public forms' flood limit (pruned as it goes). */
export const publicFormHits = pgTable(
  'public_form_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('public_form_hits_key_created_idx').on(t.key, t.createdAt)],
);

export const WORKSHOP_STATUSES = ['scheduled', 'cancelled'] as const;

/** A workshop from an approved host application, placed on a market day. */
export const workshops = pgTable(
  'workshops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    applicationId: uuid('application_id').references(() => vendorApplications.id, { onDelete: 'set null' }),
    marketDayId: uuid('market_day_id').references(() => marketDays.id, { onDelete: 'set null' }),
    status: text('status', { enum: WORKSHOP_STATUSES }).notNull().default('scheduled'),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    hostName: text('host_name').notNull(),
    hostEmail: text('host_email').notNull(),
    hostPhone: text('host_phone'),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    ageMin: integer('age_min').notNull(),
    ageMax: integer('age_max').notNull(),
    materialsFeeMinor: integer('materials_fee_minor').notNull().default(0),
    spaceNeeds: text('space_needs'),
    equipmentNeeds: text('equipment_needs'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('workshops_org_day_idx').on(t.orgId, t.marketDayId), uniqueIndex('workshops_application_key').on(t.applicationId)],
);
