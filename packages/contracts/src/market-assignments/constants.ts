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

/** What the board shows of an assignment's invoices (computed from the ledger). */
export const ASSIGNMENT_INVOICE_STATES = ['none', 'unpaid', 'paid', 'overdue', 'waived'] as const;
export type AssignmentInvoiceState = (typeof ASSIGNMENT_INVOICE_STATES)[number];

/** A check-in records one of these; each carries the client's own id, so a retry records once. */
export const CHECK_IN_ACTIONS = ['check_in', 'no_show'] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

/** A waitlist offer of a freed slot to the next vendor in line. */
export const WAITLIST_OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** Hours a waitlist offer stays open when the organization has not chosen. */
export const DEFAULT_OFFER_HOURS = 48;
