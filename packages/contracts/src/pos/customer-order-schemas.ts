import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { pmAmount, pmDate, pmUuid } from '../payment-management/schemas.js';
import {
  CUSTOMER_ORDER_FULFILMENTS,
  CUSTOMER_ORDER_LIMITS as CL,
  CUSTOMER_ORDER_STATES,
  POS_LIMITS as L,
  POS_TENDERS,
} from './constants.js';
import { discountSchema } from './order-schemas.js';

// Customer orders: taken by staff for pickup or delivery, confirmed, made ready, paid and completed (the sale is
// then recorded at the order's register) or cancelled. See CUSTOMER_ORDER_STATES.

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

export const customerOrderLineInputSchema = z
  .object({
    productId: pmUuid,
    variantId: pmUuid.nullable().optional(),
    quantity: z
      .number('must be a whole number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(L.quantity, `at most ${L.quantity}`),
    /** Minor units, tax included; left out: the catalogue's price when the order is saved. */
    unitPrice: z
      .number('must be a whole number of minor units')
      .int('must be a whole number of minor units')
      .min(0, 'must be 0 or more')
      .max(100_000_000_000)
      .optional(),
    discount: discountSchema.optional(),
  })
  .strict();
export type CustomerOrderLineInput = z.infer<typeof customerOrderLineInputSchema>;

const fields = {
  /** The register that hands the order over and records its sale. */
  registerId: pmUuid,
  fulfilment: z.enum(CUSTOMER_ORDER_FULFILMENTS, 'must be pickup or delivery'),
  customerName: text(L.customer).min(1, 'is required'),
  customerEmail: z.union([z.literal(''), z.email('must be an e-mail address').max(L.customer)]).optional(),
  customerPhone: text(CL.phone).optional(),
  /** Required for a delivery. */
  deliveryAddress: text(CL.address).optional(),
  /** The day the customer expects it. */
  dueOn: pmDate.nullable().optional(),
  note: text(L.note).optional(),
  lines: z
    .array(customerOrderLineInputSchema, 'must be a list of items')
    .min(1, 'add at least one item')
    .max(L.linesPerOrder, `at most ${L.linesPerOrder} lines`),
  orderDiscount: discountSchema.nullable().optional(),
};

const needsAddress = (o: { fulfilment?: string; deliveryAddress?: string }) => o.fulfilment !== 'delivery' || !!o.deliveryAddress?.trim();
const addressIssue = { message: 'is required for a delivery', path: ['deliveryAddress'] };

export const customerOrderCreateSchema = z.object(fields).strict().refine(needsAddress, addressIssue);
export type CustomerOrderCreate = z.infer<typeof customerOrderCreateSchema>;

/** A draft's changes (lines, when sent, replace all of them). Only a draft is edited. */
export const customerOrderUpdateSchema = z
  .object({ ...fields, ...concurrencyShape })
  .partial()
  .required({ expectedUpdatedAt: true })
  .strict();
export type CustomerOrderUpdate = z.infer<typeof customerOrderUpdateSchema>;

/** Move an order on: confirm (takes the stock), ready, complete (paid in full) or cancel (with a reason). */
export const customerOrderTransitionSchema = z
  .object({
    state: z.enum(['confirmed', 'ready', 'completed', 'cancelled'], 'must be confirmed, ready, completed or cancelled'),
    reason: text(L.reason).optional(),
    ...concurrencyShape,
  })
  .strict()
  .refine((t) => t.state !== 'cancelled' || !!t.reason?.trim(), { message: 'say why the order is cancelled', path: ['reason'] });
export type CustomerOrderTransition = z.infer<typeof customerOrderTransitionSchema>;

/** A payment taken for a confirmed or ready order: at most what is still due. */
export const customerOrderPaymentCreateSchema = z
  .object({
    tender: z.enum(POS_TENDERS, `must be one of ${POS_TENDERS.join(', ')}`),
    amount: pmAmount,
    reference: text(L.reference).optional(),
  })
  .strict();
export type CustomerOrderPaymentCreate = z.infer<typeof customerOrderPaymentCreateSchema>;

export const customerOrderLineSchema = z.object({
  id: z.uuid(),
  lineNo: z.number().int(),
  productId: z.uuid().nullable(),
  variantId: z.uuid().nullable(),
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** The order took this line's stock when it was confirmed (it is put back when the order is cancelled). */
  stockTaken: z.boolean(),
});
export type CustomerOrderLine = z.infer<typeof customerOrderLineSchema>;

/** A payment (positive) or a refund of one (negative, when a paid order is cancelled). */
export const customerOrderPaymentSchema = z.object({
  id: z.uuid(),
  tender: z.enum(POS_TENDERS),
  amount: z.number().int(),
  reference: z.string(),
  byName: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerOrderPayment = z.infer<typeof customerOrderPaymentSchema>;

/** What happened to the order, oldest first: created, edited, each state it went to, each payment and refund. */
export const customerOrderEventSchema = z.object({
  at: z.string(),
  byName: z.string().nullable(),
  event: z.enum(['created', 'edited', 'confirmed', 'ready', 'completed', 'cancelled', 'payment', 'refund']),
  /** Why a cancelled order was cancelled; '' otherwise. */
  reason: z.string(),
  /** A payment's or refund's tender and amount (negative for a refund); null for other events. */
  tender: z.enum(POS_TENDERS).nullable(),
  amount: z.number().int().nullable(),
});
export type CustomerOrderEvent = z.infer<typeof customerOrderEventSchema>;

export const customerOrderSchema = z.object({
  id: z.uuid(),
  /** O-000001, one sequence per organization. */
  number: z.string(),
  state: z.enum(CUSTOMER_ORDER_STATES),
  fulfilment: z.enum(CUSTOMER_ORDER_FULFILMENTS),
  registerId: z.uuid(),
  registerName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  deliveryAddress: z.string(),
  dueOn: z.string().nullable(),
  note: z.string(),
  orderDiscount: discountSchema.nullable(),
  lines: z.array(customerOrderLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Payments less refunds. */
  paid: z.number().int(),
  payments: z.array(customerOrderPaymentSchema),
  history: z.array(customerOrderEventSchema),
  /** The sale recorded when the order was completed (an order of the register, in Orders). */
  saleId: z.uuid().nullable(),
  saleReceiptNumber: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrderSummarySchema = customerOrderSchema.pick({
  id: true,
  number: true,
  state: true,
  fulfilment: true,
  registerName: true,
  customerName: true,
  dueOn: true,
  total: true,
  paid: true,
  createdAt: true,
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

export const customerOrderListQuery = z
  .object({
    state: z.enum(CUSTOMER_ORDER_STATES, `must be one of ${CUSTOMER_ORDER_STATES.join(', ')}`).optional(),
    fulfilment: z.enum(CUSTOMER_ORDER_FULFILMENTS, 'must be pickup or delivery').optional(),
    registerId: pmUuid.optional(),
    /** An order number or part of the customer's name, e-mail or phone. */
    q: text(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(L.page).optional(),
  })
  .strict();
export type CustomerOrderListQuery = z.infer<typeof customerOrderListQuery>;

export const customerOrderPageSchema = z.object({ items: z.array(customerOrderSummarySchema), nextCursor: z.string().nullable() });
export type CustomerOrderPage = z.infer<typeof customerOrderPageSchema>;
