import { z } from 'zod';
import { concurrencyShape, expectedUpdatedAtSchema } from '../common/concurrency.js';
import { categoryLabelShape } from '../market-categories/schemas.js';
import { phoneSchema } from '../vendors/schemas.js';
import {
  APPLICATION_ACTORS,
  APPLICATION_DOCUMENT_TYPES,
  APPLICATION_EMAIL_TEMPLATE_KEYS,
  APPLICATION_EVENT_KINDS,
  APPLICATION_LOCALES,
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  APPLICATION_STREAMS,
  BULK_ACTIONS,
  MAX_APPLICATION_DOCUMENTS,
  POWER_NEEDS,
  STALL_SIZES,
} from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const req = (max: number) => z.string().trim().min(1, 'is required').max(max, `at most ${max} characters`);
const opt = (max: number) => z.string().trim().max(max, `at most ${max} characters`).nullable().optional();
// A check on the string (not a pipe into z.email) so the OpenAPI input schema still says format: email.
const email = z.string().trim().toLowerCase().email('must be an e-mail address').max(320, 'at most 320 characters');
const isoDate = z.iso.date('must be a date such as 2012-05-31');
const website = z
  .url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' })
  .max(2000, 'at most 2000 characters');
const mustConsent = (what: string) => z.literal(true, `${what} must be given`);

export const applicationDocumentRef = z
  .object({
    /** The id the upload endpoint answered; it claims that file for this application. */
    uploadId: z.uuid('must be the id of an uploaded file'),
    docType: z.enum(APPLICATION_DOCUMENT_TYPES, 'must be insurance, permit, licence, id, food_hygiene or other'),
    expiresOn: isoDate.nullable().optional(),
  })
  .strict();
export type ApplicationDocumentRef = z.infer<typeof applicationDocumentRef>;

const documents = z.array(applicationDocumentRef).max(MAX_APPLICATION_DOCUMENTS, `at most ${MAX_APPLICATION_DOCUMENTS} documents`);
const marketDayIds = z.array(z.uuid('must be a market day id')).min(1, 'choose at least one market day').max(60, 'at most 60 market days');

const vendorAnswerFields = {
  businessName: req(200),
  legalName: opt(200),
  contactName: req(200),
  email,
  phone: phoneSchema,
  address: opt(500),
  website: website.nullable().optional(),
  instagram: opt(300),
  productsDescription: req(4000),
  categoryIds: z.array(z.uuid('must be a category id')).min(1, 'choose at least one category').max(20, 'at most 20 categories'),
  marketDayIds,
  stallSize: z.enum(STALL_SIZES, 'must be 3x3, 3x6 or 6x6'),
  power: z.enum(POWER_NEEDS, 'must be none, single_phase or three_phase'),
  /** Documents each chosen category requires (checked by the server against the categories). */
  documents,
  consentTerms: mustConsent('consent to the terms'),
};

export const marketVendorAnswers = z.object(vendorAnswerFields).strict();
export type MarketVendorAnswers = z.infer<typeof marketVendorAnswers>;

export const juniorVendorAnswers = z
  .object({
    ...vendorAnswerFields,
    /** The junior's age on the day of submission must be 8 to 17 (checked by the server). */
    dateOfBirth: isoDate,
    guardianName: req(200),
    guardianPhone: phoneSchema,
    guardianEmail: email,
    guardianConsent: mustConsent("the guardian's consent"),
    school: opt(200),
  })
  .strict();
export type JuniorVendorAnswers = z.infer<typeof juniorVendorAnswers>;

export const workshopAnswers = z
  .object({
    hostName: req(200),
    contactName: opt(200),
    email,
    phone: phoneSchema,
    titleEn: req(200),
    titleAr: req(200),
    descriptionEn: req(4000),
    descriptionAr: req(4000),
    durationMinutes: z
      .number('must be a number of minutes')
      .int('must be whole minutes')
      .min(15, 'at least 15 minutes')
      .max(480, 'at most 480 minutes'),
    capacity: z.number('must be a number of participants').int('must be a whole number').min(1, 'at least 1').max(200, 'at most 200'),
    ageMin: z.number('must be an age').int('must be a whole number').min(0, 'at least 0').max(99, 'at most 99'),
    ageMax: z.number('must be an age').int('must be a whole number').min(0, 'at least 0').max(99, 'at most 99'),
    /** In minor units of the organization's currency. */
    materialsFeeMinor: z
      .number('must be an amount')
      .int('must be whole minor units')
      .min(0, 'cannot be negative')
      .max(10_000_000, 'too large'),
    spaceNeeds: opt(2000),
    equipmentNeeds: opt(2000),
    marketDayIds,
    documents: documents.optional(),
    consentTerms: mustConsent('consent to the terms'),
  })
  .strict()
  .refine((a) => a.ageMin <= a.ageMax, { path: ['ageMax'], message: 'must be at least the minimum age' });
