import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  cashierSchema,
  cashMoveCreateSchema,
  cashMoveSchema,
  commissionRuleCreateSchema,
  commissionRuleSchema,
  customerOrderCreateSchema,
  customerOrderListQuery,
  customerOrderPageSchema,
  customerOrderPaymentCreateSchema,
  customerOrderSchema,
  customerOrderTransitionSchema,
  customerOrderUpdateSchema,
  lookupQuery,
  orderCreateSchema,
  orderEmailSchema,
  orderExportQuery,
  orderListQuery,
  orderPageSchema,
  orderRecordedSchema,
  orderReturnSchema,
  orderSchema,
  payoutCreateSchema,
  payoutSchema,
  posChannelSchema,
  posSettingsSchema,
  posSettingsUpdateSchema,
  registerCreateSchema,
  registerListQuery,
  registerSchema,
  registerSnapshotSchema,
  registerUpdateSchema,
  salesReportExportQuery,
  salesReportQuery,
  salesReportSchema,
  sellableSchema,
  sessionCloseSchema,
  sessionListQuery,
  sessionOpenSchema,
  sessionReportSchema,
  sessionSchema,
  settlementRowSchema,
  vendorOrderLineSchema,
  vendorOrderLinesQuery,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });

// The seed gives every point-of-sale page to vendor_management.
const access = { permission: 'vendor_management' } as const;

export const listRegisters = defineRoute({
  method: 'GET',
  path: '/pos/registers',
  tag: 'pos',
  summary: 'Registers of the organization (active by default), by name',
  access,
  query: registerListQuery,
  response: z.array(registerSchema),
});

export const listPosChannels = defineRoute({
  method: 'GET',
  path: '/pos/channels',
  tag: 'pos',
  summary: "The organization's point-of-sale publishing channels a register may sell, by name",
  access,
  response: z.array(posChannelSchema),
});

export const createRegister = defineRoute({
  method: 'POST',
  path: '/pos/registers',
  tag: 'pos',
  summary: 'Add a register: name, location, default opening float, tenders and receipt texts in English and Arabic',
  access,
  body: registerCreateSchema,
  response: registerSchema,
  status: 201,
});

export const updateRegister = defineRoute({
  method: 'PATCH',
  path: '/pos/registers/:id',
  tag: 'pos',
  summary: 'Change a register, or archive it (status archived) and bring it back',
  access,
  params: idParams,
  body: registerUpdateSchema,
  response: registerSchema,
});

export const listCashiers = defineRoute({
  method: 'GET',
  path: '/pos/cashiers',
  tag: 'pos',
  summary: 'Staff of the organization who may use the point of sale, to name as the cashiers of a register',
  access,
  response: z.array(cashierSchema),
});

export const getPosSettings = defineRoute({
  method: 'GET',
  path: '/pos/settings',
  tag: 'pos',
  summary: 'Point-of-sale settings: the largest discount each staff role may give',
  access,
  response: posSettingsSchema,
});

export const updatePosSettings = defineRoute({
  method: 'PUT',
  path: '/pos/settings',
  tag: 'pos',
  summary: 'Set the discount limits of the staff roles (admins and super admins only); a role left out may give any discount',
  access: { permission: 'vendor_management', adminOnly: true },
  body: posSettingsUpdateSchema,
  response: posSettingsSchema,
});

export const lookupSellables = defineRoute({
  method: 'GET',
  path: '/pos/registers/:id/lookup',
  tag: 'pos',
  summary: 'Products and variants to sell: an exact barcode or SKU first, then names in English or Arabic',
  access,
  params: idParams,
  query: lookupQuery,
  response: z.array(sellableSchema),
});

export const registerSnapshot = defineRoute({
  method: 'GET',
  path: '/pos/registers/:id/snapshot',
  tag: 'pos',
  summary: 'What the register keeps to sell offline: its tenders, and products with prices, taxes and stock',
  access,
  params: idParams,
  response: registerSnapshotSchema,
});

