import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hotRows } from '../../db/hot-query.js';
import {
  posOrderLines,
  posOrderPayments,
  posOrders,
  posRegisters,
  posSessions,
  posSessionTotals,
  productVariants,
  users,
  vendors,
} from '../../db/schema/index.js';
import type { CommissionRuleInput } from './pos-pricing.js';

export type OrderRow = typeof posOrders.$inferSelect;
export type LineRow = typeof posOrderLines.$inferSelect;
export type PaymentRow = typeof posOrderPayments.$inferSelect;
export type SessionRow = typeof posSessions.$inferSelect;

/** The name staff see for a user: the profile's full name, or the e-mail address. */
export const actorName = sql<
  string | null
>`coalesce(${users.rawUserMetaData}->>'full_name', ${users.rawUserMetaData}->>'name', ${users.email})`;

export async function findRegister(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(posRegisters)
    .where(and(eq(posRegisters.orgId, orgId), eq(posRegisters.id, id)));
  return row ?? null;
}

/** What a sale or a return reads of its register (a fixed statement: the register's hot path, decision 018). */
export interface SaleRegister {
  id: string;
  name: string;
  status: 'active' | 'archived';
  tenders: string[];
  allowNegativeStock: boolean;
  cashierIds: string[];
  /** The point-of-sale channel it sells; null: every active product. */
  channelId: string | null;
}

export async function saleRegister(db: DbOrTx, orgId: string, id: string): Promise<SaleRegister | null> {
  const [row] = await hotRows<SaleRegister>(
    db,
    'pos_sale_register',
    `select id, name, status, tenders, allow_negative_stock as "allowNegativeStock", cashier_ids as "cashierIds", channel_id as "channelId"
     from pos_registers where org_id = $1 and id = $2`,
    [orgId, id],
  );
  return row ?? null;
}

/** A sale's session (id and status) under lock, or null when it is not the register's. */
export async function lockSaleSession(db: DbOrTx, orgId: string, registerId: string, id: string) {
  const [row] = await hotRows<{ id: string; status: 'open' | 'closed' }>(
    db,
    'pos_sale_session',
    'select id, status from pos_sessions where org_id = $1 and register_id = $2 and id = $3 for update',
    [orgId, registerId, id],
  );
  return row ?? null;
}

export async function lockOpenSession(db: DbOrTx, registerId: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(posSessions)
    .where(and(eq(posSessions.registerId, registerId), eq(posSessions.status, 'open')))
    .for('update');
  return row ?? null;
}

export async function findOrder(db: DbOrTx, orgId: string, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(posOrders)
    .where(and(eq(posOrders.orgId, orgId), eq(posOrders.id, id)));
  return row ?? null;
}

/** Whether any organization has an order with this id (a client id is unique across all of them). */
export async function orderIdTaken(db: DbOrTx, id: string): Promise<{ orgId: string; requestHash: string } | null> {
  const [row] = await hotRows<{ orgId: string; requestHash: string }>(
    db,
    'pos_order_id_taken',
    'select org_id as "orgId", request_hash as "requestHash" from pos_orders where id = $1',
    [id],
  );
  return row ?? null;
}

export interface SellableFacts {
  productId: string;
  variantId: string | null;
  sku: string;
  nameEn: string;
  nameAr: string;
  vendorId: string | null;
  categoryIds: string[];
  listPrice: number;
  taxRateBasisPoints: number;
}

/** The tax rate of a product's class (or the organization's default class): the rate for no country first. */
const TAX_RATE = `coalesce((
  select r.rate_basis_points from tax_rates r
  where r.tax_class_id = coalesce(p.tax_class_id, (select c.id from tax_classes c where c.org_id = p.org_id and c.is_default order by c.created_at limit 1))
  order by (r.country is null) desc, r.created_at limit 1), 0)::int`;

interface FactsProduct {
  id: string;
  sku: string;
  nameEn: string;
  nameAr: string;
  vendorId: string | null;
  vendorName: string | null;
  categoryIds: string[];
  price: number;
  status: string;
  taxRate: number;
}
interface FactsVariant {
  id: string;
  productId: string;
  sku: string;
  price: number | null;
}

