import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  documentPdfQuery,
  invoiceEmailResultSchema,
  ledgerConsistencyQuery,
  ledgerConsistencySchema,
  ledgerExportQuery,
  ledgerQuery,
  paymentCreateSchema,
  paymentDetailSchema,
  paymentListQuery,
  paymentPageSchema,
  refundCreateSchema,
  refundWindowSchema,
  vendorStatementSchema,
} from './payment-schemas.js';
import {
  adjustmentCreateSchema,
  assignmentFeesSchema,
  assignmentInvoicesResultSchema,
  cancelInvoiceSchema,
  createAssignmentInvoicesSchema,
  declaredSalesResultSchema,
  declaredSalesSchema,
  feePreviewQuery,
  feeRuleCreateSchema,
  feeRuleListQuery,
  feeRuleSchema,
  feeRuleUpdateSchema,
  invoiceDetailSchema,
  invoiceExportQuery,
  invoiceListQuery,
  invoicePageSchema,
  manualInvoiceCreateSchema,
  paymentsOverviewQuery,
  paymentsOverviewSchema,
  refundSchema,
} from './schemas.js';

export * from './schemas.js';
export * from './payment-schemas.js';

// Every route that moves money (marked "Idempotency-Key" below) needs the `Idempotency-Key` header: the same
// key and body answer the stored result again (with `Idempotent-Replayed: true`), the same key with another
// body is a 422 naming the header.
const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be an id') }).strict();
const tag = 'payment-management';

// ---- fee rules ----
export const listFeeRules = defineRoute({
  method: 'GET',
  path: '/fee-rules',
  tag,
  summary: 'Fee rules of the organization (filters: kind, in force on a date)',
  access,
  query: feeRuleListQuery,
  response: z.array(feeRuleSchema),
});
export const createFeeRule = defineRoute({
  method: 'POST',
  path: '/fee-rules',
  tag,
  summary: 'Add a fee rule with its validity dates',
  access,
  body: feeRuleCreateSchema,
  response: feeRuleSchema,
  status: 201,
});
export const updateFeeRule = defineRoute({
  method: 'PATCH',
  path: '/fee-rules/:id',
  tag,
  summary: 'Change a fee rule (invoices already made keep their frozen lines)',
  access,
  params: idParams,
  body: feeRuleUpdateSchema,
  response: feeRuleSchema,
});
export const deleteFeeRule = defineRoute({
  method: 'DELETE',
  path: '/fee-rules/:id',
  tag,
  summary: 'Remove a fee rule never used on an invoice line (a used one is ended with validTo instead)',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});

// ---- an assignment's fees and invoices ----
export const getAssignmentFees = defineRoute({
  method: 'GET',
  path: '/assignments/:id/fees',
  tag,
  summary: "The fee lines the rules in force at the request's acceptance give this assignment, and the deposit/balance schedule",
  access,
  params: idParams,
  query: feePreviewQuery,
  response: assignmentFeesSchema,
});
export const createAssignmentInvoices = defineRoute({
  method: 'POST',
  path: '/assignments/:id/invoices',
  tag,
  summary:
    'Create and issue the assignment invoice(s) from its fee preview (Idempotency-Key); refused while earlier ones are not cancelled',
  access,
  params: idParams,
  body: createAssignmentInvoicesSchema,
  response: assignmentInvoicesResultSchema,
  status: 201,
});

export const declareSales = defineRoute({
  method: 'PUT',
  path: '/market-assignments/:id/declared-sales',
  tag,
  summary:
    'Record the sales declared for a booking (minor units, 0 or more); sales_percentage fees charge a share of them. Refused on a cancelled booking, and changed once the share is invoiced only after that invoice is cancelled',
  access,
  params: idParams,
  body: declaredSalesSchema,
  response: declaredSalesResultSchema,
});
export const createSalesShareInvoice = defineRoute({
  method: 'POST',
  path: '/assignments/:id/sales-invoice',
  tag,
  summary:
    'Invoice the share of declared sales of a booking invoiced before its sales were declared: one invoice for the sales_percentage line only, never twice (Idempotency-Key)',
  access,
  params: idParams,
  response: invoiceDetailSchema,
  status: 201,
});

