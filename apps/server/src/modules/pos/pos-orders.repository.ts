import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hotRows } from '../../db/hot-query.js';
import { subscribedTypesSql } from '../audit/index.js';
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

/** A product's facts for a sale line (`$org` and `$ids` are the statement's parameters). */
const productFacts = (
  org: string,
  ids: string,
) => `select p.id, p.sku, p.name_en as "nameEn", p.name_ar as "nameAr", p.vendor_id as "vendorId",
     (select v.public_name from vendors v where v.id = p.vendor_id) as "vendorName", p.category_ids as "categoryIds",
     p.price_minor::float8 as price, p.status, ${TAX_RATE} as "taxRate"
   from products p where p.org_id = ${org} and p.id = any(${ids}::uuid[])`;
const variantFacts = (org: string, ids: string) => `select id, product_id as "productId", sku, price_override_minor::float8 as price
   from product_variants where org_id = ${org} and id = any(${ids}::uuid[])`;
// Amounts as float8: exact below 2^53, and a JS number from both drivers (and in JSON).
const commissionRuleRows = (
  org: string,
) => `select id, vendor_id as "vendorId", category_id as "categoryId", kind, rate_bp as "rateBasisPoints",
     amount::float8 as amount, minimum::float8 as minimum, maximum::float8 as maximum
   from pos_commission_rules where org_id = ${org}`;
const baseCurrency = (org: string) => `select code from currencies where org_id = ${org} and is_base limit 1`;

/** The products and variants of the organization that lines name (one statement, both as JSON lists). */
export async function sellableFacts(db: DbOrTx, orgId: string, productIds: string[], variantIds: string[]) {
  const [row] = await hotRows<{ products: FactsProduct[]; variants: FactsVariant[] }>(
    db,
    'pos_sellable_facts',
    `select (select coalesce(json_agg(x), '[]') from (${productFacts('$1', '$2')}) x) as products,
       (select coalesce(json_agg(x), '[]') from (${variantFacts('$1', '$3')}) x) as variants`,
    [orgId, productIds, variantIds],
  );
  return factsMaps(row!.products, row!.variants);
}

const factsMaps = (products: FactsProduct[], variants: FactsVariant[]) => ({
  products: new Map(products.map((p) => [p.id, p])),
  variants: new Map(variants.map((v) => [v.id, v])),
});

/**
 * Everything a sale reads before it takes stock, in one statement (decision 018): whether its id is taken (as
 * `orderIdTaken`), the register (null when it is not the organization's), the session the sale names under lock
 * (null when it is not the register's), the lines' products and variants, the commission rules, the base
 * currency and the event types the organization's webhooks subscribe to (so the sale's event reads nothing more).
 * Run after the id's lock, so a send of the same id that committed meanwhile is seen. The session is locked only
 * for a caller who may use the register (`cashier`: a manager, one of its cashiers, or any staff when it names none:
 * `assertMayUseRegister`'s rule, which still answers the 403), so staff refused never hold up its cashier's sales.
 */
export async function saleContext(
  db: DbOrTx,
  orgId: string,
  orderId: string,
  registerId: string,
  sessionId: string,
  productIds: string[],
  variantIds: string[],
  cashier: { userId: string; manager: boolean },
) {
  const [row] = await hotRows<
    Partial<SaleRegister> & {
      taken: { orgId: string; requestHash: string } | null;
      sessionStatus: 'open' | 'closed' | null;
      products: FactsProduct[];
      variants: FactsVariant[];
      rules: CommissionRuleInput[];
      currency: string | null;
      webhookTypes: string[];
    }
  >(
    db,
    'pos_sale_context',
    `with s as (select s.id, s.status from pos_sessions s join pos_registers c on c.org_id = $1 and c.id = s.register_id
       where s.org_id = $1 and s.register_id = $2 and s.id = $3
         and (cardinality(c.cashier_ids) = 0 or $8::boolean or $7::uuid = any(c.cashier_ids))
       for update of s)
     select (select json_build_object('orgId', o.org_id, 'requestHash', o.request_hash) from pos_orders o where o.id = $6) as taken,
       r.id, r.name, r.status, r.tenders, r.allow_negative_stock as "allowNegativeStock", r.cashier_ids as "cashierIds",
       r.channel_id as "channelId", (select status from s) as "sessionStatus",
       (select coalesce(json_agg(x), '[]') from (${productFacts('$1', '$4')}) x) as products,
       (select coalesce(json_agg(x), '[]') from (${variantFacts('$1', '$5')}) x) as variants,
       (select coalesce(json_agg(x), '[]') from (${commissionRuleRows('$1')}) x) as rules,
       (${baseCurrency('$1')}) as currency,
       (select coalesce(json_agg(w.type), '[]') from (${subscribedTypesSql('$1')}) w) as "webhookTypes"
     from (select 1) one left join pos_registers r on r.org_id = $1 and r.id = $2`,
    [orgId, registerId, sessionId, productIds, variantIds, orderId, cashier.userId, cashier.manager],
  );
  const { taken, sessionStatus, products, variants, rules, currency, webhookTypes, ...register } = row!;
  return {
    taken,
    register: register.id ? (register as SaleRegister) : null,
    session: register.id && sessionStatus ? { id: sessionId, status: sessionStatus } : null,
    ...factsMaps(products, variants),
    rules,
    currency,
    webhookTypes,
  };
}

