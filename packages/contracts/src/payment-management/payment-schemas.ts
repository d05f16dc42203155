import { z } from 'zod';
import { keysetQueryShape } from '../common/paging.js';
import { languageCode } from '../languages/schemas.js';
import { LEDGER_DISAGREEMENT_KINDS, PAYMENT_METHODS } from './constants.js';
import { ledgerEntrySchema, pmAmount, pmDate, pmNote, pmReason, pmTimestamp, pmUuid, refundSchema } from './schemas.js';

const NO_NUL = /^[^\u0000]*$/;
const method = z.enum(PAYMENT_METHODS, `must be one of ${PAYMENT_METHODS.join(', ')}`);

// ---- payments ----

export const allocationInputSchema = z.object({ invoiceId: pmUuid, amount: pmAmount }).strict();

/**
 * Money received from a vendor, split over issued invoices of that vendor: the allocations sum to the amount
 * and each is at most that invoice's open balance.
 */
export const paymentCreateSchema = z
  .object({
    vendorId: pmUuid,
    method,
    amount: pmAmount,
    reference: z
      .string()
      .trim()
      .max(200, 'at most 200 characters')
      .regex(NO_NUL, 'must not contain the character U+0000')
      .nullable()
      .optional(),
    note: pmNote.nullable().optional(),
    /** When the money was received (default: now). */
    receivedAt: pmTimestamp.optional(),
    allocations: z.array(allocationInputSchema).min(1, 'needs at least one invoice').max(50, 'at most 50 invoices'),
  })
  .strict();

export const paymentListQuery = z
  .object({
    vendorId: pmUuid.optional(),
    invoiceId: pmUuid.optional(),
    method: method.optional(),
    /** Inclusive range over the day the money was received (UTC). */
    from: pmDate.optional(),
    to: pmDate.optional(),
    ...keysetQueryShape,
  })
  .strict();

export const paymentAllocationSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  amount: z.number().int(),
  refunded: z.number().int(),
});

export const paymentSchema = z.object({
  id: z.uuid(),
  /** Gap-free per organization. */
  receiptNumber: z.string().nullable(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  receivedAt: z.string(),
  takenBy: z.uuid().nullable(),
  takenByName: z.string().nullable(),
  /** Refunded so far over all its allocations. */
  refunded: z.number().int(),
  allocations: z.array(paymentAllocationSchema),
  createdAt: z.string(),
});
export const paymentDetailSchema = paymentSchema.extend({ refunds: z.array(refundSchema) });

export const paymentPageSchema = z.object({
  items: z.array(paymentSchema),
  nextCursor: z.string().nullable(),
  totals: z.object({ count: z.number().int(), amount: z.number().int() }),
  currency: z.string().nullable(),
});

// ---- refunds ----

/**
 * Money returned against what one payment paid on one invoice (minus earlier refunds of it). On an invoice of a
 * booking whose market day is nearer than the refund window (market policy), `overrideReason` is required: a
 * manager's reason, recorded with the refund and its approver.
 */
export const refundCreateSchema = z
  .object({ paymentId: pmUuid, invoiceId: pmUuid, amount: pmAmount, method, reason: pmReason, overrideReason: pmReason.optional() })
  .strict();

/**
 * Whether a refund on this invoice is inside the refund window: the market day must be at least `windowDays`
 * after `countedFrom` (the booking's cancellation date, or today). Invoices without a booking are not windowed.
 */
export const refundWindowSchema = z.object({
  invoiceId: z.uuid(),
  /** False for an invoice without a booking: no window applies. */
  applies: z.boolean(),
  marketDate: z.string().nullable(),
  /** The booking's cancellation date when it is cancelled, otherwise today. */
  countedFrom: z.string().nullable(),
  cancelled: z.boolean(),
  /** Days from countedFrom to the market day (negative once it has passed). */
  daysBefore: z.number().int().nullable(),
  windowDays: z.number().int(),
  /** A refund needs no override reason. */
  open: z.boolean(),
});

// ---- the vendor ledger ----

export const ledgerQuery = z.object({ from: pmDate.optional(), to: pmDate.optional() }).strict();
/** A statement file: CSV (English headers) or an A4 PDF in `language` (one of the organization's; English by default). */
export const ledgerExportQuery = z
  .object({
    from: pmDate.optional(),
    to: pmDate.optional(),
    format: z.enum(['csv', 'pdf'], 'must be csv or pdf'),
    language: languageCode.optional(),
  })
  .strict();
/** An invoice as an A4 PDF in `language` (one of the organization's; English by default). */
export const documentPdfQuery = z.object({ language: languageCode.optional() }).strict();

export const statementEntrySchema = ledgerEntrySchema.extend({ runningBalance: z.number().int() });
/** A vendor statement: > 0 the vendor owes the market, < 0 the market owes the vendor. */
export const vendorStatementSchema = z.object({
  vendorId: z.uuid(),
  vendorName: z.string(),
  currency: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Sum of the entries before `from`. */
  openingBalance: z.number().int(),
  entries: z.array(statementEntrySchema),
  /** Sum of the entries up to `to`. */
  closingBalance: z.number().int(),
  /** The vendor's balance today over every entry. */
  currentBalance: z.number().int(),
});

/** Only one vendor's invoices, payments and entries (the whole organization without it). */
export const ledgerConsistencyQuery = z.object({ vendorId: pmUuid.optional() }).strict();

export const ledgerDisagreementSchema = z.object({
  kind: z.enum(LEDGER_DISAGREEMENT_KINDS),
  entityType: z.enum(['invoice', 'payment', 'ledger_entry']),
  entityId: z.string(),
  /** The number people know the document by (invoice or receipt number), null when it has none. */
  document: z.string().nullable(),
  expected: z.number().int().nullable(),
  actual: z.number().int().nullable(),
  message: z.string(),
});
export const ledgerConsistencySchema = z.object({
  invoicesChecked: z.number().int(),
  paymentsChecked: z.number().int(),
  entriesChecked: z.number().int(),
  consistent: z.boolean(),
  disagreements: z.array(ledgerDisagreementSchema),
});

/** An invoice queued to the vendor's e-mail address. */
export const invoiceEmailResultSchema = z.object({ queuedTo: z.string() });

export type Payment = z.infer<typeof paymentSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
export type VendorStatement = z.infer<typeof vendorStatementSchema>;
export type RefundWindow = z.infer<typeof refundWindowSchema>;
export type LedgerConsistency = z.infer<typeof ledgerConsistencySchema>;
