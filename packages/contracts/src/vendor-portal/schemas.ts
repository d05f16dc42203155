import { z } from 'zod';
import { ASSIGNMENT_INVOICE_STATES, ASSIGNMENT_STATUSES, MARKET_REQUEST_STATUSES } from '../market-assignments/constants.js';
import { MARKET_DAY_STATUS_VALUES } from '../market-days/constants.js';
import { INVOICE_KINDS, INVOICE_STATES, PAYMENT_METHODS } from '../payment-management/constants.js';
import { invoiceAllocationSchema, invoiceLineSchema } from '../payment-management/schemas.js';

// The signed-in vendor's own market days and money: always the caller's own vendor record, never another's.
// Money is integer minor units of the invoice's currency (the organization's base currency).

/**
 * One market day of the vendor: a booking of a slot (with the status of the request it came from, if any), or a
 * request that has no booking that day. The invoice state is the staff board's: over the booking's issued
 * invoices, any overdue, then any unpaid, then all waived, then paid; `none` without an issued invoice.
 */
export const vendorMarketDaySchema = z.object({
  /** The booking's id, or the request's when the day has no booking. */
  id: z.uuid(),
  requestId: z.uuid().nullable(),
  assignmentId: z.uuid().nullable(),
  marketDayId: z.uuid(),
  date: z.string(),
  /** HH:MM, the market's local time. */
  openTime: z.string(),
  closeTime: z.string(),
  dayStatus: z.enum(MARKET_DAY_STATUS_VALUES),
  locationId: z.uuid(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  categoryId: z.uuid(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  categoryColour: z.string(),
  requestStatus: z.enum(MARKET_REQUEST_STATUSES).nullable(),
  /** null while the day has only a request. */
  bookingStatus: z.enum(ASSIGNMENT_STATUSES).nullable(),
  slotCode: z.string().nullable(),
  invoiceState: z.enum(ASSIGNMENT_INVOICE_STATES),
});

/** Upcoming days (today included) soonest first, then past days latest first. */
export const vendorMarketDaysSchema = z.object({
  upcoming: z.array(vendorMarketDaySchema),
  past: z.array(vendorMarketDaySchema),
});

/** An invoice the vendor was sent (drafts are never shown), with its figures from the ledger. */
export const vendorInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** Never `draft`. */
  state: z.enum(INVOICE_STATES),
  currency: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  marketDayId: z.uuid().nullable(),
  marketDate: z.string().nullable(),
  locationNameEn: z.string().nullable(),
  locationNameAr: z.string().nullable(),
  slotCode: z.string().nullable(),
  /** Sum of the lines. */
  total: z.number().int(),
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  waived: z.number().int(),
  credited: z.number().int(),
  /** What the vendor still owes on it. */
  balance: z.number().int(),
});

export const vendorRefundSchema = z.object({
  id: z.uuid(),
  /** The receipt of the payment it returns money from. */
  receiptNumber: z.string().nullable(),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reason: z.string(),
  createdAt: z.string(),
});

/** One invoice with its lines, the payments applied to it and the refunds: what its printed copy shows. */
export const vendorInvoiceDetailSchema = vendorInvoiceSchema.extend({
  vendorName: z.string(),
  notes: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  allocations: z.array(invoiceAllocationSchema),
  refunds: z.array(vendorRefundSchema),
});

export const vendorInvoiceParams = z.object({ id: z.uuid('must be an id') });

export type VendorMarketDay = z.infer<typeof vendorMarketDaySchema>;
export type VendorMarketDays = z.infer<typeof vendorMarketDaysSchema>;
export type VendorInvoice = z.infer<typeof vendorInvoiceSchema>;
export type VendorInvoiceDetail = z.infer<typeof vendorInvoiceDetailSchema>;
