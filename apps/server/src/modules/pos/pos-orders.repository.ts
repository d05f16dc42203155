import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  documentCounters,
  posCommissionRules,
  posOrderLines,
  posOrderPayments,
  posOrders,
  posRegisters,
  posSessions,
  posSessionTotals,
  productVariants,
  products,
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

/** The session row under lock (its totals change with the sale), or null when it is not the register's. */
export async function lockSession(db: DbOrTx, orgId: string, registerId: string, id: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(posSessions)
    .where(and(eq(posSessions.orgId, orgId), eq(posSessions.registerId, registerId), eq(posSessions.id, id)))
    .for('update');
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
  const [row] = await db.select({ orgId: posOrders.orgId, requestHash: posOrders.requestHash }).from(posOrders).where(eq(posOrders.id, id));
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
const taxRateOf = (p: typeof products) => sql<number>`coalesce((
  select r.rate_basis_points from tax_rates r
  where r.tax_class_id = coalesce(${p.taxClassId}, (select c.id from tax_classes c where c.org_id = ${p.orgId} and c.is_default order by c.created_at limit 1))
  order by (r.country is null) desc, r.created_at limit 1), 0)::int`;

/** The products (and variants) of the organization a sale names, for its lines. */
export async function sellableFacts(db: DbOrTx, orgId: string, productIds: string[], variantIds: string[]) {
  const prods = productIds.length
    ? await db
        .select({
          id: products.id,
          sku: products.sku,
          nameEn: products.nameEn,
          nameAr: products.nameAr,
          vendorId: products.vendorId,
          vendorName: sql<string | null>`(select v.public_name from vendors v where v.id = ${products.vendorId})`,
          categoryIds: products.categoryIds,
          price: products.priceMinor,
          status: products.status,
          taxRate: taxRateOf(products),
        })
        .from(products)
        .where(and(eq(products.orgId, orgId), inArray(products.id, productIds)))
    : [];
  const vars = variantIds.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          price: productVariants.priceOverrideMinor,
        })
        .from(productVariants)
        .where(and(eq(productVariants.orgId, orgId), inArray(productVariants.id, variantIds)))
    : [];
  return { products: new Map(prods.map((p) => [p.id, p])), variants: new Map(vars.map((v) => [v.id, v])) };
}

/**
 * Takes `quantity` off a variant's stock; unless negative stock is allowed, only while that many are there.
 * Returns the stock left, or null when there were not enough.
 */
export async function takeStock(db: DbOrTx, variantId: string, quantity: number, allowNegative: boolean): Promise<number | null> {
  const [row] = await db
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), allowNegative ? undefined : sql`${productVariants.stockQuantity} >= ${quantity}`))
    .returning({ left: productVariants.stockQuantity });
  return row ? row.left : null;
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
  return db
    .select({
      id: posCommissionRules.id,
      vendorId: posCommissionRules.vendorId,
      categoryId: posCommissionRules.categoryId,
      kind: posCommissionRules.kind,
      rateBasisPoints: posCommissionRules.rateBasisPoints,
      amount: posCommissionRules.amount,
      minimum: posCommissionRules.minimum,
      maximum: posCommissionRules.maximum,
    })
    .from(posCommissionRules)
    .where(eq(posCommissionRules.orgId, orgId));
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
  const [row] = await db
    .insert(documentCounters)
    .values({ orgId, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.orgId, documentCounters.kind],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  return String(row!.n).padStart(6, '0');
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
  const add = (col: AnyPgColumn, v: number | undefined) => (v ? sql`${col} + ${v}` : undefined);
  await db
    .update(posSessions)
    .set({
      saleCount: add(posSessions.saleCount, d.saleCount),
      returnCount: add(posSessions.returnCount, d.returnCount),
      grossSales: add(posSessions.grossSales, d.grossSales),
      returns: add(posSessions.returns, d.returns),
      discounts: add(posSessions.discounts, d.discounts),
      taxes: add(posSessions.taxes, d.taxes),
      cashIn: add(posSessions.cashIn, d.cashIn),
      cashOut: add(posSessions.cashOut, d.cashOut),
      cashSales: add(posSessions.cashSales, d.cashSales),
    })
    .where(eq(posSessions.id, id));
}

export type TotalsRow = typeof posSessionTotals.$inferInsert;

/** Adds rows to a session's totals by tender, vendor, category and tax rate (one upsert statement). */
export async function addToTotals(db: DbOrTx, rows: TotalsRow[]): Promise<void> {
  if (!rows.length) return;
  const t = posSessionTotals;
  await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.sessionId, t.dimension, t.key],
      set: {
        sold: sql`${t.sold} + excluded.sold`,
        returned: sql`${t.returned} + excluded.returned`,
        commission: sql`${t.commission} + excluded.commission`,
        change: sql`${t.change} + excluded.change`,
        taxable: sql`${t.taxable} + excluded.taxable`,
        tax: sql`${t.tax} + excluded.tax`,
      },
    });
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
