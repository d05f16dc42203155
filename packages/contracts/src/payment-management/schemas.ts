import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { keysetQueryShape } from '../common/paging.js';
import {
  FEE_RULE_KINDS,
  INVOICE_ADJUSTMENT_KINDS,
  INVOICE_EXPORT_FORMATS,
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATES,
  INVOICE_STATUSES,
  LEDGER_ENTRY_TYPES,
  MAX_AMOUNT_MINOR,
  PAYMENT_METHODS,
} from './constants.js';

export * from './constants.js';

// Money is integer minor units of the organization's base currency; every answer names that currency.
// Amounts that move money are > 0; a fee rule's amounts may be 0.

// PostgreSQL text cannot hold U+0000: refuse it as input instead of failing on insert.
const NO_NUL = /^[^\u0000]*$/;
const noNul = 'must not contain the character U+0000';
const inYears = (v: string) => /^20\d\d-/.test(v);

export const pmUuid = z.uuid('must be an id');
export const pmDate = z.iso.date('must be a date written YYYY-MM-DD').refine(inYears, 'must be a date in the years 2000 to 2099');
export const pmTimestamp = z.iso
  .datetime({ offset: true, message: 'must be a date and time such as 2026-05-01T09:00:00+03:00' })
  .refine(inYears, 'must be in the years 2000 to 2099');
export const pmAmount = z
  .number('must be a whole number of minor units')
  .int('must be a whole number of minor units')
  .min(1, 'must be more than 0')
  .max(MAX_AMOUNT_MINOR, `must be at most ${MAX_AMOUNT_MINOR}`);
export const pmAmountOrZero = z
  .number('must be a whole number of minor units')
  .int('must be a whole number of minor units')
  .min(0, 'must be 0 or more')
  .max(MAX_AMOUNT_MINOR, `must be at most ${MAX_AMOUNT_MINOR}`);
export const pmBasisPoints = z
  .number('must be a whole number of basis points')
  .int('must be a whole number of basis points')
  .min(0, 'must be 0 or more')
  .max(10000, 'must be at most 10000 (100%)');
const pmName = z.string().trim().min(1, 'is required').max(200, 'at most 200 characters').regex(NO_NUL, noNul);
export const pmReason = z.string().trim().min(1, 'is required: say why').max(500, 'at most 500 characters').regex(NO_NUL, noNul);
export const pmNote = z.string().trim().max(2000, 'at most 2000 characters').regex(NO_NUL, noNul);
/** A whole number in a query string (minor units). */
export const pmAmountQuery = z
  .string()
  .regex(/^\d{1,11}$/, `must be a whole number from 0 to ${MAX_AMOUNT_MINOR}`)
  .transform(Number)
  .pipe(z.number().int().max(MAX_AMOUNT_MINOR, `must be at most ${MAX_AMOUNT_MINOR}`));

// ---- fee rules ----

/**
 * A fee rule. flat_per_day, category, power and fine use `amount`; per_square_metre uses `amount` per m² of
 * the slot; sales_percentage uses `rateBasisPoints` of the declared sales with `minimumAmount` as a floor.
 * A category rule names its `categoryId` (checked by the server). `validTo` is inclusive.
 */
export const feeRuleCreateSchema = z
  .object({
    kind: z.enum(FEE_RULE_KINDS, `must be one of ${FEE_RULE_KINDS.join(', ')}`),
    nameEn: pmName,
    nameAr: pmName,
    amount: pmAmountOrZero.optional(),
    rateBasisPoints: pmBasisPoints.optional(),
    minimumAmount: pmAmountOrZero.optional(),
    categoryId: pmUuid.nullable().optional(),
    validFrom: pmDate,
    validTo: pmDate.nullable().optional(),
  })
  .strict();

/** The kind of a rule does not change (end it and make another). */
export const feeRuleUpdateSchema = z
  .object({
    nameEn: pmName.optional(),
    nameAr: pmName.optional(),
    amount: pmAmountOrZero.optional(),
    rateBasisPoints: pmBasisPoints.optional(),
    minimumAmount: pmAmountOrZero.optional(),
    categoryId: pmUuid.nullable().optional(),
    validFrom: pmDate.optional(),
    validTo: pmDate.nullable().optional(),
    ...concurrencyShape,
  })
  .strict();

export const feeRuleListQuery = z
  .object({
    kind: z.enum(FEE_RULE_KINDS, `must be one of ${FEE_RULE_KINDS.join(', ')}`).optional(),
    /** Only rules in force on this date. */
    activeOn: pmDate.optional(),
  })
  .strict();