/** The products (and variants) of the organization a sale names, for its lines (fixed statements: the hot path). */
export async function sellableFacts(db: DbOrTx, orgId: string, productIds: string[], variantIds: string[]) {
  const prods = productIds.length
    ? await hotRows<FactsProduct>(
        db,
        'pos_sellable_products',
        `select p.id, p.sku, p.name_en as "nameEn", p.name_ar as "nameAr", p.vendor_id as "vendorId",
           (select v.public_name from vendors v where v.id = p.vendor_id) as "vendorName", p.category_ids as "categoryIds",
           p.price_minor::float8 as price, p.status, ${TAX_RATE} as "taxRate"
         from products p where p.org_id = $1 and p.id = any($2::uuid[])`,
        [orgId, productIds],
      )
    : [];
  const vars = variantIds.length
    ? await hotRows<FactsVariant>(
        db,
        'pos_sellable_variants',
        `select id, product_id as "productId", sku, price_override_minor::float8 as price
         from product_variants where org_id = $1 and id = any($2::uuid[])`,
        [orgId, variantIds],
      )
    : [];
  return { products: new Map(prods.map((p) => [p.id, p])), variants: new Map(vars.map((v) => [v.id, v])) };
}

/**
 * Takes `quantity` off a variant's stock; unless negative stock is allowed, only while that many are there.
 * Returns the stock left, or null when there were not enough.
 */
export async function takeStock(db: DbOrTx, variantId: string, quantity: number, allowNegative: boolean): Promise<number | null> {
  const [row] = await hotRows<{ left: number }>(
    db,
    'pos_take_stock',
    'update product_variants set stock_quantity = stock_quantity - $2 where id = $1 and ($3 or stock_quantity >= $2) returning stock_quantity as "left"',
    [variantId, quantity, allowNegative],
  );
  return row ? Number(row.left) : null;
}

export async function stockOf(db: DbOrTx, variantId: string): Promise<number> {
  const [row] = await db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.n ?? 0;
}