export type WorkshopAnswers = z.infer<typeof workshopAnswers>;

const submissionBase = {
  /** Slug of the organization; the server's default organization when absent. */
  org: z.string().trim().max(100, 'at most 100 characters').optional(),
  /** From the form endpoint: proves when the form was opened (minimum fill time). */
  formToken: z.string().min(1, 'is required').max(1000, 'at most 1000 characters'),
  /** Honeypot: hidden from people, so it must stay empty. */
  fax: z.string().max(1000).optional(),
  locale: z.enum(APPLICATION_LOCALES, 'must be en or ar'),
};

export const applicationSubmission = z.discriminatedUnion(
  'stream',
  [
    z.object({ stream: z.literal('market_vendor'), ...submissionBase, answers: marketVendorAnswers }).strict(),
    z.object({ stream: z.literal('junior_vendor'), ...submissionBase, answers: juniorVendorAnswers }).strict(),
    z.object({ stream: z.literal('workshop'), ...submissionBase, answers: workshopAnswers }).strict(),
  ],
  'must be market_vendor, junior_vendor or workshop',
);
export type ApplicationSubmission = z.infer<typeof applicationSubmission>;

/** The same answer whether the application was stored, updated, or silently dropped as abuse. */
export const applicationReceipt = z.object({ received: z.literal(true) });

export const applicationFormQuery = z.object({ org: z.string().trim().max(100, 'at most 100 characters').optional() }).strict();