export const feeRuleSchema = z.object({
  id: z.uuid(),
  kind: z.enum(FEE_RULE_KINDS),
  nameEn: z.string(),
  nameAr: z.string(),
  amount: z.number().int(),
  rateBasisPoints: z.number().int(),
  minimumAmount: z.number().int(),
  categoryId: z.uuid().nullable(),
  categoryNameEn: z.string().nullable(),
  categoryNameAr: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Used on an invoice line: it cannot be removed, only ended (validTo). */
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ---- fee preview of an assignment ----

export const feeLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
  feeRuleId: z.uuid().nullable(),
});

/** Sales to price the preview with instead of the ones declared on the booking (a what-if: nothing is stored). */
export const feePreviewQuery = z.object({ declaredSales: pmAmountQuery.optional() }).strict();

export const scheduledInvoiceSchema = z.object({
  kind: z.enum(INVOICE_KINDS),
  amount: z.number().int(),
  dueDate: z.string(),
  lines: z.array(feeLineSchema),
});

// ---- invoices ----

/** An invoice with its figures, all computed from the ledger (view invoice_balances). */
export const invoiceSchema = z.object({
  id: z.uuid(),
  /** Given at issue, gap-free per organization; null on a draft. */
  number: z.string().nullable(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  assignmentId: z.uuid().nullable(),
  marketDayId: z.uuid().nullable(),
  marketDate: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  /** What users see: the status, or for an issued invoice paid / partially paid / overdue / waived. */
  state: z.enum(INVOICE_STATES),
  currency: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  notes: z.string().nullable(),
  statusReason: z.string().nullable(),
  /** Sum of the lines (a draft has lines but no charge yet). */
  total: z.number().int(),
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  waived: z.number().int(),
  credited: z.number().int(),
  /** What the vendor still owes on it: charged - paid + refunded - waived - credited. */
  balance: z.number().int(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const assignmentFeesSchema = z.object({
  assignmentId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  marketDayId: z.uuid(),
  marketDate: z.string(),
  slotId: z.uuid(),
  slotCode: z.string(),
  categoryId: z.uuid(),
  /** When the request was accepted (null: priced as of today). */
  acceptedAt: z.string().nullable(),
  /** The date whose rules in force priced the assignment. */
  pricedOn: z.string(),
  /** The base currency; null while the organization has none (invoices are then refused). */
  currency: z.string().nullable(),
  lines: z.array(feeLineSchema),
  total: z.number().int(),
  depositBasisPoints: z.number().int(),
  /** One full invoice, or a deposit and a balance invoice, with their lines and due dates. */
  schedule: z.array(scheduledInvoiceSchema),
  /** The assignment's invoices so far (a new set is refused until these are cancelled). */
  invoices: z.array(invoiceSchema),
  /** The sales declared for the day (minor units), stored on the booking; null while none are declared. */
  declaredSales: z.number().int().nullable(),
  declaredSalesAt: z.string().nullable(),
  declaredSalesByName: z.string().nullable(),
  /** A standing invoice of the booking already charges its share of sales (declared sales then stay as they are). */
  salesShareInvoiced: z.boolean(),
  /**
   * The one invoice "Invoice sales share" would make: the booking is invoiced, its sales were declared since, a
   * sales_percentage rule in force applies and no standing invoice charges it yet. Null otherwise.
   */
  salesShare: scheduledInvoiceSchema.nullable(),
});

/** Sales a vendor declares for a booked day, in minor units of the base currency (0 for a day without sales). */
export const declaredSalesSchema = z.object({ amount: pmAmountOrZero }).strict();
export const declaredSalesResultSchema = z.object({
  assignmentId: z.uuid(),
  declaredSales: z.number().int().nullable(),
  declaredSalesAt: z.string().nullable(),
  declaredSalesBy: z.uuid().nullable(),
});

/** `declaredSales`, when still sent, is declared on the booking first: invoices price the booking's stored sales. */
export const createAssignmentInvoicesSchema = z
  .object({ declaredSales: pmAmountOrZero.optional(), notes: pmNote.nullable().optional() })
  .strict();

export const manualInvoiceLineSchema = z
  .object({
    kind: z.enum(INVOICE_LINE_KINDS, `must be one of ${INVOICE_LINE_KINDS.join(', ')}`),
    descriptionEn: pmName,
    descriptionAr: pmName,
    quantity: z
      .number('must be a whole number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10000, 'must be at most 10000'),
    unitAmount: pmAmount,
    /** The fee rule it applies (e.g. a fine), if any. */
    feeRuleId: pmUuid.nullable().optional(),
  })
  .strict();

/** A manual invoice to a vendor (a fine, a sales fee, ...), kept as a draft or issued at once. */
export const manualInvoiceCreateSchema = z
  .object({
    vendorId: pmUuid,
    assignmentId: pmUuid.nullable().optional(),
    kind: z.enum(INVOICE_KINDS, `must be one of ${INVOICE_KINDS.join(', ')}`).optional(),
    dueDate: pmDate,
    notes: pmNote.nullable().optional(),
    issue: z.boolean('must be true or false').optional(),
    lines: z.array(manualInvoiceLineSchema).min(1, 'needs at least one line').max(100, 'at most 100 lines'),
  })
  .strict();

export const invoiceFilterShape = {
  state: z.enum(INVOICE_STATES, `must be one of ${INVOICE_STATES.join(', ')}`).optional(),
  vendorId: pmUuid.optional(),
  marketDayId: pmUuid.optional(),
  assignmentId: pmUuid.optional(),
  /** Inclusive range over the due date. */
  dueFrom: pmDate.optional(),
  dueTo: pmDate.optional(),
  /** Only issued invoices with a balance whose due date has passed. */
  overdue: z.enum(['true', 'false'], 'must be true or false').optional(),
  /** Part of the invoice number or the vendor's name. */
  q: z.string().trim().max(100, 'at most 100 characters').regex(NO_NUL, noNul).optional(),
};
export const invoiceListQuery = z.object({ ...invoiceFilterShape, ...keysetQueryShape }).strict();
export const invoiceExportQuery = z
  .object({ ...invoiceFilterShape, format: z.enum(INVOICE_EXPORT_FORMATS, 'must be csv or xlsx') })
  .strict();

export const invoiceTotalsSchema = z.object({
  count: z.number().int(),
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  waived: z.number().int(),
  credited: z.number().int(),
  balance: z.number().int(),
});
export const invoicePageSchema = z.object({
  items: z.array(invoiceSchema),
  nextCursor: z.string().nullable(),
  /** Over every invoice matching the filters, not only this page. */
  totals: invoiceTotalsSchema,
  currency: z.string().nullable(),
});

export const paymentsOverviewQuery = z
  .object({ marketDayId: pmUuid.optional(), dueFrom: pmDate.optional(), dueTo: pmDate.optional() })
  .strict();
export const paymentsOverviewSchema = z.object({
  currency: z.string().nullable(),
  states: z.array(invoiceTotalsSchema.extend({ state: z.enum(INVOICE_STATES) })),
  totals: invoiceTotalsSchema,
});

export const cancelInvoiceSchema = z.object({ reason: pmReason }).strict();
export const adjustmentCreateSchema = z
  .object({
    kind: z.enum(INVOICE_ADJUSTMENT_KINDS, `must be one of ${INVOICE_ADJUSTMENT_KINDS.join(', ')}`),
    amount: pmAmount,
    reason: pmReason,
  })
  .strict();

export const invoiceLineSchema = feeLineSchema.extend({ id: z.uuid(), position: z.number().int() });
export const adjustmentSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  kind: z.enum(INVOICE_ADJUSTMENT_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  approvedBy: z.uuid().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
});
export const invoiceAllocationSchema = z.object({
  allocationId: z.uuid(),
  paymentId: z.uuid(),
  receiptNumber: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  /** Refunded so far of this allocation. */
  refunded: z.number().int(),
  receivedAt: z.string(),
});
export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  vendorId: z.uuid(),
  invoiceId: z.uuid().nullable(),
  entryType: z.enum(LEDGER_ENTRY_TYPES),
  sourceType: z.string(),
  sourceId: z.uuid(),
  /** The document's number (invoice or receipt), when it has one. */
  document: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  occurredOn: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export const historyEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
  reason: z.string().nullable(),
  /** A refund outside the booking's refund window: why the actor (a manager) allowed it. */
  overrideReason: z.string().nullable(),
});

export const refundSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  receiptNumber: z.string().nullable(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  vendorId: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reason: z.string(),
  /** Set when the refund was outside the booking's refund window: why it was allowed; `createdBy` approved it. */
  overrideReason: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  allocations: z.array(invoiceAllocationSchema),
  refunds: z.array(refundSchema),
  adjustments: z.array(adjustmentSchema),
  ledger: z.array(ledgerEntrySchema),
  history: z.array(historyEntrySchema),
});

export const assignmentInvoicesResultSchema = z.object({ invoices: z.array(invoiceDetailSchema) });

export type FeeRule = z.infer<typeof feeRuleSchema>;
export type FeeLine = z.infer<typeof feeLineSchema>;
export type AssignmentFees = z.infer<typeof assignmentFeesSchema>;
export type DeclaredSales = z.infer<typeof declaredSalesResultSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;
export type Refund = z.infer<typeof refundSchema>;
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type PaymentsOverview = z.infer<typeof paymentsOverviewSchema>;