export const listSessions = defineRoute({
  method: 'GET',
  path: '/pos/sessions',
  tag: 'pos',
  summary: "Cash sessions, newest first (open ones, or one register's)",
  access,
  query: sessionListQuery,
  response: z.array(sessionSchema),
});

export const openSession = defineRoute({
  method: 'POST',
  path: '/pos/sessions',
  tag: 'pos',
  summary: 'Open a session on a register by counting its float (one open session per register)',
  access,
  body: sessionOpenSchema,
  response: sessionSchema,
  status: 201,
});

export const getSession = defineRoute({
  method: 'GET',
  path: '/pos/sessions/:id',
  tag: 'pos',
  summary: 'One session with its running totals',
  access,
  params: idParams,
  response: sessionSchema,
});

export const addCashMove = defineRoute({
  method: 'POST',
  path: '/pos/sessions/:id/cash-moves',
  tag: 'pos',
  summary: 'Put cash in the drawer or take it out, with a reason (Idempotency-Key required)',
  access,
  params: idParams,
  body: cashMoveCreateSchema,
  response: cashMoveSchema,
  status: 201,
});

export const sessionReport = defineRoute({
  method: 'GET',
  path: '/pos/sessions/:id/report',
  tag: 'pos',
  summary: 'The X report of an open session, or the Z report a closed one keeps',
  access,
  params: idParams,
  response: sessionReportSchema,
});

export const closeSession = defineRoute({
  method: 'POST',
  path: '/pos/sessions/:id/close',
  tag: 'pos',
  summary: 'Close a session by counting each tender; its Z report is taken once and never changed',
  access,
  params: idParams,
  body: sessionCloseSchema,
  response: sessionReportSchema,
});

export const recordOrder = defineRoute({
  method: 'POST',
  path: '/pos/orders',
  tag: 'pos',
  summary: 'Record a sale under the id the register gave it; sending it again answers the stored order',
  access,
  body: orderCreateSchema,
  response: orderRecordedSchema,
  status: 201,
});

export const recordReturn = defineRoute({
  method: 'POST',
  path: '/pos/orders/:id/returns',
  tag: 'pos',
  summary: 'Return lines of a sale (at most what was sold), refunding to its tenders or in cash',
  access,
  params: idParams,
  body: orderReturnSchema,
  response: orderRecordedSchema,
  status: 201,
});

export const listOrders = defineRoute({
  method: 'GET',
  path: '/pos/orders',
  tag: 'pos',
  summary: 'Orders, newest first, filtered by kind, register, session, vendor, tender, dates, total or search',
  access,
  query: orderListQuery,
  response: orderPageSchema,
});

export const getOrder = defineRoute({
  method: 'GET',
  path: '/pos/orders/:id',
  tag: 'pos',
  summary: 'One order with its lines per vendor, payments and returns',
  access,
  params: idParams,
  response: orderSchema,
});

export const exportOrders = defineRoute({
  method: 'GET',
  path: '/pos/orders/export',
  tag: 'pos',
  summary: 'The orders the filters match as a CSV or XLSX file (at most 10,000); cells starting with = + - @ tab or CR are neutralised',
  access,
  query: orderExportQuery,
  response: z.string(),
});

export const emailReceipt = defineRoute({
  method: 'POST',
  path: '/pos/orders/:id/email',
  tag: 'pos',
  summary: 'E-mail the receipt of a sale or return (English and Arabic), at most 5 times an hour per receipt',
  access,
  params: idParams,
  body: orderEmailSchema,
  response: z.object({ queuedTo: z.string() }),
});

export const listCustomerOrders = defineRoute({
  method: 'GET',
  path: '/pos/customer-orders',
  tag: 'pos',
  summary: 'Customer orders (pickup and delivery), newest first, by state, fulfilment, register or search',
  access,
  query: customerOrderListQuery,
  response: customerOrderPageSchema,
});