/** Locks the variants of `$1` in id order (rows are locked as the sort gives them), whatever plan the statement gets. */
const LOCK_VARIANTS = 'with locked as (select id from product_variants where id = any($1::uuid[]) order by id for update)';

/**
 * Takes each variant's quantity off its stock in one statement; unless negative stock is allowed, only while that
 * many are there. The rows are locked first, in id order (`order by id for update`: locked as the sort gives them),
 * whatever plan the update gets, so two sales of the same items never wait on each other crosswise. Answers the
 * stock left of each variant taken: a variant missing from the answer had too few, and the caller's transaction
 * must not go on.
 */
export async function takeStock(db: DbOrTx, takes: { variantId: string; quantity: number }[], allowNegative: boolean) {
  const rows = takes.length
    ? await hotRows<{ id: string; left: number }>(
        db,
        'pos_take_stock',
        `${LOCK_VARIANTS}
         update product_variants v set stock_quantity = v.stock_quantity - u.quantity
         from unnest($1::uuid[], $2::int[]) as u(id, quantity) join locked l on l.id = u.id
         where v.id = u.id and ($3 or v.stock_quantity >= u.quantity)
         returning v.id, v.stock_quantity as "left"`,
        [takes.map((t) => t.variantId), takes.map((t) => t.quantity), allowNegative],
      )
    : [];
  return new Map(rows.map((r) => [r.id, Number(r.left)]));
}

export async function stockOf(db: DbOrTx, variantId: string): Promise<number> {
  const [row] = await db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.n ?? 0;
}

/** Puts quantities back on variants' stock (a return's restock, a cancelled order), locked in id order as `takeStock` does. */
export async function putBackStock(db: DbOrTx, puts: { variantId: string; quantity: number }[]): Promise<void> {
  const sum = new Map<string, number>();
  for (const p of puts) sum.set(p.variantId, (sum.get(p.variantId) ?? 0) + p.quantity);
  if (!sum.size) return;
  await hotRows(
    db,
    'pos_put_back_stock',
    `${LOCK_VARIANTS}
     update product_variants v set stock_quantity = v.stock_quantity + u.quantity
     from unnest($1::uuid[], $2::int[]) as u(id, quantity) join locked l on l.id = u.id
     where v.id = u.id`,
    [[...sum.keys()], [...sum.values()]],
  );
}

export async function commissionRules(db: DbOrTx, orgId: string): Promise<CommissionRuleInput[]> {
  return hotRows<CommissionRuleInput>(db, 'pos_commission_rules', commissionRuleRows('$1'), [orgId]);
}

/**
 * The register's next receipt number: gap-free per register, taken under the counter row's lock until the
 * transaction ends, so two tabs (or two servers) never write one number twice, and a rolled-back sale gives
 * its number back.
 */
export const nextReceiptNumber = (db: DbOrTx, orgId: string, registerId: string): Promise<string> =>
  nextNumber(db, orgId, `pos:${registerId}`);

