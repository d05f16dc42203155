// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas and
// the database use them. Amounts are integer minor units of the organization's base currency; rates are
// basis points (1% = 100).

/** How a fee rule computes its amount for one booked day. */
export const FEE_RULE_KINDS = ['flat_per_day', 'per_square_metre', 'category', 'power', 'sales_percentage', 'fine'] as const;
export type FeeRuleKind = (typeof FEE_RULE_KINDS)[number];

/** An invoice's own lifecycle; paid, partially paid and overdue are computed from the ledger and the due date. */
export const INVOICE_STATUSES = ['draft', 'issued', 'cancelled', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What users see of an invoice: its status, or for an issued one what the ledger says of it. */
export const INVOICE_STATES = ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'waived', 'cancelled', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_KINDS = ['full', 'deposit', 'balance', 'fine', 'sales', 'other'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_LINE_KINDS = [
  'stall',
  'size',
  'category',
  'power',
  'sales_percentage',
  'fine',
  'deposit',
  'balance',
  'other',
] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INVOICE_ADJUSTMENT_KINDS = ['waiver', 'discount', 'credit'] as const;
export type InvoiceAdjustmentKind = (typeof INVOICE_ADJUSTMENT_KINDS)[number];

/**
 * Entries of the vendor ledger. Signed: a charge or refund raises what the vendor owes (amount > 0); a
 * payment, waiver, discount, credit or cancellation lowers it (amount < 0). Point of sale adds: a sale of
 * the vendor's goods (< 0: the operator took the money and owes it to the vendor), its return (> 0), the
 * commission on it (> 0) and that commission's reversal on a return (< 0), and a payout to the vendor (> 0).
 * A balance below 0 is what the operator owes the vendor.
 */
export const LEDGER_ENTRY_TYPES = [
  'charge',
  'payment',
  'refund',
  'waiver',
  'discount',
  'credit',
  'cancellation',
  'sale',
  'sale_return',
  'commission',
  'commission_reversal',
  'payout',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** Header carrying the client's key on every money-moving request. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key is 8 to 200 characters of letters, digits, dash, underscore, colon or dot (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,200}$/;

/** Header a replayed answer carries (`true`): the stored result of the first request with that key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The largest amount one request may name, in minor units (fits JavaScript integers and the bigint columns). */
export const MAX_AMOUNT_MINOR = 100_000_000_000;

/** Formats of the invoice list export; the vendor statement exports CSV (the web prints its PDF). */
export const INVOICE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];

/** How many times one invoice may be e-mailed to its vendor in an hour (counted from the audit log). */
export const INVOICE_EMAILS_PER_HOUR = 5;

/** What the ledger consistency check can find wrong. */
export const LEDGER_DISAGREEMENT_KINDS = [
  'invoice_charge',
  'invoice_balance',
  'invoice_cancellation',
  'payment_allocations',
  'payment_ledger',
  'refund_ledger',
  'adjustment_ledger',
  'pos_order_ledger',
  'entry_without_source',
] as const;
export type LedgerDisagreementKind = (typeof LEDGER_DISAGREEMENT_KINDS)[number];

/** Without a market policy row: one invoice for everything, due this many days before the market day. */
export const DEFAULT_BALANCE_DUE_DAYS_BEFORE = 7;
export const DEFAULT_DEPOSIT_DUE_DAYS = 7;
