import type { posRoutes } from '@market/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COMMISSION_RULE_KINDS,
  CUSTOMER_ORDER_FULFILMENTS,
  CUSTOMER_ORDER_STATES,
  PAYOUT_METHODS,
  POS_CASH_MOVE_KINDS,
  POS_ORDER_KINDS,
  POS_ORDER_PLACEMENTS,
  POS_REGISTER_STATUSES,
  POS_SESSION_STATUSES,
  POS_TENDERS,
} from '@market/contracts/plain';
import { users } from './auth.js';
import { catalogCategories } from './catalog.js';
import { marketLocations } from './market.js';
import { organizations } from './platform.js';
import { productVariants, products } from './products.js';
import { vendors } from './vendors.js';
import { catalogChannels } from './catalog-publishing.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const money = (name: string) => bigint(name, { mode: 'number' });
const actor = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A point-of-sale register: where a cashier sells, the tenders it takes and what its receipts say. */
export const posRegisters = pgTable(
  'pos_registers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locationId: uuid('location_id').references(() => marketLocations.id, { onDelete: 'set null' }),
    /** Minor units of the organization's currency. */
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull().default(0),
    tenders: text('tenders')
      .array()
      .notNull()
      .default(sql`'{cash}'::text[]`),
    receiptHeaderEn: text('receipt_header_en').notNull().default(''),
    receiptHeaderAr: text('receipt_header_ar').notNull().default(''),
    receiptFooterEn: text('receipt_footer_en').notNull().default(''),
    receiptFooterAr: text('receipt_footer_ar').notNull().default(''),
    allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
    /** The staff who may sell at it; empty: everyone with point-of-sale access (managers always may). */
    cashierIds: uuid('cashier_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: POS_REGISTER_STATUSES }).notNull().default('active'),
    /** The point-of-sale channel it sells (its latest snapshot); null: every active product. */
    channelId: uuid('channel_id').references(() => catalogChannels.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_registers_org_name_key').on(t.orgId, sql`lower(${t.name})`),
    index('pos_registers_location_idx').on(t.locationId),
    check('pos_registers_opening_float', sql`${t.openingFloat} >= 0`),
    check('pos_registers_tenders', sql`cardinality(${t.tenders}) > 0 and ${t.tenders} <@ array[${inList(POS_TENDERS)}]::text[]`),
    check('pos_registers_status', sql`${t.status} in (${inList(POS_REGISTER_STATUSES)})`),
  ],
);

/** An organization's point-of-sale settings: the largest discount each staff role may give. */
export const posSettings = pgTable('pos_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** `[{ role, maxBasisPoints }]`; a role not listed may give any discount. */
  discountLimits: jsonb('discount_limits')
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A cash session of a register. Its totals are kept as sales, returns and cash moves happen (in their own
 * transactions), so closing reads one row and the session's few totals rows, never its orders. A closed
 * session is never changed (a trigger refuses it); `z_report` is the snapshot taken when it closed.
 */
export const posSessions = pgTable(
  'pos_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => posRegisters.id, { onDelete: 'restrict' }),
    status: text('status', { enum: POS_SESSION_STATUSES }).notNull().default('open'),
    openedBy: actor('opened_by'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    openingFloat: money('opening_float').notNull().default(0),
    openingNote: text('opening_note').notNull().default(''),
    closedBy: actor('closed_by'),
    closedAt: ts('closed_at'),
    closingNote: text('closing_note').notNull().default(''),
    saleCount: integer('sale_count').notNull().default(0),
    returnCount: integer('return_count').notNull().default(0),
    grossSales: money('gross_sales').notNull().default(0),
    returns: money('returns').notNull().default(0),
    discounts: money('discounts').notNull().default(0),
    taxes: money('taxes').notNull().default(0),
    cashIn: money('cash_in').notNull().default(0),
    cashOut: money('cash_out').notNull().default(0),
    /** Cash taken by sales less change and cash refunds (the float and cash moves are apart). */
    cashSales: money('cash_sales').notNull().default(0),
    closing: jsonb('closing'),
    zReport: jsonb('z_report'),
  },
  (t) => [
    uniqueIndex('pos_sessions_one_open_key')
      .on(t.registerId)
      .where(sql`${t.status} = 'open'`),
    index('pos_sessions_org_opened_idx').on(t.orgId, t.openedAt.desc(), t.id),
    check('pos_sessions_status', sql`${t.status} in (${inList(POS_SESSION_STATUSES)})`),
  ],
);

/**
 * A session's running totals by tender, vendor, category and tax rate, kept with each sale and return: the
 * X and Z reports read these rows (a handful per session), not the orders.
 * tender: sold = taken, returned = refunded, change = change given. vendor and category: sold = gross,
 * returned = returns, commission = commission net of reversals. tax (key = basis points): taxable and tax, net.
 */
export const posSessionTotals = pgTable(
  'pos_session_totals',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => posSessions.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: ['tender', 'vendor', 'category', 'tax'] }).notNull(),
    key: text('key').notNull(),
    sold: money('sold').notNull().default(0),
    returned: money('returned').notNull().default(0),
    commission: money('commission').notNull().default(0),
    change: money('change').notNull().default(0),
    taxable: money('taxable').notNull().default(0),
    tax: money('tax').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.dimension, t.key] })],
);