/** A counter's next number as text, six digits at least (`$org` and `$kind` are the statement's parameters). */
const counterNext = (org: string, kind: string) => `insert into document_counters (org_id, kind, last_number) values (${org}, ${kind}, 1)
   on conflict (org_id, kind) do update set last_number = document_counters.last_number + 1
   returning lpad(last_number::text, greatest(6, length(last_number::text)), '0') as number`;

/** The next number of a counter of the organization, six digits at least (gap-free, as nextReceiptNumber). */
export async function nextNumber(db: DbOrTx, orgId: string, kind: string): Promise<string> {
  const [row] = await hotRows<{ number: string }>(db, 'pos_next_number', counterNext('$1', '$2'), [orgId, kind]);
  return row!.number;
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

/** A vendor ledger entry of a sale or a return: the rest of the entry is the order's (decision 017). */
export interface SaleLedgerEntry {
  vendorId: string;
  entryType: 'sale' | 'sale_return' | 'commission' | 'commission_reversal';
  amount: number;
}

/**
 * A sale as one statement (decision 018): the register's next receipt number, the order, its lines, its payments,
 * its vendor ledger entries and its session's running totals (data-modifying CTEs; the lines' foreign key to the
 * order is checked at the end of the statement). Every value comes from the caller, times included, but the
 * receipt number, which the counter gives; it answers that number and the lines' new ids by line number.
 */
export async function insertSale(
  db: DbOrTx,
  s: {
    order: Omit<OrderRow, 'receiptNumber'>;
    lines: Omit<LineRow, 'id'>[];
    payments: Omit<PaymentRow, 'id'>[];
    ledger: SaleLedgerEntry[];
    currency: string | null;
    /** The ledger entries' memo: this, a space and the receipt number. */
    memo: string;
    /** What the sale adds to its session (none when the sale is held without one). */
    session: SessionDelta;
    totals: TotalsRow[];
  },
): Promise<{ receiptNumber: string; lineIds: Map<number, string> }> {
  const o = s.order;
  const l = (k: keyof Omit<LineRow, 'id'>) => s.lines.map((x) => x[k]);
  const p = (k: keyof Omit<PaymentRow, 'id'>) => s.payments.map((x) => x[k]);
  const rows = await hotRows<{ receiptNumber: string; id: string; lineNo: number }>(
    db,
    'pos_insert_sale',
    `with n as (${counterNext('$2', '$49')}),
     o as (
       insert into pos_orders (id, org_id, kind, register_id, session_id, placement, original_order_id, receipt_number, request_hash,
         sold_at, created_at, cashier_id, customer_name, customer_email, note, subtotal, discount, tax, total, vendor_ids, tenders)
       select $1, $2, $3, $4, $5, $6, $7, n.number, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::uuid[], $20::text[] from n),
     l as (
       insert into pos_order_lines (org_id, order_id, line_no, product_id, variant_id, sku, name_en, name_ar, vendor_id, category_id,
         sold_at, kind, quantity, unit_price, list_price, discount, tax_rate_bp, tax, total, commission, commission_rule_id, sold_past_zero)
       select $2, $1, u.line_no, u.product_id, u.variant_id, u.sku, u.name_en, u.name_ar, u.vendor_id, u.category_id,
         $9, $3, u.quantity, u.unit_price, u.list_price, u.discount, u.tax_rate_bp, u.tax, u.total, u.commission, u.commission_rule_id,
         u.sold_past_zero
       from unnest($21::int[], $22::uuid[], $23::uuid[], $24::text[], $25::text[], $26::text[], $27::uuid[], $28::uuid[],
         $29::int[], $30::int8[], $31::int8[], $32::int8[], $33::int[], $34::int8[], $35::int8[], $36::int8[], $37::uuid[], $38::bool[])
         as u(line_no, product_id, variant_id, sku, name_en, name_ar, vendor_id, category_id, quantity, unit_price, list_price,
           discount, tax_rate_bp, tax, total, commission, commission_rule_id, sold_past_zero)
       returning id, line_no),
     p as (
       insert into pos_order_payments (org_id, order_id, position, tender, amount, change, reference)
       select $2, $1, u.position, u.tender, u.amount, u.change, u.reference
       from unnest($39::int[], $40::text[], $41::int8[], $42::int8[], $43::text[]) as u(position, tender, amount, change, reference)),
     e as (
       insert into vendor_ledger_entries (org_id, vendor_id, entry_type, source_type, source_id, amount, currency, occurred_on, memo, created_by)
       select $2, u.vendor_id, u.entry_type, 'pos_order', $1, u.amount, $44, ($9::timestamptz at time zone 'UTC')::date, $45 || ' ' || n.number, $11
       from n, unnest($46::uuid[], $47::text[], $48::int8[]) as u(vendor_id, entry_type, amount)),
     s as (${sessionUpdate(50)}),
     t as (${totalsUpsert(60)})
     select n.number as "receiptNumber", l.id, l.line_no as "lineNo" from n left join l on true`,
    [
      o.id,
      o.orgId,
      o.kind,
      o.registerId,
      o.sessionId,
      o.placement,
      o.originalOrderId,
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
      `pos:${o.registerId}`,
      ...sessionValues(o.sessionId, s.session),
      ...totalsValues(s.totals),
    ],
  );
  return {
    receiptNumber: rows[0]!.receiptNumber,
    lineIds: new Map(rows.flatMap((r) => (r.id ? [[Number(r.lineNo), r.id] as const] : []))),
  };
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

const SESSION_COUNTERS = [
  ['saleCount', 'sale_count'],
  ['returnCount', 'return_count'],
  ['grossSales', 'gross_sales'],
  ['returns', 'returns'],
  ['discounts', 'discounts'],
  ['taxes', 'taxes'],
  ['cashIn', 'cash_in'],
  ['cashOut', 'cash_out'],
  ['cashSales', 'cash_sales'],
] as const;

/** The update of a session's running totals: the id at `$first`, the counters' deltas in the next nine parameters. */
const sessionUpdate = (first: number) =>
  `update pos_sessions set ${SESSION_COUNTERS.map(([, col], i) => `${col} = ${col} + $${first + 1 + i}`).join(', ')} where id = $${first}`;
const sessionValues = (id: string | null, d: SessionDelta) => [id, ...SESSION_COUNTERS.map(([k]) => d[k] ?? 0)];

/** Adds to a session's running totals (the caller holds its row lock). */
export async function addToSession(db: DbOrTx, id: string, d: SessionDelta): Promise<void> {
  await hotRows(db, 'pos_add_to_session', sessionUpdate(1), sessionValues(id, d));
}

export type TotalsRow = typeof posSessionTotals.$inferInsert;

/** The upsert of rows into a session's totals by tender, vendor, category and tax rate, from nine arrays at `$first`. */
const totalsUpsert = (first: number) => {
  const $ = (k: number) => `$${first + k}`;
  return `insert into pos_session_totals (session_id, dimension, key, sold, returned, commission, change, taxable, tax)
     select * from unnest(${$(0)}::uuid[], ${$(1)}::text[], ${$(2)}::text[], ${$(3)}::int8[], ${$(4)}::int8[], ${$(5)}::int8[],
       ${$(6)}::int8[], ${$(7)}::int8[], ${$(8)}::int8[])
     on conflict (session_id, dimension, key) do update set sold = pos_session_totals.sold + excluded.sold,
       returned = pos_session_totals.returned + excluded.returned, commission = pos_session_totals.commission + excluded.commission,
       change = pos_session_totals.change + excluded.change, taxable = pos_session_totals.taxable + excluded.taxable,
       tax = pos_session_totals.tax + excluded.tax`;
};
const totalsValues = (rows: TotalsRow[]) => {
  const col = (k: keyof TotalsRow) => rows.map((r) => r[k] ?? 0);
  return [
    rows.map((r) => r.sessionId),
    rows.map((r) => r.dimension),
    rows.map((r) => r.key),
    col('sold'),
    col('returned'),
    col('commission'),
    col('change'),
    col('taxable'),
    col('tax'),
  ];
};

/** Adds rows to a session's totals by tender, vendor, category and tax rate (one upsert statement). */
export async function addToTotals(db: DbOrTx, rows: TotalsRow[]): Promise<void> {
  if (!rows.length) return;
  await hotRows(db, 'pos_add_to_totals', totalsUpsert(1), totalsValues(rows));
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
