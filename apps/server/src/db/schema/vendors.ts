import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES, marketCategories } from './market.js';
import { organizations } from './platform.js';
import { VENDOR_STATUSES, VENDOR_TYPES } from '@market/contracts/plain';
// The value lists are the contract's (one source for the database, the API and the forms).
export { VENDOR_STATUSES, VENDOR_TYPES };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const DOCUMENT_STATUSES = ['pending', 'valid', 'declined', 'expired'] as const;

export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorType: text('vendor_type', { enum: VENDOR_TYPES }).notNull(),
    publicName: text('public_name').notNull(),
    legalName: text('legal_name'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    logoPath: text('logo_path'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    website: text('website'),
    social: jsonb('social').$type<Record<string, string>>().notNull().default({}),
    registrationNumbers: jsonb('registration_numbers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('active'),
    statusReason: text('status_reason'),
    // Junior vendors
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    guardianName: text('guardian_name'),
    guardianPhone: text('guardian_phone'),
    guardianEmail: text('guardian_email'),
    guardianConsentAt: ts('guardian_consent_at'),
    school: text('school'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('vendors_org_type_idx').on(t.orgId, t.vendorType),
    uniqueIndex('vendors_org_email_type_key').on(t.orgId, t.vendorType, sql`lower(${t.email})`),
  ],
);

export const vendorCategories = pgTable(
  'vendor_categories',
  {
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.categoryId] }), index('vendor_categories_category_idx').on(t.categoryId)],
);

/** User accounts acting for a vendor (the vendor portal); a user acts for at most one vendor. */
export const vendorUsers = pgTable(
  'vendor_users',
  {
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.userId] }), uniqueIndex('vendor_users_user_key').on(t.userId)],
);

export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    docType: text('doc_type', { enum: DOCUMENT_TYPES }).notNull(),
    bucketId: text('bucket_id').notNull(),
    objectPath: text('object_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('pending'),
    statusNote: text('status_note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('vendor_documents_vendor_idx').on(t.vendorId), index('vendor_documents_org_expiry_idx').on(t.orgId, t.expiresOn)],
);
