import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  currencies,
  invoiceLines,
  invoices,
  paymentAllocations,
  payments,
  refunds,
  vendorLedgerEntries,
  vendors,
} from '../../db/schema/index.js';

// The vendor's own market days, invoices and ledger, read-only. Every query names the organization and the
// vendor, so another vendor's rows are never read. Raw SQL where it reads the invoice_balances view, which
// Drizzle's schema does not describe; the view is always read by its invoice ids or assignment (as the
// payment module and the board do), so PostgreSQL sums only those invoices' entries.

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** A uuid[] parameter (one parameter whatever the count, the same on both drivers). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export interface MarketDayRow {
  id: string;
  request_id: string | null;
  assignment_id: string | null;
  market_day_id: string;
  date: string;
  open_time: string;
  close_time: string;
  day_status: string;
  location_id: string;
  location_name_en: string;
  location_name_ar: string;
  category_id: string;
  category_name_en: string;
  category_name_ar: string;
  category_colour: string;
  request_status: string | null;
  booking_status: string | null;
  slot_code: string | null;
  invoice_state: string;
}

/**
 * The vendor's bookings (each with its request's status and invoice state) and its requests without any booking
 * that day, by date then opening time. The invoice state is the board's rule (market-board.repository.ts): over
 * the booking's issued invoices, any overdue, then any unpaid, then all waived, then paid; none without one. It is
 * given for every booking, not only the holding ones the board shows it on: a vendor who did not come still sees
 * what it owes for the day.
 */
export function marketDaysOf(db: DbOrTx, orgId: string, vendorId: string) {
  return rows<MarketDayRow>(
    db,
    sql`select * from (
      select a.id, a.request_id, a.id as assignment_id, d.id as market_day_id, to_char(d.date, 'YYYY-MM-DD') as date,
        substr(d.open_time::text, 1, 5) as open_time, substr(d.close_time::text, 1, 5) as close_time, d.status as day_status,
        l.id as location_id, l.name_en as location_name_en, l.name_ar as location_name_ar,
        c.id as category_id, c.name_en as category_name_en, c.name_ar as category_name_ar, c.colour as category_colour,
        r.status as request_status, a.status as booking_status, s.code as slot_code,
        coalesce(inv.state, 'none') as invoice_state, a.created_at
      from market_assignments a
      join market_days d on d.id = a.market_day_id
      join market_locations l on l.id = d.location_id
      join market_slots s on s.id = a.slot_id
      join market_categories c on c.id = a.category_id
      left join market_day_requests r on r.id = a.request_id
      left join lateral (
        select case
            when bool_or(ib.state = 'overdue') then 'overdue'
            when bool_or(ib.state in ('issued', 'partially_paid')) then 'unpaid'
            when bool_and(ib.state = 'waived') then 'waived'
            else 'paid' end as state
        from invoice_balances ib
        where ib.assignment_id = a.id and ib.org_id = a.org_id and ib.status = 'issued'
        having count(*) > 0
      ) inv on true
      where a.org_id = ${orgId} and a.vendor_id = ${vendorId}
      union all
      select r.id, r.id as request_id, null as assignment_id, d.id as market_day_id, to_char(d.date, 'YYYY-MM-DD') as date,
        substr(d.open_time::text, 1, 5) as open_time, substr(d.close_time::text, 1, 5) as close_time, d.status as day_status,
        l.id as location_id, l.name_en as location_name_en, l.name_ar as location_name_ar,
        c.id as category_id, c.name_en as category_name_en, c.name_ar as category_name_ar, c.colour as category_colour,
        r.status as request_status, null as booking_status, null as slot_code, 'none' as invoice_state, r.created_at
      from market_day_requests r
      join market_days d on d.id = r.market_day_id
      join market_locations l on l.id = d.location_id
      join market_categories c on c.id = r.category_id
      where r.org_id = ${orgId} and r.vendor_id = ${vendorId}
        and not exists (select 1 from market_assignments x where x.vendor_id = r.vendor_id and x.market_day_id = r.market_day_id)
    ) mine
    order by mine.date, mine.open_time, mine.created_at, mine.id`,
  );
}