// ---- invoices ----
export const listInvoices = defineRoute({
  method: 'GET',
  path: '/invoices',
  tag,
  summary: 'Invoices with their ledger figures (filters: state, vendor, day, due dates, overdue), with totals over the filter',
  access,
  query: invoiceListQuery,
  response: invoicePageSchema,
});
export const exportInvoices = defineRoute({
  method: 'GET',
  path: '/invoices/export',
  tag,
  summary: 'The invoices matching the filters as a CSV or XLSX file; cells starting with = + - @ tab or CR are neutralised',
  access,
  query: invoiceExportQuery,
  response: z.string(),
});
export const paymentsOverview = defineRoute({
  method: 'GET',
  path: '/payments/overview',
  tag,
  summary: 'Invoice counts and figures per state (market day, due dates)',
  access,
  query: paymentsOverviewQuery,
  response: paymentsOverviewSchema,
});
export const getInvoice = defineRoute({
  method: 'GET',
  path: '/invoices/:id',
  tag,
  summary: 'One invoice: lines, payments allocated, refunds, adjustments, ledger entries and history',
  access,
  params: idParams,
  response: invoiceDetailSchema,
});
export const getInvoicePdf = defineRoute({
  method: 'GET',
  path: '/invoices/:id/pdf',
  tag,
  summary: 'One invoice as an A4 PDF in the language asked for (lines, figures, payments)',
  access,
  params: idParams,
  query: documentPdfQuery,
  response: z.string(),
});
export const createInvoice = defineRoute({
  method: 'POST',
  path: '/invoices',
  tag,
  summary: 'A manual invoice to a vendor (e.g. a fine), as a draft or issued at once (Idempotency-Key)',
  access,
  body: manualInvoiceCreateSchema,
  response: invoiceDetailSchema,
  status: 201,
});
export const issueInvoice = defineRoute({
  method: 'POST',
  path: '/invoices/:id/issue',
  tag,
  summary: 'Issue a draft: it takes the next invoice number and charges its lines to the ledger (Idempotency-Key)',
  access,
  params: idParams,
  response: invoiceDetailSchema,
});
export const cancelInvoice = defineRoute({
  method: 'POST',
  path: '/invoices/:id/cancel',
  tag,
  summary: 'Cancel an invoice nothing is paid on (net of refunds), reversing its open balance (Idempotency-Key)',
  access,
  params: idParams,
  body: cancelInvoiceSchema,
  response: invoiceDetailSchema,
});
export const adjustInvoice = defineRoute({
  method: 'POST',
  path: '/invoices/:id/adjustments',
  tag,
  summary: 'A waiver, discount or credit of at most the open balance, with a reason; the caller approves it (Idempotency-Key)',
  access,
  params: idParams,
  body: adjustmentCreateSchema,
  response: invoiceDetailSchema,
  status: 201,
});
export const emailInvoice = defineRoute({
  method: 'POST',
  path: '/invoices/:id/email',
  tag,
  summary:
    "Queue an issued invoice to the vendor's e-mail address, in English and Arabic (at most 5 per invoice per hour; not a money movement)",
  access,
  params: idParams,
  response: invoiceEmailResultSchema,
});

// ---- payments and refunds ----
export const listPayments = defineRoute({
  method: 'GET',
  path: '/payments',
  tag,
  summary: 'Payments received (filters: vendor, invoice, method, dates), newest first',
  access,
  query: paymentListQuery,
  response: paymentPageSchema,
});
export const getPayment = defineRoute({
  method: 'GET',
  path: '/payments/:id',
  tag,
  summary: 'One payment with its allocations and refunds (the receipt)',
  access,
  params: idParams,
  response: paymentDetailSchema,
});
export const createPayment = defineRoute({
  method: 'POST',
  path: '/payments',
  tag,
  summary: "Record a payment allocated to the vendor's issued invoices; it takes the next receipt number (Idempotency-Key)",
  access,
  body: paymentCreateSchema,
  response: paymentDetailSchema,
  status: 201,
});
export const getRefundWindow = defineRoute({
  method: 'GET',
  path: '/invoices/:id/refund-window',
  tag,
  summary: "Whether a refund on this invoice is inside its booking's refund window, or needs a manager's override reason",
  access,
  params: idParams,
  response: refundWindowSchema,
});
export const createRefund = defineRoute({
  method: 'POST',
  path: '/refunds',
  tag,
  summary:
    "Refund part of what a payment paid on an invoice, with a reason; on a booking's invoice inside the refund window only, unless a manager gives overrideReason (Idempotency-Key)",
  access,
  body: refundCreateSchema,
  response: refundSchema,
  status: 201,
});

// ---- the vendor ledger ----
export const getVendorLedger = defineRoute({
  method: 'GET',
  path: '/vendors/:id/ledger',
  tag,
  summary: "A vendor's statement for a date range: opening balance, entries with running balance, closing balance",
  access,
  params: idParams,
  query: ledgerQuery,
  response: vendorStatementSchema,
});
export const exportVendorLedger = defineRoute({
  method: 'GET',
  path: '/vendors/:id/ledger/export',
  tag,
  summary: "A vendor's statement as CSV (English headers) or as an A4 PDF in the language asked for",
  access,
  params: idParams,
  query: ledgerExportQuery,
  response: z.string(),
});
export const getLedgerConsistency = defineRoute({
  method: 'GET',
  path: '/ledger/consistency',
  tag,
  summary:
    'Checks that invoices, payments, refunds, adjustments and the ledger agree (optionally for one vendor); lists every disagreement',
  access,
  query: ledgerConsistencyQuery,
  response: ledgerConsistencySchema,
});
export const runLedgerConsistencyCheck = defineRoute({
  method: 'POST',
  path: '/ledger/consistency-check',
  tag,
  summary: 'The same check as an admin action, recorded in the audit log',
  access,
  response: ledgerConsistencySchema,
});
