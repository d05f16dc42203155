import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  invoiceAdjustments,
  invoices,
  paymentAllocations,
  payments,
  refunds,
  users,
  vendorLedgerEntries,
  vendors,
} from '../../db/schema/index.js';
import { actorName } from './invoices.repository.js';

export type PaymentRow = typeof payments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type AdjustmentRow = typeof invoiceAdjustments.$inferSelect;
export type EntryRow = typeof vendorLedgerEntries.$inferSelect;

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export function insertAllocations(db: DbOrTx, values: (typeof paymentAllocations.$inferInsert)[]): Promise<AllocationRow[]> {
  return db.insert(paymentAllocations).values(values).returning();
}

export async function insertRefund(db: DbOrTx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function insertAdjustment(db: DbOrTx, values: typeof invoiceAdjustments.$inferInsert): Promise<AdjustmentRow> {
  const [row] = await db.insert(invoiceAdjustments).values(values).returning();
  return row!;
}

export async function lockPayment(db: DbOrTx, orgId: string, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orgId, orgId), eq(payments.id, id)))
    .for('update');
  return row ?? null;
}

/** What a payment paid on an invoice and what was refunded of it so far (the refund cap is the difference). */
export async function refundableOf(db: DbOrTx, paymentId: string, invoiceId: string): Promise<{ paid: number; refunded: number }> {
  const [row] = await db
    .select({
      paid: sql<number>`coalesce((select sum(a.amount) from ${paymentAllocations} a where a.payment_id = ${paymentId} and a.invoice_id = ${invoiceId}), 0)::bigint`,
      refunded: sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.payment_id = ${paymentId} and r.invoice_id = ${invoiceId}), 0)::bigint`,
    })
    .from(sql`(select 1) as one`);
  return { paid: Number(row!.paid), refunded: Number(row!.refunded) };
}

// ---- reads ----

const refundedOfAllocation = sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.payment_id = ${paymentAllocations.paymentId} and r.invoice_id = ${paymentAllocations.invoiceId}), 0)::bigint`;

/** The allocations of some payments, or of one invoice, with the invoice number and what was refunded of each. */
export async function allocationsOf(db: DbOrTx, by: { paymentIds?: string[]; invoiceId?: string }) {
  const where: SQL[] = [];
  if (by.paymentIds)
    where.push(inArray(paymentAllocations.paymentId, by.paymentIds.length ? by.paymentIds : ['00000000-0000-0000-0000-000000000000']));
  if (by.invoiceId) where.push(eq(paymentAllocations.invoiceId, by.invoiceId));
  const rows = await db
    .select({
      allocation: paymentAllocations,
      invoiceNumber: invoices.number,
      receiptNumber: payments.receiptNumber,
      method: payments.method,
      receivedAt: payments.receivedAt,
      refunded: refundedOfAllocation,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(...where))
    .orderBy(asc(payments.receivedAt), asc(paymentAllocations.id));
  return rows.map((r) => ({ ...r, refunded: Number(r.refunded) }));
}

const refundColumns = {
  refund: refunds,
  receiptNumber: payments.receiptNumber,
  invoiceNumber: invoices.number,
  vendorId: payments.vendorId,
  currency: payments.currency,
};
export type RefundListRow = {
  refund: RefundRow;
  receiptNumber: string | null;
  invoiceNumber: string | null;
  vendorId: string;
  currency: string;
};

export function refundsOf(
  db: DbOrTx,
  orgId: string,
  by: { id?: string; paymentId?: string; invoiceId?: string },
): Promise<RefundListRow[]> {
  const where: SQL[] = [eq(refunds.orgId, orgId)];
  if (by.id) where.push(eq(refunds.id, by.id));
  if (by.paymentId) where.push(eq(refunds.paymentId, by.paymentId));
  if (by.invoiceId) where.push(eq(refunds.invoiceId, by.invoiceId));
  return db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .where(and(...where))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export function adjustmentsOf(db: DbOrTx, orgId: string, invoiceId: string) {
  return db
    .select({ adjustment: invoiceAdjustments, approvedByName: actorName })
    .from(invoiceAdjustments)
    .leftJoin(users, eq(users.id, invoiceAdjustments.approvedBy))
    .where(and(eq(invoiceAdjustments.orgId, orgId), eq(invoiceAdjustments.invoiceId, invoiceId)))
    .orderBy(asc(invoiceAdjustments.createdAt), asc(invoiceAdjustments.id));
}

/** Ledger entries with the number of their document: the receipt for a payment, otherwise the invoice. */
const documentOf = sql<string | null>`case when ${vendorLedgerEntries.sourceType} = 'payment_allocation'
  then (select p.receipt_number from ${paymentAllocations} a join ${payments} p on p.id = a.payment_id where a.id = ${vendorLedgerEntries.sourceId})
  else ${invoices.number} end`;

export function entriesOf(db: DbOrTx, orgId: string, by: { invoiceId?: string; vendorId?: string; from?: string; to?: string }) {
  const where: SQL[] = [eq(vendorLedgerEntries.orgId, orgId)];
  if (by.invoiceId) where.push(eq(vendorLedgerEntries.invoiceId, by.invoiceId));
  if (by.vendorId) where.push(eq(vendorLedgerEntries.vendorId, by.vendorId));
  if (by.from) where.push(gte(vendorLedgerEntries.occurredOn, by.from));
  if (by.to) where.push(sql`${vendorLedgerEntries.occurredOn} <= ${by.to}`);
  return db
    .select({ entry: vendorLedgerEntries, document: documentOf })
    .from(vendorLedgerEntries)
    .leftJoin(invoices, eq(invoices.id, vendorLedgerEntries.invoiceId))
    .where(and(...where))
    .orderBy(asc(vendorLedgerEntries.occurredOn), asc(vendorLedgerEntries.seq));
}

/** Sum of a vendor's entries, optionally only those before a date. */
export async function vendorSum(db: DbOrTx, orgId: string, vendorId: string, before?: string): Promise<number> {
  const where: SQL[] = [eq(vendorLedgerEntries.orgId, orgId), eq(vendorLedgerEntries.vendorId, vendorId)];
  if (before) where.push(lt(vendorLedgerEntries.occurredOn, before));
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${vendorLedgerEntries.amount}), 0)::bigint` })
    .from(vendorLedgerEntries)
    .where(and(...where));
  return Number(row!.s);
}

export interface PaymentFilter {
  id?: string;
  vendorId?: string;
  invoiceId?: string;
  method?: PaymentRow['method'];
  from?: string;
  to?: string;
}

const receivedKey = sql<string>`to_char(${payments.receivedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

function paymentWhere(orgId: string, f: PaymentFilter): SQL {
  const w: SQL[] = [eq(payments.orgId, orgId)];
  if (f.id) w.push(eq(payments.id, f.id));
  if (f.vendorId) w.push(eq(payments.vendorId, f.vendorId));
  if (f.method) w.push(eq(payments.method, f.method));
  if (f.invoiceId)
    w.push(sql`exists (select 1 from ${paymentAllocations} a where a.payment_id = ${payments.id} and a.invoice_id = ${f.invoiceId})`);
  if (f.from) w.push(sql`(${payments.receivedAt} at time zone 'UTC')::date >= ${f.from}::date`);
  if (f.to) w.push(sql`(${payments.receivedAt} at time zone 'UTC')::date <= ${f.to}::date`);
  return and(...w)!;
}

/** Newest received first; `after` is the (received_at, id) of the last row of the previous page. */
export function listPayments(db: DbOrTx, orgId: string, f: PaymentFilter, limit: number, after?: { key: string; id: string }) {
  const where = [paymentWhere(orgId, f)];
  if (after) where.push(sql`(${payments.receivedAt}, ${payments.id}) < ((${after.key}::timestamp at time zone 'UTC'), ${after.id}::uuid)`);
  return db
    .select({ payment: payments, vendorName: vendors.publicName, takenByName: actorName, key: receivedKey })
    .from(payments)
    .innerJoin(vendors, eq(vendors.id, payments.vendorId))
    .leftJoin(users, eq(users.id, payments.takenBy))
    .where(and(...where))
    .orderBy(desc(payments.receivedAt), desc(payments.id))
    .limit(limit);
}
export type PaymentListRow = Awaited<ReturnType<typeof listPayments>>[number];

export async function paymentTotals(db: DbOrTx, orgId: string, f: PaymentFilter) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
    .from(payments)
    .where(paymentWhere(orgId, f));
  return { count: Number(row!.count), amount: Number(row!.amount) };
}
