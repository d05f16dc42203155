import { z } from 'zod';
import { pmAmount, pmTimestamp, pmUuid } from '../payment-management/schemas.js';
import { POS_DISCOUNT_KINDS, POS_LIMITS as L, POS_ORDER_KINDS, POS_ORDER_PLACEMENTS, POS_TENDERS } from './constants.js';

// Orders: every sale of a register is one, and a return is one that names the sale it returns.

const quantity = z
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(L.quantity, `at most ${L.quantity}`);
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

export const discountSchema = z
  .object({
    kind: z.enum(POS_DISCOUNT_KINDS, 'must be percentage or amount'),
    /** Basis points for a percentage (1% = 100, at most 100%), minor units for an amount. */
    value: z.number('must be a whole number').int('must be a whole number').min(0, 'must be 0 or more').max(100_000_000_000),
  })
  .strict()
  .refine((d) => d.kind !== 'percentage' || d.value <= 10_000, { message: 'a percentage is at most 10000 (100%)', path: ['value'] });
export type PosDiscount = z.infer<typeof discountSchema>;

export const orderLineInputSchema = z
  .object({
    productId: pmUuid,
    variantId: pmUuid.nullable().optional(),
    quantity,
    /** The price the register showed, in minor units, tax included (the sale happened at it). */
    unitPrice: z
      .number('must be a whole number of minor units')
      .int('must be a whole number of minor units')
      .min(0, 'must be 0 or more')
      .max(100_000_000_000),
    discount: discountSchema.optional(),
  })
  .strict();

export const orderPaymentInputSchema = z
  .object({
    tender: z.enum(POS_TENDERS, `must be one of ${POS_TENDERS.join(', ')}`),
    /** What the customer handed over with this tender; for cash it may exceed the rest due (change is given). */
    amount: pmAmount,
    reference: text(L.reference).optional(),
  })
  .strict();

/** A sale as the register sends it. `id` is generated when the cart is started: sending it again is safe. */
export const orderCreateSchema = z
  .object({
    id: pmUuid,
    registerId: pmUuid,
    /** The session the register sold in; a closed one moves the sale to the open session, or holds it. */
    sessionId: pmUuid,
    soldAt: pmTimestamp,
    lines: z.array(orderLineInputSchema).min(1, 'add at least one item').max(L.linesPerOrder, `at most ${L.linesPerOrder} lines`),
    orderDiscount: discountSchema.optional(),
    payments: z.array(orderPaymentInputSchema).min(1, 'add a payment').max(10, 'at most 10 payments'),
    customerName: text(L.customer).optional(),
    customerEmail: z.email('must be an e-mail address').max(L.customer).optional(),
    note: text(L.note).optional(),
  })
  .strict();
export type PosOrderCreate = z.infer<typeof orderCreateSchema>;

/** A return of some lines of a sale. `id` is the client's, as for a sale. */
export const orderReturnSchema = z
  .object({
    id: pmUuid,
    registerId: pmUuid,
    sessionId: pmUuid,
    lines: z
      .array(z.object({ lineId: pmUuid, quantity, restock: z.boolean().optional() }).strict())
      .min(1, 'choose at least one line')
      .max(L.linesPerOrder),
    /** Refund to the sale's own tenders (in their order) or in cash. */
    refundTo: z.enum(['original', 'cash'], 'must be original or cash').optional(),
    reason: text(L.reason).optional(),
  })
  .strict();
export type PosOrderReturn = z.infer<typeof orderReturnSchema>;

export const orderLineSchema = z.object({
  id: z.uuid(),
  lineNo: z.number().int(),
  productId: z.uuid().nullable(),
  variantId: z.uuid().nullable(),
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  categoryId: z.uuid().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** The catalogue's price when the server recorded the line (it may differ from the price sold at). */
  listPrice: z.number().int(),
  discount: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  commission: z.number().int(),
  /** Sold while the item's stock was at or below zero (the register allows it). */
  soldPastZero: z.boolean(),
  /** For a sale's line: how many have been returned; for a return's line: the sale line it returns. */
  returnedQuantity: z.number().int(),
  originalLineId: z.uuid().nullable(),
  restocked: z.boolean(),
});
export type PosOrderLine = z.infer<typeof orderLineSchema>;

export const orderPaymentSchema = z.object({
  tender: z.enum(POS_TENDERS),
  amount: z.number().int(),
  change: z.number().int(),
  reference: z.string(),
});

