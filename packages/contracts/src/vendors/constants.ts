// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const VENDOR_TYPES = ['market', 'junior', 'normal'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];
export const VENDOR_STATUSES = ['active', 'suspended', 'blocklisted'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_DOCUMENT_TYPES = ['insurance', 'permit', 'licence', 'id', 'food_hygiene'] as const;
export type VendorDocumentType = (typeof VENDOR_DOCUMENT_TYPES)[number];
/** What staff decide about a document. */
export const VENDOR_DOCUMENT_REVIEW_STATUSES = ['pending', 'valid', 'declined'] as const;
/** What a document is reported as: the review status, or `expired` once its expiry date has passed. */
export const VENDOR_DOCUMENT_STATUSES = [...VENDOR_DOCUMENT_REVIEW_STATUSES, 'expired'] as const;
export type VendorDocumentStatus = (typeof VENDOR_DOCUMENT_STATUSES)[number];
/** Documents expiring within this many days are flagged. */
export const EXPIRY_WARNING_DAYS = 30;
/** Loose international phone check: optional +, 7 to 15 digits, single spaces, dashes, dots or brackets between them. */
export const PHONE_PATTERN = /^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$/;