/**
 * An order: a sale of a register, or a return naming the sale it returns. `id` is the register's own,
 * generated when the cart was started: the same id sent again finds this row (and `request_hash` tells a
 * retry from a different sale under a reused id). Amounts are minor units, tax included.
 */
export const posOrders = pgTable(
  'pos_orders',
  {
    id: uuid('id').primaryKey(),
    orgId: orgId(),
    kind: text('kind', { enum: POS_ORDER_KINDS }).notNull(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => posRegisters.id, { onDelete: 'restrict' }),
    sessionId: uuid('session_id').references(() => posSessions.id, { onDelete: 'restrict' }),
    placement: text('placement', { enum: POS_ORDER_PLACEMENTS }).notNull().default('session'),
    originalOrderId: uuid('original_order_id'),
    receiptNumber: text('receipt_number').notNull(),
    requestHash: text('request_hash').notNull(),
    soldAt: ts('sold_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    cashierId: actor('cashier_id'),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    note: text('note').notNull().default(''),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull(),
    vendorIds: uuid('vendor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tenders: text('tenders')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('pos_orders_register_receipt_key').on(t.registerId, t.receiptNumber),
    index('pos_orders_org_sold_idx').on(t.orgId, t.soldAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pos_orders_session_idx').on(t.sessionId),
    index('pos_orders_original_idx').on(t.originalOrderId),
    index('pos_orders_vendor_ids_idx').using('gin', t.vendorIds),
    check('pos_orders_kind', sql`${t.kind} in (${inList(POS_ORDER_KINDS)})`),
    check('pos_orders_placement', sql`${t.placement} in (${inList(POS_ORDER_PLACEMENTS)})`),
    check('pos_orders_amounts', sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`),
  ],
);

/**
 * A line of an order, attributed to the product's vendor, with its price, discount, tax and commission frozen
 * when sold. A return's line names the sale line it returns; the sale line counts what has been returned.
 */
export const posOrderLines = pgTable(
  'pos_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => posOrders.id, { onDelete: 'restrict' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => catalogCategories.id, { onDelete: 'set null' }),
    /** The order's sold_at, kept on the line so reports over lines read one table. */
    soldAt: ts('sold_at').notNull(),
    kind: text('kind', { enum: POS_ORDER_KINDS }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    listPrice: money('list_price').notNull(),
    discount: money('discount').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_bp').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull(),
    commission: money('commission').notNull().default(0),
    commissionRuleId: uuid('commission_rule_id'),
    soldPastZero: boolean('sold_past_zero').notNull().default(false),
    originalLineId: uuid('original_line_id'),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    restocked: boolean('restocked').notNull().default(false),
  },
  (t) => [
    uniqueIndex('pos_order_lines_order_line_key').on(t.orderId, t.lineNo),
    index('pos_order_lines_org_sold_idx').on(t.orgId, t.soldAt),
    index('pos_order_lines_vendor_sold_idx').on(t.orgId, t.vendorId, t.soldAt),
    index('pos_order_lines_original_idx').on(t.originalLineId),
    check('pos_order_lines_quantity', sql`${t.quantity} > 0 and ${t.returnedQuantity} between 0 and ${t.quantity}`),
    check('pos_order_lines_amounts', sql`${t.total} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0 and ${t.commission} >= 0`),
  ],
);

/** How an order was paid (or, for a return, refunded): tender, amount handed over, change given. */
export const posOrderPayments = pgTable(
  'pos_order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => posOrders.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    tender: text('tender', { enum: POS_TENDERS }).notNull(),
    amount: money('amount').notNull(),
    change: money('change').notNull().default(0),
    reference: text('reference').notNull().default(''),
  },
  (t) => [
    index('pos_order_payments_order_idx').on(t.orderId),
    check('pos_order_payments_amounts', sql`${t.amount} > 0 and ${t.change} >= 0 and ${t.change} <= ${t.amount}`),
  ],
);

/** Cash put in or taken out of a session's drawer, with the reason; never changed (a correction is a new move). */
export const posCashMoves = pgTable(
  'pos_cash_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => posSessions.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: POS_CASH_MOVE_KINDS }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('pos_cash_moves_session_idx').on(t.sessionId), check('pos_cash_moves_amount', sql`${t.amount} > 0`)],
);

/** Commission on vendors' sales: the most specific rule (vendor + category, vendor, category, default) applies. */
export const posCommissionRules = pgTable(
  'pos_commission_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => catalogCategories.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COMMISSION_RULE_KINDS }).notNull(),
    rateBasisPoints: integer('rate_bp').notNull().default(0),
    amount: money('amount').notNull().default(0),
    minimum: money('minimum').notNull().default(0),
    maximum: money('maximum'),
    createdBy: actor('created_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_commission_rules_scope_key').on(
      t.orgId,
      sql`coalesce(${t.vendorId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    check('pos_commission_rules_kind', sql`${t.kind} in (${inList(COMMISSION_RULE_KINDS)})`),
    check(
      'pos_commission_rules_amounts',
      sql`${t.rateBasisPoints} between 0 and 10000 and ${t.amount} >= 0 and ${t.minimum} >= 0 and (${t.maximum} is null or ${t.maximum} >= ${t.minimum})`,
    ),
  ],
);

/** A payout of what the operator owes a vendor from sales; written to the vendor ledger with it. */
export const vendorPayouts = pgTable(
  'vendor_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vendor_payouts_vendor_idx').on(t.orgId, t.vendorId, t.paidOn), check('vendor_payouts_amount', sql`${t.amount} > 0`)],
);

/**
 * A customer order taken by staff for pickup or delivery (CUSTOMER_ORDER_STATES). Its lines are priced when
 * saved; confirming takes their stock; completing it records a sale of its register (`sale_id`). `history`
 * lists what happened to it, oldest first. Amounts are minor units, tax included; `paid` is payments less refunds.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    number: text('number').notNull(),
    state: text('state', { enum: CUSTOMER_ORDER_STATES }).notNull().default('draft'),
    fulfilment: text('fulfilment', { enum: CUSTOMER_ORDER_FULFILMENTS }).notNull(),
    registerId: uuid('register_id')
      .notNull()
      .references(() => posRegisters.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }),
    note: text('note').notNull().default(''),
    orderDiscount: jsonb('order_discount').$type<{ kind: 'percentage' | 'amount'; value: number } | null>(),
    subtotal: money('subtotal').notNull().default(0),
    discount: money('discount').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull().default(0),
    paid: money('paid').notNull().default(0),
    history: jsonb('history')
      .$type<posRoutes.CustomerOrderEvent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    saleId: uuid('sale_id').references(() => posOrders.id, { onDelete: 'restrict' }),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_orders_org_number_key').on(t.orgId, t.number),
    index('customer_orders_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('customer_orders_state', sql`${t.state} in (${inList(CUSTOMER_ORDER_STATES)})`),
    check('customer_orders_fulfilment', sql`${t.fulfilment} in (${inList(CUSTOMER_ORDER_FULFILMENTS)})`),
    check('customer_orders_amounts', sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`),
    check('customer_orders_paid', sql`${t.paid} >= 0 and ${t.paid} <= ${t.total}`),
  ],
);

/** A line of a customer order, attributed to the product's vendor; `stock_taken` while the order holds its stock. */
export const customerOrderLines = pgTable(
  'customer_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    discountInput: jsonb('discount_input').$type<{ kind: 'percentage' | 'amount'; value: number } | null>(),
    discount: money('discount').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_bp').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull(),
    stockTaken: boolean('stock_taken').notNull().default(false),
  },
  (t) => [
    uniqueIndex('customer_order_lines_order_line_key').on(t.orderId, t.lineNo),
    check('customer_order_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * A payment taken for a customer order (positive) or its refund when the order was cancelled (negative). Cash
 * taken or refunded while the register had an open session is also a cash move of that session (`cash_move_id`).
 */
export const customerOrderPayments = pgTable(
  'customer_order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    tender: text('tender', { enum: POS_TENDERS }).notNull(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    cashMoveId: uuid('cash_move_id').references(() => posCashMoves.id, { onDelete: 'restrict' }),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_order_payments_order_idx').on(t.orderId), check('customer_order_payments_amount', sql`${t.amount} <> 0`)],
);
