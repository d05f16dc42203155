// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const APPLICATION_STREAMS = ['market_vendor', 'junior_vendor', 'workshop'] as const;
export type ApplicationStream = (typeof APPLICATION_STREAMS)[number];
export const APPLICATION_STATUSES = [
  'submitted',
  'under_review',
  'info_requested',
  'approved',
  'waitlisted',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Statuses after which nothing changes any more. */
export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['approved', 'rejected', 'withdrawn'];
export const APPLICATION_DOCUMENT_TYPES = ['insurance', 'permit', 'licence', 'id', 'food_hygiene', 'other'] as const;
export type ApplicationDocumentType = (typeof APPLICATION_DOCUMENT_TYPES)[number];
export const APPLICATION_EVENT_KINDS = [
  'submitted',
  'updated',
  'status',
  'message',
  'info_request',
  'info_response',
  'document_review',
] as const;
export const APPLICATION_ACTORS = ['applicant', 'staff', 'system'] as const;
export const STALL_SIZES = ['3x3', '3x6', '6x6'] as const;
export type StallSize = (typeof STALL_SIZES)[number];
export const POWER_NEEDS = ['none', 'single_phase', 'three_phase'] as const;
export const APPLICATION_LOCALES = ['en', 'ar'] as const;
export type ApplicationLocale = (typeof APPLICATION_LOCALES)[number];
/** Junior vendors are 8 to 17 years old on the day they apply. */
export const JUNIOR_MIN_AGE = 8;
export const JUNIOR_MAX_AGE = 17;
/** Flood limit of the public forms: submissions per client address per window. */
export const PUBLIC_FORM_LIMIT = 5;
export const PUBLIC_FORM_WINDOW_SECONDS = 600;
/**
 * The same e-mail submitting the same stream again within this window, while the first is not decided,
 * changes nothing: the answer is the usual receipt and the address gets its status link again.
 */
export const DUPLICATE_WINDOW_HOURS = 24;
/** A form token is accepted this long after it was issued (the applicant's draft survives reloads meanwhile). */
export const FORM_TOKEN_MAX_AGE_DAYS = 7;
export const MAX_APPLICATION_DOCUMENTS = 10;
/** Largest file an applicant may upload. */
export const APPLICATION_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Orders of the staff queue. */
export const APPLICATION_SORTS = ['newest', 'oldest', 'name', 'score'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
/** What staff may do to many applications at once. */
export const BULK_ACTIONS = ['approve', 'waitlist', 'reject'] as const;

export const APPLICATION_EMAIL_TEMPLATE_KEYS = [
  'received',
  'duplicate',
  'updated',
  'info_requested',
  'message',
  'under_review',
  'approved',
  'waitlisted',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationEmailTemplateKey = (typeof APPLICATION_EMAIL_TEMPLATE_KEYS)[number];
/** Placeholders a template may use; unknown ones are refused when saving. */
export const APPLICATION_EMAIL_PLACEHOLDERS = ['name', 'organization', 'stream', 'statusLink', 'message', 'reason', 'signInLink'] as const;
/**
 * E-mails sent on a public submission alone, to an address nobody has proven: they carry the
 * organization's words and the status link, never text from the submitter (no {name}).
 */
export const APPLICATION_RECEIPT_TEMPLATE_KEYS: readonly ApplicationEmailTemplateKey[] = ['received', 'duplicate'];
export const APPLICATION_RECEIPT_PLACEHOLDERS = ['organization', 'stream', 'statusLink'] as const;