export const orderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(POS_ORDER_KINDS),
  receiptNumber: z.string(),
  registerId: z.uuid(),
  registerName: z.string(),
  sessionId: z.uuid().nullable(),
  placement: z.enum(POS_ORDER_PLACEMENTS),
  originalOrderId: z.uuid().nullable(),
  originalReceiptNumber: z.string().nullable(),
  soldAt: z.string(),
  recordedAt: z.string(),
  cashierName: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  note: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  lines: z.array(orderLineSchema),
  payments: z.array(orderPaymentSchema),
  returns: z.array(z.object({ id: z.uuid(), receiptNumber: z.string(), total: z.number().int(), soldAt: z.string() })),
});
export type PosOrder = z.infer<typeof orderSchema>;

/** E-mail a receipt: to the address given, or to the customer's address recorded with the sale. */
export const orderEmailSchema = z
  .object({ to: z.email('must be an e-mail address').max(L.customer, `at most ${L.customer} characters`).optional() })
  .strict();
export type PosOrderEmail = z.infer<typeof orderEmailSchema>;

/** The answer to sending a sale or a return: the stored order, and whether it had already been recorded. */
export const orderRecordedSchema = z.object({ order: orderSchema, alreadyRecorded: z.boolean() });
export type PosOrderRecorded = z.infer<typeof orderRecordedSchema>;

export const orderListQuery = z
  .object({
    kind: z.enum(POS_ORDER_KINDS, 'must be sale or return').optional(),
    placement: z.enum(POS_ORDER_PLACEMENTS, `must be one of ${POS_ORDER_PLACEMENTS.join(', ')}`).optional(),
    registerId: pmUuid.optional(),
    sessionId: pmUuid.optional(),
    vendorId: pmUuid.optional(),
    tender: z.enum(POS_TENDERS, `must be one of ${POS_TENDERS.join(', ')}`).optional(),
    from: z.iso.date('must be a date written YYYY-MM-DD').optional(),
    to: z.iso.date('must be a date written YYYY-MM-DD').optional(),
    minTotal: z.coerce.number('must be a number').int('must be a whole number').optional(),
    maxTotal: z.coerce.number('must be a number').int('must be a whole number').optional(),
    /** A receipt number or part of the customer's name or e-mail. */
    q: text(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(L.page).optional(),
  })
  .strict();
export type PosOrderListQuery = z.infer<typeof orderListQuery>;

/** The orders the list's filters match, as a file (newest first, at most POS_LIMITS.exportRows). */
export const orderExportQuery = orderListQuery
  .omit({ cursor: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx'], 'must be csv or xlsx') })
  .strict();
export type PosOrderExportQuery = z.infer<typeof orderExportQuery>;

export const orderSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(POS_ORDER_KINDS),
  receiptNumber: z.string(),
  registerName: z.string(),
  soldAt: z.string(),
  cashierName: z.string().nullable(),
  customerName: z.string(),
  lineCount: z.number().int(),
  vendorCount: z.number().int(),
  tenders: z.array(z.enum(POS_TENDERS)),
  total: z.number().int(),
  placement: z.enum(POS_ORDER_PLACEMENTS),
});
export type PosOrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = z.object({ items: z.array(orderSummarySchema), nextCursor: z.string().nullable() });

/** A product as the register sells it: by barcode, SKU or name, with its vendor, price, tax and stock. */
export const sellableSchema = z.object({
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  sku: z.string(),
  barcode: z.string().nullable(),
  nameEn: z.string(),
  nameAr: z.string(),
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  price: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  /** Variants keep a stock count; a product sold without a variant does not. */
  tracksStock: z.boolean(),
  stock: z.number().int().nullable(),
});
export type PosSellable = z.infer<typeof sellableSchema>;

export const lookupQuery = z.object({ q: z.string().trim().min(1, 'is required').max(100, 'at most 100 characters') }).strict();

/** What a register keeps to sell offline; refreshed while online. */
export const registerSnapshotSchema = z.object({
  takenAt: z.string(),
  register: z.object({ id: z.uuid(), name: z.string(), tenders: z.array(z.enum(POS_TENDERS)), allowNegativeStock: z.boolean() }),
  currency: z.object({ code: z.string(), minorDigits: z.number().int() }).nullable(),
  /** The largest discount the signed-in cashier's role may give, in basis points; null: no limit. */
  discountLimit: z.number().int().nullable(),
  items: z.array(sellableSchema),
});
export type PosRegisterSnapshot = z.infer<typeof registerSnapshotSchema>;

/** A vendor's own lines of the organization's orders (permission vendor_orders). */
export const vendorOrderLineSchema = z.object({
  orderId: z.uuid(),
  kind: z.enum(POS_ORDER_KINDS),
  receiptNumber: z.string(),
  soldAt: z.string(),
  line: orderLineSchema,
});
export const vendorOrderLinesQuery = z
  .object({
    from: z.iso.date('must be a date written YYYY-MM-DD').optional(),
    to: z.iso.date('must be a date written YYYY-MM-DD').optional(),
  })
  .strict();
