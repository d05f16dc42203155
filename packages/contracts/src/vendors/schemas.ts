import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import {
  PHONE_PATTERN,
  VENDOR_DOCUMENT_REVIEW_STATUSES,
  VENDOR_DOCUMENT_STATUSES,
  VENDOR_DOCUMENT_TYPES,
  VENDOR_STATUSES,
  VENDOR_TYPES,
} from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const optionalText = (max: number) => text(max).nullable().optional();
const isoDate = z.iso.date('must be a date such as 2026-05-31');

/** Loose international phone check: optional +, 7 to 15 digits, single spaces, dashes, dots or brackets between them. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'at most 30 characters')
  .regex(PHONE_PATTERN, 'must be a phone number such as +971 50 123 4567');
const email = z.email('must be an e-mail address').max(320, 'at most 320 characters');
const website = z
  .url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' })
  .max(2000, 'at most 2000 characters');

export const vendorSocialSchema = z
  .object({
    instagram: text(300).optional(),
    facebook: text(300).optional(),
    tiktok: text(300).optional(),
    x: text(300).optional(),
  })
  .strict();
export const vendorRegistrationSchema = z
  .object({
    commercialRegistration: text(100).optional(),
    taxNumber: text(100).optional(),
    licenceNumber: text(100).optional(),
  })
  .strict();

const vendorFields = {
  publicName: z.string().trim().min(1, 'is required').max(200, 'at most 200 characters'),
  legalName: optionalText(200),
  contactName: optionalText(200),
  email: email.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  address: optionalText(500),
  descriptionEn: optionalText(5000),
  descriptionAr: optionalText(5000),
  website: website.nullable().optional(),
  social: vendorSocialSchema.optional(),
  registrationNumbers: vendorRegistrationSchema.optional(),
  // Junior vendors only: required for them, refused for the others (checked by the server).
  dateOfBirth: isoDate.nullable().optional(),
  guardianName: optionalText(200),
  guardianPhone: phoneSchema.nullable().optional(),
  guardianEmail: email.nullable().optional(),
  guardianConsentAt: z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-05-31T10:00:00Z' }).nullable().optional(),
  school: optionalText(200),
};

export const vendorCreateSchema = z
  .object({ vendorType: z.enum(VENDOR_TYPES, 'must be market, junior or normal'), ...vendorFields })
  .strict();
export type VendorCreate = z.infer<typeof vendorCreateSchema>;

/** The type of a vendor is fixed once created. */
export const vendorUpdateSchema = z.object(vendorFields).partial().extend(concurrencyShape).strict();
export type VendorUpdate = z.infer<typeof vendorUpdateSchema>;

export const vendorStatusChangeSchema = z
  .object({
    status: z.enum(VENDOR_STATUSES, 'must be active, suspended or blocklisted'),
    reason: text(1000).nullable().optional(),
  })
  .strict();

export const vendorCategoriesSchema = z
  .object({ categoryIds: z.array(z.uuid('must be a category id')).max(50, 'at most 50 categories'), ...concurrencyShape })
  .strict();

export const vendorUserLinkSchema = z.object({ email }).strict();

export const vendorDocumentCreateSchema = z
  .object({
    docType: z.enum(VENDOR_DOCUMENT_TYPES, 'must be insurance, permit, licence, id or food_hygiene'),
    bucketId: z.string().trim().min(1, 'is required').max(100, 'at most 100 characters'),
    objectPath: z.string().min(1, 'is required').max(1024, 'at most 1024 characters'),
    fileName: z.string().trim().min(1, 'is required').max(255, 'at most 255 characters'),
    issuedOn: isoDate.nullable().optional(),
    expiresOn: isoDate.nullable().optional(),
  })
  .strict();

export const vendorDocumentUpdateSchema = z
  .object({
    docType: z.enum(VENDOR_DOCUMENT_TYPES, 'must be insurance, permit, licence, id or food_hygiene').optional(),
    status: z.enum(VENDOR_DOCUMENT_REVIEW_STATUSES, 'must be pending, valid or declined').optional(),
    statusNote: text(1000).nullable().optional(),
    issuedOn: isoDate.nullable().optional(),
    expiresOn: isoDate.nullable().optional(),
    ...concurrencyShape,
  })
  .strict();

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

export const vendorListQuery = z
  .object({
    vendorType: z.enum(VENDOR_TYPES, 'must be market, junior or normal').optional(),
    status: z.enum(VENDOR_STATUSES, 'must be active, suspended or blocklisted').optional(),
    categoryId: z.uuid('must be a category id').optional(),
    /** Part of the public, legal or contact name or of the e-mail address. */
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    /** Vendors holding a (not declined) document that expires within this many days or has already expired. */
    expiringWithinDays: z
      .string()
      .regex(/^\d{1,3}$/, 'must be a whole number from 0 to 365')
      .transform(Number)
      .pipe(z.number().int().min(0).max(365, 'must be at most 365')),
    sort: z.enum(['name', 'newest'], 'must be name or newest').optional(),
    page: pageNumber(10000),
    pageSize: pageNumber(100),
  })
  .partial()
  .strict();
export type VendorListQuery = z.infer<typeof vendorListQuery>;

export const vendorCategorySchema = z.object({
  id: uuid,
  nameEn: z.string(),
  nameAr: z.string(),
  colour: z.string(),
  isActive: z.boolean(),
});

export const vendorDocumentSchema = z.object({
  id: uuid,
  vendorId: uuid,
  docType: z.enum(VENDOR_DOCUMENT_TYPES),
  bucketId: z.string(),
  objectPath: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** `expired` once expiresOn is before today (unless declined); otherwise the review status. */
  status: z.enum(VENDOR_DOCUMENT_STATUSES),
  reviewStatus: z.enum(VENDOR_DOCUMENT_REVIEW_STATUSES),
  statusNote: z.string().nullable(),
  /** Not expired yet, but expires within EXPIRY_WARNING_DAYS days. */
  expiresSoon: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorDocument = z.infer<typeof vendorDocumentSchema>;

export const vendorUserSchema = z.object({
  userId: uuid,
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  linkedAt: z.string(),
});
export type VendorUser = z.infer<typeof vendorUserSchema>;

export const vendorDocumentSummarySchema = z.object({ total: z.number().int(), expiringSoon: z.number().int(), expired: z.number().int() });

const vendorBase = {
  id: uuid,
  vendorType: z.enum(VENDOR_TYPES),
  publicName: z.string(),
  legalName: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
  statusReason: z.string().nullable(),
  categories: z.array(vendorCategorySchema),
  documentSummary: vendorDocumentSummarySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const vendorListItemSchema = z.object({
  ...vendorBase,
  users: z.array(z.object({ userId: uuid, email: z.string().nullable() })),
});
export type VendorListItem = z.infer<typeof vendorListItemSchema>;

export const vendorPageSchema = z.object({
  items: z.array(vendorListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VendorPage = z.infer<typeof vendorPageSchema>;

export const vendorSchema = z.object({
  ...vendorBase,
  address: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  website: z.string().nullable(),
  social: z.record(z.string(), z.string()),
  registrationNumbers: z.record(z.string(), z.string()),
  dateOfBirth: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  guardianEmail: z.string().nullable(),
  guardianConsentAt: z.string().nullable(),
  school: z.string().nullable(),
  documents: z.array(vendorDocumentSchema),
  users: z.array(vendorUserSchema),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorDocumentUrlSchema = z.object({ url: z.string(), expiresIn: z.number().int() });
