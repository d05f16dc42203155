// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas and
// the database use them.

/** A vendor's request to trade on one market day. */
export const MARKET_REQUEST_STATUSES = ['pending', 'accepted', 'waitlisted', 'rejected', 'withdrawn'] as const;
export type MarketRequestStatus = (typeof MARKET_REQUEST_STATUSES)[number];

/**
 * A booking of one slot by one vendor on one market day. `confirmed` and `checked_in` hold the slot; every
 * other status frees it for that day only.
 */
export const ASSIGNMENT_STATUSES = ['confirmed', 'checked_in', 'no_show', 'absent_approved', 'absent_unapproved', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_HOLDING_STATUSES = ['confirmed', 'checked_in'] as const satisfies readonly AssignmentStatus[];
/** A vendor who did not come: the slot is free that day, and the board still names who was booked. */
export const ASSIGNMENT_ABSENCE_STATUSES = [
  'absent_approved',
  'absent_unapproved',
  'no_show',
] as const satisfies readonly AssignmentStatus[];
export type AssignmentAbsenceStatus = (typeof ASSIGNMENT_ABSENCE_STATUSES)[number];

/** What the board shows of an assignment's invoices (computed from the ledger). */
export const ASSIGNMENT_INVOICE_STATES = ['none', 'unpaid', 'paid', 'overdue', 'waived'] as const;
export type AssignmentInvoiceState = (typeof ASSIGNMENT_INVOICE_STATES)[number];

/** A check-in records one of these; each carries the client's own id, so a retry records once. */
export const CHECK_IN_ACTIONS = ['check_in', 'no_show'] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

/** A waitlist offer of a freed slot to the next vendor in line. */
export const WAITLIST_OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/**
 * A vendor is e-mailed at most this many waitlist offers an hour; further offers are still made (the vendor sees
 * them in its dashboard) but their e-mail is held, so withdrawing offers again and again does not flood anyone.
 */
export const OFFER_EMAILS_PER_HOUR = 3;

/** Hours a waitlist offer stays open when the organization has not chosen. */
export const DEFAULT_OFFER_HOURS = 48;

/** What staff decide about a pending or waitlisted request. */
export const MARKET_REQUEST_DECISIONS = ['accepted', 'waitlisted', 'rejected'] as const satisfies readonly MarketRequestStatus[];
export type MarketRequestDecision = (typeof MARKET_REQUEST_DECISIONS)[number];

/** Statuses staff set on a booking by hand; each frees the slot for that day only and is final. */
export const ASSIGNMENT_RELEASE_STATUSES = [
  'absent_approved',
  'absent_unapproved',
  'no_show',
  'cancelled',
] as const satisfies readonly AssignmentStatus[];
export type AssignmentReleaseStatus = (typeof ASSIGNMENT_RELEASE_STATUSES)[number];

/** What a term booking did on each market day of its series or range. */
export const TERM_DAY_OUTCOMES = ['booked', 'requested', 'skipped'] as const;
export type TermDayOutcome = (typeof TERM_DAY_OUTCOMES)[number];
/**
 * Why a term booking only requested (no slot) or skipped a day; `detail` in the answer says it in English,
 * the code lets a screen say it in the user's language.
 */
export const TERM_DAY_REASONS = [
  'slot_taken',
  'vendor_has_slot',
  'slot_unfit',
  'already_requested',
  'day_cancelled',
  'day_completed',
  'not_eligible',
] as const;
export type TermDayReason = (typeof TERM_DAY_REASONS)[number];

/** A term booking over a date range spans at most this many days. */
export const TERM_MAX_DAYS = 366;
/** The board shows at most this many days at once. */
export const BOARD_MAX_DAYS = 31;

/** Bounds of the organization's market policies (the settings form uses them too). */
export const MARKET_POLICY_LIMITS = {
  offerHours: { min: 1, max: 720 },
  depositBasisPoints: { min: 0, max: 10000 },
  depositDueDays: { min: 0, max: 365 },
  balanceDueDaysBefore: { min: 0, max: 365 },
  refundWindowDays: { min: 0, max: 365 },
} as const;
/** The policies in force while an organization has saved none (the table's column defaults). */
export const DEFAULT_MARKET_POLICIES = {
  offerHours: DEFAULT_OFFER_HOURS,
  depositBasisPoints: 0,
  depositDueDays: 7,
  balanceDueDaysBefore: 7,
  refundWindowDays: 14,
} as const;