export const applicationFormSchema = z.object({
  organization: z.object({ name: z.string(), slug: z.string(), currency: z.string() }),
  stream: z.enum(APPLICATION_STREAMS),
  formToken: z.string(),
  /** Seconds a person needs at least; faster submissions are not stored. */
  minFillSeconds: z.number().int(),
  categories: z.array(z.object({ ...categoryLabelShape, requiredDocumentTypes: z.array(z.string()) })),
  /** Published market days whose application window is open now. */
  marketDays: z.array(
    z.object({
      id: uuid,
      date: z.string(),
      openTime: z.string(),
      closeTime: z.string(),
      locationName: z.string(),
      locationNameAr: z.string(),
      applicationClosesAt: z.string().nullable(),
    }),
  ),
  maxUploadBytes: z.number().int(),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

export const applicationUploadSchema = z.object({
  uploadId: uuid,
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type ApplicationUpload = z.infer<typeof applicationUploadSchema>;

/** The private status link's secret (from the applicant's e-mail). */
const statusToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a valid status link');
export const applicationStatusRequest = z.object({ token: statusToken }).strict();
export const applicationRespondRequest = z
  .object({
    token: statusToken,
    message: req(4000),
    documents: documents.optional(),
  })
  .strict();
export const applicationWithdrawRequest = z.object({ token: statusToken, reason: opt(1000) }).strict();
/** New answers from the applicant's own status link, while nobody reviews the application yet. */
export const applicationEditRequest = z.discriminatedUnion(
  'stream',
  [
    z
      .object({ token: statusToken, stream: z.literal('market_vendor'), locale: submissionBase.locale, answers: marketVendorAnswers })
      .strict(),
    z
      .object({ token: statusToken, stream: z.literal('junior_vendor'), locale: submissionBase.locale, answers: juniorVendorAnswers })
      .strict(),
    z.object({ token: statusToken, stream: z.literal('workshop'), locale: submissionBase.locale, answers: workshopAnswers }).strict(),
  ],
  'must be market_vendor, junior_vendor or workshop',
);
export type ApplicationEdit = z.infer<typeof applicationEditRequest>;

export const applicationEventSchema = z.object({
  id: uuid,
  kind: z.enum(APPLICATION_EVENT_KINDS),
  fromStatus: z.enum(APPLICATION_STATUSES).nullable(),
  toStatus: z.enum(APPLICATION_STATUSES).nullable(),
  actorType: z.enum(APPLICATION_ACTORS),
  /** Staff name for staff entries in the staff view; null on the applicant's page. */
  actorName: z.string().nullable(),
  message: z.string().nullable(),
  visibleToApplicant: z.boolean(),
  createdAt: z.string(),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

export const applicantViewSchema = z.object({
  stream: z.enum(APPLICATION_STREAMS),
  status: z.enum(APPLICATION_STATUSES),
  organizationName: z.string(),
  /** Slug of the organization, so files uploaded from the status page go to its `?org=` (multi-organization installs). */
  organizationSlug: z.string().optional(),
  applicantName: z.string(),
  email: z.string(),
  locale: z.enum(APPLICATION_LOCALES),
  submittedAt: z.string(),
  updatedAt: z.string(),
  decisionReason: z.string().nullable(),
  categories: z.array(z.object({ nameEn: z.string(), nameAr: z.string() })),
  marketDays: z.array(z.object({ date: z.string(), locationName: z.string(), locationNameAr: z.string() })),
  documents: z.array(
    z.object({
      id: uuid,
      fileName: z.string(),
      docType: z.enum(APPLICATION_DOCUMENT_TYPES),
      status: z.enum(['pending', 'valid', 'declined']),
      statusNote: z.string().nullable(),
    }),
  ),
  /** Only what the applicant may see (staff notes are left out). */
  history: z.array(applicationEventSchema),
  canRespond: z.boolean(),
  canWithdraw: z.boolean(),
  /** While submitted (nobody reviews it yet) the applicant may replace the answers from this page. */
  canEdit: z.boolean(),
  /** The applicant's own answers as stored (without upload ids), to fill the form when editing. */
  answers: z.record(z.string(), z.unknown()),
});
export type ApplicantView = z.infer<typeof applicantViewSchema>;

// ---- Staff side ----

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

export const applicationListQuery = z
  .object({
    stream: z.enum(APPLICATION_STREAMS, 'must be market_vendor, junior_vendor or workshop'),
    status: z.enum(APPLICATION_STATUSES, 'must be an application status').optional(),
    categoryId: z.uuid('must be a category id').optional(),
    marketDayId: z.uuid('must be a market day id').optional(),
    submittedFrom: isoDate.optional(),
    submittedTo: isoDate.optional(),
    /** Part of the applicant's name, contact name or e-mail. */
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    sort: z.enum(APPLICATION_SORTS, 'must be newest, oldest, name or score').optional(),
    page: pageNumber(10000).optional(),
    pageSize: pageNumber(100).optional(),
  })
  .strict();
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

/** Which application, of whom, where it stands: first in both the list and the detail. */
const applicationIdentityShape = {
  id: uuid,
  stream: z.enum(APPLICATION_STREAMS),
  status: z.enum(APPLICATION_STATUSES),
  applicantName: z.string(),
  contactName: z.string().nullable(),
  email: z.string(),
};

export const applicationListItemSchema = z.object({
  ...applicationIdentityShape,
  locale: z.enum(APPLICATION_LOCALES),
  categories: z.array(z.object({ id: uuid, nameEn: z.string(), nameAr: z.string(), colour: z.string() })),
  marketDayCount: z.number().int(),
  documentCount: z.number().int(),
  /** Average of the reviewers' scores; null when none, or while blind review hides them from the caller. */
  averageScore: z.number().nullable(),
  scoreCount: z.number().int(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

export const applicationPageSchema = z.object({
  items: z.array(applicationListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Applications of the stream per status (ignoring the status filter, honouring the others). */
  counts: z.record(z.enum(APPLICATION_STATUSES), z.number().int()),
});
export type ApplicationPage = z.infer<typeof applicationPageSchema>;

export const applicationDocumentSchema = z.object({
  id: uuid,
  docType: z.enum(APPLICATION_DOCUMENT_TYPES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(['pending', 'valid', 'declined']),
  statusNote: z.string().nullable(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const applicationScoreSchema = z.object({
  reviewerId: uuid,
  reviewerName: z.string().nullable(),
  score: z.number().int(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type ApplicationScore = z.infer<typeof applicationScoreSchema>;

export const workshopSchema = z.object({
  id: uuid,
  applicationId: uuid.nullable(),
  marketDayId: uuid.nullable(),
  marketDayDate: z.string().nullable(),
  locationName: z.string().nullable(),
  status: z.enum(['scheduled', 'cancelled']),
  titleEn: z.string(),
  titleAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  hostName: z.string(),
  hostEmail: z.string(),
  hostPhone: z.string().nullable(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  ageMin: z.number().int(),
  ageMax: z.number().int(),
  materialsFeeMinor: z.number().int(),
  spaceNeeds: z.string().nullable(),
  equipmentNeeds: z.string().nullable(),
  createdAt: z.string(),
});
export type Workshop = z.infer<typeof workshopSchema>;

export const applicationDetailSchema = z.object({
  ...applicationIdentityShape,
  phone: z.string().nullable(),
  locale: z.enum(APPLICATION_LOCALES),
  /** The answers as submitted (shape per stream: MarketVendorAnswers, JuniorVendorAnswers, WorkshopAnswers without documents). */
  answers: z.record(z.string(), z.unknown()),
  stallSize: z.string().nullable(),
  power: z.string().nullable(),
  decisionReason: z.string().nullable(),
  categories: z.array(
    z.object({ id: uuid, nameEn: z.string(), nameAr: z.string(), colour: z.string(), requiredDocumentTypes: z.array(z.string()) }),
  ),
  marketDays: z.array(z.object({ id: uuid, date: z.string(), locationName: z.string(), status: z.string() })),
  documents: z.array(applicationDocumentSchema),
  history: z.array(applicationEventSchema),
  scores: z.array(applicationScoreSchema),
  /** True when blind review hides the others' scores until the caller scores. */
  scoresHidden: z.boolean(),
  myScore: applicationScoreSchema.nullable(),
  averageScore: z.number().nullable(),
  /** Status changes the current status allows. */
  allowedActions: z.array(z.enum(['start_review', 'request_info', 'approve', 'waitlist', 'reject'])),
  vendorId: uuid.nullable(),
  workshop: workshopSchema.nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const requestInfoBody = z.object({ message: req(4000) }).strict();
export const staffMessageBody = z.object({ message: req(4000) }).strict();
export const waitlistBody = z.object({ message: opt(4000) }).strict();
export const rejectBody = z.object({ reason: req(2000) }).strict();
/** Workshops: the market day to place it on (one of its preferred days); the first with room when absent. */
export const approveBody = z.object({ marketDayId: z.uuid('must be a market day id').optional(), message: opt(4000) }).strict();
export const scoreBody = z
  .object({
    score: z
      .number('must be a score from 1 to 5')
      .int('must be a whole number')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5'),
    comment: opt(2000),
  })
  .strict();
export const applicationDocumentReviewBody = z
  .object({
    status: z.enum(['pending', 'valid', 'declined'], 'must be pending, valid or declined').optional(),
    statusNote: opt(1000),
    expiresOn: isoDate.nullable().optional(),
    ...concurrencyShape,
  })
  .strict();

export const bulkActionBody = z
  .object({
    ids: z.array(z.uuid('must be an application id')).min(1, 'choose at least one application').max(100, 'at most 100 at a time'),
    action: z.enum(BULK_ACTIONS, 'must be approve, waitlist or reject'),
    /** Required to reject. */
    reason: opt(2000),
  })
  .strict();
export const bulkActionResult = z.object({
  results: z.array(z.object({ id: uuid, ok: z.boolean(), status: z.enum(APPLICATION_STATUSES).nullable(), error: z.string().nullable() })),
});

export const emailTemplateSchema = z.object({
  key: z.enum(APPLICATION_EMAIL_TEMPLATE_KEYS),
  locale: z.enum(APPLICATION_LOCALES),
  subject: z.string(),
  body: z.string(),
  /** False while the built-in wording is used. */
  customized: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema), placeholders: z.array(z.string()) });
/** `expectedUpdatedAt` is the template's `updatedAt` as listed: null for the built-in wording the screen started from. */
export const emailTemplateBody = z
  .object({ subject: req(300), body: req(10000), expectedUpdatedAt: expectedUpdatedAtSchema.nullable() })
  .strict();

export const applicationSettingsSchema = z.object({ blindReview: z.boolean(), workshopsPerMarketDay: z.number().int() });
export const applicationSettingsBody = z
  .object({
    blindReview: z.boolean('must be true or false').optional(),
    workshopsPerMarketDay: z.number('must be a number').int('must be a whole number').min(0, 'at least 0').max(50, 'at most 50').optional(),
  })
  .strict();

export const workshopListQuery = z
  .object({
    marketDayId: z.uuid('must be a market day id').optional(),
    status: z.enum(['scheduled', 'cancelled'], 'must be scheduled or cancelled').optional(),
  })
  .strict();
export const workshopUpdateBody = z
  .object({
    marketDayId: z.uuid('must be a market day id').nullable().optional(),
    status: z.enum(['scheduled', 'cancelled'], 'must be scheduled or cancelled').optional(),
  })
  .strict();

// ---- Vendor portal ----

export const vendorPortalOverviewSchema = z.object({
  user: z.object({ id: uuid, email: z.string().nullable(), fullName: z.string().nullable() }),
  /** The vendor this account acts for; null when none is linked yet. */
  vendor: z
    .object({
      id: uuid,
      vendorType: z.enum(['market', 'junior', 'normal']),
      publicName: z.string(),
      contactName: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      status: z.enum(['active', 'suspended', 'blocklisted']),
      categories: z.array(z.object({ id: uuid, nameEn: z.string(), nameAr: z.string(), colour: z.string() })),
      documents: z.array(
        z.object({ id: uuid, docType: z.string(), fileName: z.string(), status: z.string(), expiresOn: z.string().nullable() }),
      ),
    })
    .nullable(),
  /** Applications of this vendor or sent from the account's e-mail address. */
  applications: z.array(
    z.object({
      id: uuid,
      stream: z.enum(APPLICATION_STREAMS),
      status: z.enum(APPLICATION_STATUSES),
      applicantName: z.string(),
      submittedAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type VendorPortalOverview = z.infer<typeof vendorPortalOverviewSchema>;