export const createCustomerOrder = defineRoute({
  method: 'POST',
  path: '/pos/customer-orders',
  tag: 'pos',
  summary: 'Take a customer order for pickup or delivery: a draft, priced from the catalogue',
  access,
  body: customerOrderCreateSchema,
  response: customerOrderSchema,
  status: 201,
});

export const getCustomerOrder = defineRoute({
  method: 'GET',
  path: '/pos/customer-orders/:id',
  tag: 'pos',
  summary: 'A customer order with its lines, payments and history',
  access,
  params: idParams,
  response: customerOrderSchema,
});

export const updateCustomerOrder = defineRoute({
  method: 'PATCH',
  path: '/pos/customer-orders/:id',
  tag: 'pos',
  summary: 'Change a draft customer order (its lines, when sent, replace all of them)',
  access,
  params: idParams,
  body: customerOrderUpdateSchema,
  response: customerOrderSchema,
});

export const transitionCustomerOrder = defineRoute({
  method: 'POST',
  path: '/pos/customer-orders/:id/state',
  tag: 'pos',
  summary: 'Confirm (takes the stock), make ready, complete (paid in full: records the sale) or cancel (puts stock back, refunds)',
  access,
  params: idParams,
  body: customerOrderTransitionSchema,
  response: customerOrderSchema,
});

export const addCustomerOrderPayment = defineRoute({
  method: 'POST',
  path: '/pos/customer-orders/:id/payments',
  tag: 'pos',
  summary: "Take a payment for a confirmed or ready order, at most what is due (cash goes into its register's open drawer)",
  access,
  params: idParams,
  body: customerOrderPaymentCreateSchema,
  response: customerOrderSchema,
  status: 201,
});

export const vendorOrderLines = defineRoute({
  method: 'GET',
  path: '/pos/vendor-order-lines',
  tag: 'pos',
  summary: "The calling vendor's own lines of the organization's orders, newest first",
  access: { permission: 'vendor_orders' },
  query: vendorOrderLinesQuery,
  response: z.array(vendorOrderLineSchema),
});

export const listCommissionRules = defineRoute({
  method: 'GET',
  path: '/pos/commission-rules',
  tag: 'pos',
  summary: 'Commission rules, most specific first',
  access,
  response: z.array(commissionRuleSchema),
});

export const createCommissionRule = defineRoute({
  method: 'POST',
  path: '/pos/commission-rules',
  tag: 'pos',
  summary: 'Add a commission rule for a vendor, a category, both, or the default',
  access,
  body: commissionRuleCreateSchema,
  response: commissionRuleSchema,
  status: 201,
});

export const deleteCommissionRule = defineRoute({
  method: 'DELETE',
  path: '/pos/commission-rules/:id',
  tag: 'pos',
  summary: 'Remove a commission rule (lines already sold keep the commission frozen on them)',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});

export const settlement = defineRoute({
  method: 'GET',
  path: '/pos/settlement',
  tag: 'pos',
  summary: 'Per vendor: sales, returns, commission, payouts and the ledger balance',
  access,
  response: z.array(settlementRowSchema),
});

export const recordPayout = defineRoute({
  method: 'POST',
  path: '/pos/payouts',
  tag: 'pos',
  summary: 'Pay a vendor what the operator owes (Idempotency-Key required)',
  access,
  body: payoutCreateSchema,
  response: payoutSchema,
  status: 201,
});

export const salesReport = defineRoute({
  method: 'GET',
  path: '/pos/reports/sales',
  tag: 'pos',
  summary: 'Sales over a range grouped by day, hour, register, vendor, category, product or tender, with the previous period',
  access,
  query: salesReportQuery,
  response: salesReportSchema,
});

export const exportSalesReport = defineRoute({
  method: 'GET',
  path: '/pos/reports/sales/export',
  tag: 'pos',
  summary: 'The sales report as a CSV or XLSX file: a row per group (English and Arabic labels) with the previous period, then the totals',
  access,
  query: salesReportExportQuery,
  response: z.string(),
});