export async function putBackStock(db: DbOrTx, variantId: string, quantity: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` })
    .where(eq(productVariants.id, variantId));
}

export async function commissionRules(db: DbOrTx, orgId: string): Promise<CommissionRuleInput[]> {
  // Amounts as float8: exact below 2^53, and a JS number from both drivers.
  return hotRows<CommissionRuleInput>(
    db,
    'pos_commission_rules',
    `select id, vendor_id as "vendorId", category_id as "categoryId", kind, rate_bp as "rateBasisPoints",
       amount::float8 as amount, minimum::float8 as minimum, maximum::float8 as maximum
     from pos_commission_rules where org_id = $1`,
    [orgId],
  );
}

/**
 * The register's next receipt number: gap-free per register, taken under the counter row's lock until the
 * transaction ends, so two tabs (or two servers) never write one number twice, and a rolled-back sale gives
 * its number back.
 */
export const nextReceiptNumber = (db: DbOrTx, orgId: string, registerId: string): Promise<string> =>
  nextNumber(db, orgId, `pos:${registerId}`);

/** The next number of a counter of the organization, six digits at least (gap-free, as nextReceiptNumber). */
export async function nextNumber(db: DbOrTx, orgId: string, kind: string): Promise<string> {
  const [row] = await hotRows<{ last_number: number }>(
    db,
    'pos_next_number',
    `insert into document_counters (org_id, kind, last_number) values ($1, $2, 1)
     on conflict (org_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number`,
    [orgId, kind],
  );
  return String(row!.last_number).padStart(6, '0');
}

export async function insertOrder(db: DbOrTx, values: typeof posOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(posOrders).values(values).returning();
  return row!;
}

export async function insertLines(db: DbOrTx, values: (typeof posOrderLines.$inferInsert)[]): Promise<LineRow[]> {
  return db.insert(posOrderLines).values(values).returning();
}

export async function insertPayments(db: DbOrTx, values: (typeof posOrderPayments.$inferInsert)[]): Promise<PaymentRow[]> {
  return values.length ? db.insert(posOrderPayments).values(values).returning() : [];
}

/** The organization's base currency code (null when it has none), as the ledger entries of a sale carry it. */
export async function baseCurrencyCode(db: DbOrTx, orgId: string): Promise<string | null> {
  const [row] = await hotRows<{ code: string }>(
    db,
    'pos_base_currency',
    'select code from currencies where org_id = $1 and is_base limit 1',
    [orgId],
  );
  return row?.code ?? null;
}

/** A vendor ledger entry of a sale or a return: the rest of the entry is the order's (decision 017). */
export interface SaleLedgerEntry {
  vendorId: string;
  entryType: 'sale' | 'sale_return' | 'commission' | 'commission_reversal';
  amount: number;
}

/**
 * A sale as one statement: the order, its lines, its payments and its vendor ledger entries (data-modifying CTEs;
 * the lines' foreign key to the order is checked at the end of the statement). Every value comes from the caller,
 * times included; it answers the lines' new ids by line number, the only thing read back.
 */
export async function insertSale(
  db: DbOrTx,
  s: {
    order: OrderRow;
    lines: Omit<LineRow, 'id'>[];
    payments: Omit<PaymentRow, 'id'>[];
    ledger: SaleLedgerEntry[];
    currency: string | null;
    memo: string;
  },
): Promise<Map<number, string>> {
  const o = s.order;
  const l = (k: keyof Omit<LineRow, 'id'>) => s.lines.map((x) => x[k]);
  const p = (k: keyof Omit<PaymentRow, 'id'>) => s.payments.map((x) => x[k]);
  const ids = await hotRows<{ id: string; lineNo: number }>(
    db,
    'pos_insert_sale',
    `with o as (
       insert into pos_orders (id, org_id, kind, register_id, session_id, placement, original_order_id, receipt_number, request_hash,
         sold_at, created_at, cashier_id, customer_name, customer_email, note, subtotal, discount, tax, total, vendor_ids, tenders)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::uuid[], $21::text[])),
     l as (
       insert into pos_order_lines (org_id, order_id, line_no, product_id, variant_id, sku, name_en, name_ar, vendor_id, category_id,
         sold_at, kind, quantity, unit_price, list_price, discount, tax_rate_bp, tax, total, commission, commission_rule_id, sold_past_zero)
       select $2, $1, u.line_no, u.product_id, u.variant_id, u.sku, u.name_en, u.name_ar, u.vendor_id, u.category_id,
         $10, $3, u.quantity, u.unit_price, u.list_price, u.discount, u.tax_rate_bp, u.tax, u.total, u.commission, u.commission_rule_id,
         u.sold_past_zero
       from unnest($22::int[], $23::uuid[], $24::uuid[], $25::text[], $26::text[], $27::text[], $28::uuid[], $29::uuid[],
         $30::int[], $31::int8[], $32::int8[], $33::int8[], $34::int[], $35::int8[], $36::int8[], $37::int8[], $38::uuid[], $39::bool[])
         as u(line_no, product_id, variant_id, sku, name_en, name_ar, vendor_id, category_id, quantity, unit_price, list_price,
           discount, tax_rate_bp, tax, total, commission, commission_rule_id, sold_past_zero)
       returning id, line_no),
     p as (
       insert into pos_order_payments (org_id, order_id, position, tender, amount, change, reference)
       select $2, $1, u.position, u.tender, u.amount, u.change, u.reference
       from unnest($40::int[], $41::text[], $42::int8[], $43::int8[], $44::text[]) as u(position, tender, amount, change, reference)),
     e as (
       insert into vendor_ledger_entries (org_id, vendor_id, entry_type, source_type, source_id, amount, currency, occurred_on, memo, created_by)
       select $2, u.vendor_id, u.entry_type, 'pos_order', $1, u.amount, $45, ($10::timestamptz at time zone 'UTC')::date, $46, $12
       from unnest($47::uuid[], $48::text[], $49::int8[]) as u(vendor_id, entry_type, amount))
     select id, line_no as "lineNo" from l`,
    [
      o.id,
      o.orgId,
      o.kind,
      o.registerId,
      o.sessionId,
      o.placement,
      o.originalOrderId,
      o.receiptNumber,
      o.requestHash,
      o.soldAt,
      o.createdAt,
      o.cashierId,
      o.customerName,
      o.customerEmail,
      o.note,
      o.subtotal,
      o.discount,
      o.tax,
      o.total,
      o.vendorIds,
      o.tenders,
      l('lineNo'),
      l('productId'),
      l('variantId'),
      l('sku'),
      l('nameEn'),
      l('nameAr'),
      l('vendorId'),
      l('categoryId'),
      l('quantity'),
      l('unitPrice'),
      l('listPrice'),
      l('discount'),
      l('taxRateBasisPoints'),
      l('tax'),
      l('total'),
      l('commission'),
      l('commissionRuleId'),
      l('soldPastZero'),
      p('position'),
      p('tender'),
      p('amount'),
      p('change'),
      p('reference'),
      s.currency,
      s.memo,
      s.ledger.map((e) => e.vendorId),
      s.ledger.map((e) => e.entryType),
      s.ledger.map((e) => e.amount),
    ],
  );
  return new Map(ids.map((r) => [Number(r.lineNo), r.id]));
}

export interface SessionDelta {
  saleCount?: number;
  returnCount?: number;
  grossSales?: number;
  returns?: number;
  discounts?: number;
  taxes?: number;
  cashIn?: number;
  cashOut?: number;
  cashSales?: number;
}

/** Adds to a session's running totals (the caller holds its row lock). */
export async function addToSession(db: DbOrTx, id: string, d: SessionDelta): Promise<void> {
  await hotRows(
    db,
    'pos_add_to_session',
    `update pos_sessions set sale_count = sale_count + $2, return_count = return_count + $3, gross_sales = gross_sales + $4,
       returns = returns + $5, discounts = discounts + $6, taxes = taxes + $7, cash_in = cash_in + $8, cash_out = cash_out + $9,
       cash_sales = cash_sales + $10
     where id = $1`,
    [
      id,
      d.saleCount ?? 0,
      d.returnCount ?? 0,
      d.grossSales ?? 0,
      d.returns ?? 0,
      d.discounts ?? 0,
      d.taxes ?? 0,
      d.cashIn ?? 0,
      d.cashOut ?? 0,
      d.cashSales ?? 0,
    ],
  );
}

export type TotalsRow = typeof posSessionTotals.$inferInsert;

/** Adds rows to a session's totals by tender, vendor, category and tax rate (one upsert statement). */
export async function addToTotals(db: DbOrTx, rows: TotalsRow[]): Promise<void> {
  if (!rows.length) return;
  const col = (k: keyof TotalsRow) => rows.map((r) => r[k] ?? 0);
  await hotRows(
    db,
    'pos_add_to_totals',
    `insert into pos_session_totals (session_id, dimension, key, sold, returned, commission, change, taxable, tax)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::int8[])
     on conflict (session_id, dimension, key) do update set sold = pos_session_totals.sold + excluded.sold,
       returned = pos_session_totals.returned + excluded.returned, commission = pos_session_totals.commission + excluded.commission,
       change = pos_session_totals.change + excluded.change, taxable = pos_session_totals.taxable + excluded.taxable,
       tax = pos_session_totals.tax + excluded.tax`,
    [
      rows.map((r) => r.sessionId),
      rows.map((r) => r.dimension),
      rows.map((r) => r.key),
      col('sold'),
      col('returned'),
      col('commission'),
      col('change'),
      col('taxable'),
      col('tax'),
    ],
  );
}

export function totalsOf(db: DbOrTx, sessionId: string) {
  return db.select().from(posSessionTotals).where(eq(posSessionTotals.sessionId, sessionId));
}

/** An order's lines under lock (a return changes their returned quantity). */
export function lockLines(db: DbOrTx, orderId: string): Promise<LineRow[]> {
  return db.select().from(posOrderLines).where(eq(posOrderLines.orderId, orderId)).orderBy(asc(posOrderLines.lineNo)).for('update');
}

export async function addReturned(db: DbOrTx, lineId: string, quantity: number): Promise<void> {
  await db
    .update(posOrderLines)
    .set({ returnedQuantity: sql`${posOrderLines.returnedQuantity} + ${quantity}` })
    .where(eq(posOrderLines.id, lineId));
}

export function paymentsOf(db: DbOrTx, orderIds: string[]): Promise<PaymentRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(posOrderPayments).where(inArray(posOrderPayments.orderId, orderIds)).orderBy(asc(posOrderPayments.position));
}

/** An order as the API shows it: the row, the register's name, the cashier's, the original's number. */
export async function orderView(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ order: posOrders, registerName: posRegisters.name, cashierName: actorName })
    .from(posOrders)
    .innerJoin(posRegisters, eq(posRegisters.id, posOrders.registerId))
    .leftJoin(users, eq(users.id, posOrders.cashierId))
    .where(and(eq(posOrders.orgId, orgId), eq(posOrders.id, id)));
  if (!row) return null;
  const lines = await db
    .select({ line: posOrderLines, vendorName: vendors.publicName })
    .from(posOrderLines)
    .leftJoin(vendors, eq(vendors.id, posOrderLines.vendorId))
    .where(eq(posOrderLines.orderId, id))
    .orderBy(asc(posOrderLines.lineNo));
  const payments = await paymentsOf(db, [id]);
  const returns = await db
    .select({ id: posOrders.id, receiptNumber: posOrders.receiptNumber, total: posOrders.total, soldAt: posOrders.soldAt })
    .from(posOrders)
    .where(and(eq(posOrders.orgId, orgId), eq(posOrders.originalOrderId, id)))
    .orderBy(asc(posOrders.soldAt));
  const original = row.order.originalOrderId
    ? ((await db.select({ n: posOrders.receiptNumber }).from(posOrders).where(eq(posOrders.id, row.order.originalOrderId)))[0]?.n ?? null)
    : null;
  return { ...row, lines, payments, returns, originalReceiptNumber: original };
}
