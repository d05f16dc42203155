import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  FEE_RULE_KINDS,
  INVOICE_ADJUSTMENT_KINDS,
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  LEDGER_ENTRY_TYPES,
  PAYMENT_METHODS,
} from '@market/contracts/plain';
import { marketAssignments } from './assignments.js';
import { users } from './auth.js';
import { marketCategories } from './market.js';
import { organizations } from './platform.js';
import { vendors } from './vendors.js';
// The value lists are the contract's (one source for the database, the API and the forms).
export {
  FEE_RULE_KINDS,
  INVOICE_ADJUSTMENT_KINDS,
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  LEDGER_ENTRY_TYPES,
  PAYMENT_METHODS,
};

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const actor = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });
/** Integer minor units of the organization's base currency. */
const money = (name: string) => bigint(name, { mode: 'number' });

/** How fees are computed; a rule applies to assignments accepted within its validity dates. */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    kind: text('kind', { enum: FEE_RULE_KINDS }).notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    /** Per day (flat, category, power, fine) or per square metre per day. */
    amount: money('amount').notNull().default(0),
    /** sales_percentage: share of declared sales, in basis points. */
    rateBasisPoints: integer('rate_basis_points').notNull().default(0),
    /** sales_percentage: the least it charges. */
    minimumAmount: money('minimum_amount').notNull().default(0),
    /** category rules: the market category it prices; null elsewhere. */
    categoryId: uuid('category_id').references(() => marketCategories.id, { onDelete: 'restrict' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fee_rules_org_idx').on(t.orgId, t.validFrom),
    check('fee_rules_amounts', sql`${t.amount} >= 0 and ${t.minimumAmount} >= 0 and ${t.rateBasisPoints} between 0 and 10000`),
    check('fee_rules_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/** Gap-free document numbers per organization and kind (invoice, receipt), taken under the row's lock. */
export const documentCounters = pgTable(
  'document_counters',
  {
    orgId: orgId(),
    kind: text('kind').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);

/**
 * An invoice to a vendor, usually for one assignment. Its amounts are not stored here: they are the sums
 * of its ledger entries (view `invoice_balances`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    assignmentId: uuid('assignment_id').references(() => marketAssignments.id, { onDelete: 'restrict' }),
    /** Given when the invoice is issued (drafts have none), gap-free per organization. */
    number: text('number'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('full'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    statusReason: text('status_reason'),
    issuedAt: ts('issued_at'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_org_number_key').on(t.orgId, t.number),
    index('invoices_org_vendor_idx').on(t.orgId, t.vendorId),
    index('invoices_assignment_idx').on(t.assignmentId),
    index('invoices_org_due_idx').on(t.orgId, t.dueDate),
  ],
);

/** The lines of an invoice, frozen when it is made from the fee rules then in force. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitAmount: money('unit_amount').notNull(),
    amount: money('amount').notNull(),
    feeRuleId: uuid('fee_rule_id').references(() => feeRules.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_amount', sql`${t.amount} = ${t.quantity} * ${t.unitAmount}`),
  ],
);

/** Money received from a vendor, allocated to one or more invoices. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference'),
    note: text('note'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    receiptNumber: text('receipt_number'),
    takenBy: actor('taken_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_org_vendor_idx').on(t.orgId, t.vendorId),
    uniqueIndex('payments_org_receipt_key').on(t.orgId, t.receiptNumber),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Money returned to a vendor, against what one payment paid on one invoice. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reason: text('reason').notNull(),
    /** Why a refund outside the booking's refund window was allowed; `created_by` is the manager who approved it. */
    overrideReason: text('override_reason'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_invoice_idx').on(t.invoiceId), check('refunds_amount_positive', sql`${t.amount} > 0`)],
);

/** A waiver, discount or credit note on an invoice: always with a reason and who approved it. */
export const invoiceAdjustments = pgTable(
  'invoice_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_ADJUSTMENT_KINDS }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    approvedBy: actor('approved_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_adjustments_invoice_idx').on(t.invoiceId), check('invoice_adjustments_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * The one vendor ledger: append-only (a trigger refuses UPDATE and DELETE), signed minor units (> 0 the
 * vendor owes more, < 0 less), each entry naming its source document. Every balance is a sum of these.
 */
export const vendorLedgerEntries = pgTable(
  'vendor_ledger_entries',
  {
    /** Order of writing; statements list entries by it. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid('id').notNull().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    entryType: text('entry_type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    /** The document that moved the money: invoice_line, payment_allocation, payment, refund, invoice_adjustment, invoice. */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The business date of the entry (a statement's range is over it). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    memo: text('memo'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_ledger_entries_id_key').on(t.id),
    index('vendor_ledger_entries_vendor_idx').on(t.orgId, t.vendorId, t.occurredOn, t.seq),
    index('vendor_ledger_entries_invoice_idx').on(t.invoiceId),
    index('vendor_ledger_entries_source_idx').on(t.sourceType, t.sourceId),
    check(
      'vendor_ledger_entries_sign',
      sql`(${t.entryType} in ('charge', 'refund', 'sale_return', 'commission', 'payout') and ${t.amount} > 0) or (${t.entryType} in ('payment', 'waiver', 'discount', 'credit', 'cancellation', 'sale', 'commission_reversal') and ${t.amount} < 0)`,
    ),
  ],
);

/**
 * A money-moving request's key and its stored answer, written in the request's own transaction: the same key
 * and body answer the stored result again; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: orgId(),
    key: text('key').notNull(),
    /** Method and route pattern the key was used on. */
    scope: text('scope').notNull(),
    /** sha256 of the request's parameters and body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] })],
);