/** The ids of the vendor's invoices that were issued (drafts have no number and are never shown). */
async function issuedIds(db: DbOrTx, orgId: string, vendorId: string, id?: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select i.id from invoices i
    where i.org_id = ${orgId} and i.vendor_id = ${vendorId} and i.status <> 'draft' and i.number is not null
      ${id ? sql`and i.id = ${id}` : sql``}`,
  );
  return found.map((r) => r.id);
}

export interface InvoiceRow {
  id: string;
  number: string;
  kind: string;
  state: string;
  currency: string;
  issue_date: string | null;
  due_date: string | null;
  market_day_id: string | null;
  market_date: string | null;
  location_name_en: string | null;
  location_name_ar: string | null;
  slot_code: string | null;
  vendor_name: string;
  notes: string | null;
  total: number | string;
  charged: number | string;
  paid: number | string;
  refunded: number | string;
  waived: number | string;
  credited: number | string;
  balance: number | string;
}

/** The vendor's issued invoices (or the one of `id`), newest first, with the view's figures and the booking's day. */
export async function invoicesOf(db: DbOrTx, orgId: string, vendorId: string, id?: string): Promise<InvoiceRow[]> {
  const ids = await issuedIds(db, orgId, vendorId, id);
  if (!ids.length) return [];
  return rows<InvoiceRow>(
    db,
    sql`select i.id, i.number, i.kind, ib.state, i.currency, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date,
      to_char(i.due_date, 'YYYY-MM-DD') as due_date, d.id as market_day_id, to_char(d.date, 'YYYY-MM-DD') as market_date,
      l.name_en as location_name_en, l.name_ar as location_name_ar, s.code as slot_code, v.public_name as vendor_name, i.notes,
      coalesce((select sum(li.amount) from invoice_lines li where li.invoice_id = i.id), 0)::bigint as total,
      ib.charged, ib.paid, ib.refunded, ib.waived, ib.credited, ib.balance
    from invoices i
    join invoice_balances ib on ib.invoice_id = i.id
    join vendors v on v.id = i.vendor_id
    left join market_assignments a on a.id = i.assignment_id
    left join market_days d on d.id = a.market_day_id
    left join market_locations l on l.id = d.location_id
    left join market_slots s on s.id = a.slot_id
    where i.org_id = ${orgId} and i.vendor_id = ${vendorId}
      and i.id = any(${uuidArray(ids)}) and ib.invoice_id = any(${uuidArray(ids)})
    order by i.issue_date desc nulls last, i.number desc`,
  );
}

export function linesOf(db: DbOrTx, invoiceId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
}

/** The payments applied to the invoice, each with its receipt and what was refunded of it. */
export async function allocationsOf(db: DbOrTx, invoiceId: string) {
  const found = await db
    .select({
      allocationId: paymentAllocations.id,
      paymentId: paymentAllocations.paymentId,
      receiptNumber: payments.receiptNumber,
      method: payments.method,
      amount: paymentAllocations.amount,
      receivedAt: payments.receivedAt,
      refunded: sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.payment_id = ${paymentAllocations.paymentId} and r.invoice_id = ${paymentAllocations.invoiceId}), 0)::bigint`,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(asc(payments.receivedAt), asc(paymentAllocations.id));
  return found.map((r) => ({ ...r, amount: Number(r.amount), refunded: Number(r.refunded) }));
}

export function refundsOf(db: DbOrTx, invoiceId: string) {
  return db
    .select({ refund: refunds, receiptNumber: payments.receiptNumber })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.invoiceId, invoiceId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

// ---- the statement: the same sums and order as the staff statement (payment-management ledger.service) ----

export async function vendorName(db: DbOrTx, orgId: string, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: vendors.publicName })
    .from(vendors)
    .where(and(eq(vendors.orgId, orgId), eq(vendors.id, vendorId)));
  return row?.name ?? null;
}

export async function baseCurrency(db: DbOrTx, orgId: string): Promise<{ code: string; minorDigits: number } | null> {
  const [row] = await db
    .select({ code: currencies.code, minorDigits: currencies.minorDigits })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
    .limit(1);
  return row ?? null;
}

/** Sum of the vendor's entries, optionally only those before a date. */
export async function vendorSum(db: DbOrTx, orgId: string, vendorId: string, before?: string): Promise<number> {
  const where: SQL[] = [eq(vendorLedgerEntries.orgId, orgId), eq(vendorLedgerEntries.vendorId, vendorId)];
  if (before) where.push(lt(vendorLedgerEntries.occurredOn, before));
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${vendorLedgerEntries.amount}), 0)::bigint` })
    .from(vendorLedgerEntries)
    .where(and(...where));
  return Number(row!.s);
}

/** The number of an entry's document: the receipt for a payment, otherwise the invoice. */
const documentOf = sql<string | null>`case when ${vendorLedgerEntries.sourceType} = 'payment_allocation'
  then (select p.receipt_number from ${paymentAllocations} a join ${payments} p on p.id = a.payment_id where a.id = ${vendorLedgerEntries.sourceId})
  else ${invoices.number} end`;

/** The vendor's entries in the range (inclusive), in the order they were written per day. */
export function entriesOf(db: DbOrTx, orgId: string, vendorId: string, from?: string, to?: string) {
  const where: SQL[] = [eq(vendorLedgerEntries.orgId, orgId), eq(vendorLedgerEntries.vendorId, vendorId)];
  if (from) where.push(gte(vendorLedgerEntries.occurredOn, from));
  if (to) where.push(sql`${vendorLedgerEntries.occurredOn} <= ${to}`);
  return db
    .select({ entry: vendorLedgerEntries, document: documentOf })
    .from(vendorLedgerEntries)
    .leftJoin(invoices, eq(invoices.id, vendorLedgerEntries.invoiceId))
    .where(and(...where))
    .orderBy(asc(vendorLedgerEntries.occurredOn), asc(vendorLedgerEntries.seq));
}
