import { z } from 'zod';
import { ASSIGNMENT_INVOICE_STATES, ASSIGNMENT_STATUSES, MARKET_REQUEST_STATUSES } from '../market-assignments/constants.js';
import { MARKET_DAY_STATUS_VALUES } from '../market-days/constants.js';
import {
  declaredSalesResultSchema,
  invoiceAllocationSchema,
  invoiceLineSchema,
  invoiceSchema,
  refundSchema,
} from '../payment-management/schemas.js';

// The signed-in vendor's own market days and money: always the caller's own vendor record, never another's.
// Money is integer minor units of the invoice's currency (the organization's base currency). The money shapes
// are the staff ones (payment-management) less what only staff read.

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
  /** The sales declared for the booked day (minor units of the base currency); null while none are declared. */
  declaredSales: z.number().int().nullable(),
  /** The vendor may declare (or correct) them: a booking that held its slot, on or after its market day. */
  canDeclareSales: z.boolean(),
});

/** Upcoming days (today included) soonest first, then past days latest first. */
export const vendorMarketDaysSchema = z.object({
  upcoming: z.array(vendorMarketDaySchema),
  past: z.array(vendorMarketDaySchema),
  /** The organization's base currency, which declared sales are in (null while it has none). */
  currency: z.string().nullable(),
});

/** An invoice the vendor was sent (drafts are never shown), with its figures from the ledger. */
export const vendorInvoiceSchema = invoiceSchema
  .pick({
    id: true,
    kind: true,
    state: true,
    currency: true,
    issueDate: true,
    dueDate: true,
    marketDayId: true,
    marketDate: true,
    total: true,
    charged: true,
    paid: true,
    refunded: true,
    waived: true,
    credited: true,
    balance: true,
  })
  .extend({
    /** Every invoice the vendor sees was issued, so it has its number. */
    number: z.string(),
    locationNameEn: z.string().nullable(),
    locationNameAr: z.string().nullable(),
    slotCode: z.string().nullable(),
  });

/** A refund as the vendor reads it (`receiptNumber`: of the payment it returns money from), without staff details. */
export const vendorRefundSchema = refundSchema.pick({
  id: true,
  receiptNumber: true,
  amount: true,
  method: true,
  reason: true,
  createdAt: true,
});

/** One invoice with its lines, the payments applied to it and the refunds: what its printed copy shows. */
export const vendorInvoiceDetailSchema = vendorInvoiceSchema.extend({
  ...invoiceSchema.pick({ vendorName: true, notes: true }).shape,
  lines: z.array(invoiceLineSchema),
  allocations: z.array(invoiceAllocationSchema),
  refunds: z.array(vendorRefundSchema),
});

export const vendorInvoiceParams = z.object({ id: z.uuid('must be an id') });

/** The sales as stored on the booking (who declared them is for staff). */
export const vendorDeclaredSalesSchema = declaredSalesResultSchema.omit({ declaredSalesBy: true });

export type VendorMarketDay = z.infer<typeof vendorMarketDaySchema>;
export type VendorMarketDays = z.infer<typeof vendorMarketDaysSchema>;
export type VendorInvoice = z.infer<typeof vendorInvoiceSchema>;
export type VendorInvoiceDetail = z.infer<typeof vendorInvoiceDetailSchema>;
export type VendorDeclaredSales = z.infer<typeof vendorDeclaredSalesSchema>;
