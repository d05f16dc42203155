import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invoices, marketAssignments, marketDays, users } from '../../db/schema/index.js';
import { actorName } from './invoices.repository.js';

// What this module keeps on a booking (its declared sales) and reads of it for money rules (the refund window)
// and for the screens that show a booking's money (the board, the vendor's own market days).

const salesColumns = {
  id: marketAssignments.id,
  status: marketAssignments.status,
  vendorId: marketAssignments.vendorId,
  declaredSales: marketAssignments.declaredSales,
  declaredSalesAt: marketAssignments.declaredSalesAt,
  declaredSalesBy: marketAssignments.declaredSalesBy,
};

/**
 * The booking with its market day's date, locked (so declaring sales queues behind invoicing it; the day's row is
 * not locked), optionally only if it is this vendor's.
 */
export async function lockBooking(db: DbOrTx, orgId: string, id: string, vendorId?: string) {
  const where = [eq(marketAssignments.orgId, orgId), eq(marketAssignments.id, id)];
  if (vendorId) where.push(eq(marketAssignments.vendorId, vendorId));
  const [row] = await db
    .select({ ...salesColumns, marketDate: marketDays.date })
    .from(marketAssignments)
    .innerJoin(marketDays, eq(marketDays.id, marketAssignments.marketDayId))
    .where(and(...where))
    .for('update', { of: marketAssignments });
  return row ?? null;
}

export async function setDeclaredSales(db: DbOrTx, id: string, amount: number, by: string | null) {
  const [row] = await db
    .update(marketAssignments)
    .set({ declaredSales: amount, declaredSalesAt: new Date(), declaredSalesBy: by })
    .where(eq(marketAssignments.id, id))
    .returning(salesColumns);
  return row!;
}
export type BookingSales = Awaited<ReturnType<typeof setDeclaredSales>>;

/**
 * The invoice state of a booking as the board and the vendor's own market days show it, over the booking's issued
 * invoices (drafts, cancelled and credited ones do not count): any overdue, then any unpaid (issued or partly
 * paid), then all waived, then paid; no row without an issued invoice. A subquery to join laterally in a statement
 * where `booking` is the alias of the market_assignments row:
 * `left join lateral ${bookingInvoiceState('a')} inv on true` then `coalesce(inv.state, 'none')`. It reads the
 * view by the booking's id (through the invoices' assignment index), so PostgreSQL sums only its invoices' entries.
 * `onlyIf` skips the lookup for the bookings it does not hold for (the board: only those holding their slot).
 */
export function bookingInvoiceState(booking: string, onlyIf?: SQL): SQL {
  const a = sql.identifier(booking);
  return sql`(
    select case
        when bool_or(ib.state = 'overdue') then 'overdue'
        when bool_or(ib.state in ('issued', 'partially_paid')) then 'unpaid'
        when bool_and(ib.state = 'waived') then 'waived'
        else 'paid' end as state
    from invoice_balances ib
    where ${onlyIf ? sql`(${onlyIf}) and ` : sql``}ib.assignment_id = ${a}.id and ib.org_id = ${a}.org_id and ib.status = 'issued'
    having count(*) > 0
  )`;
}

export async function userName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: actorName }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** An invoice of the organization and the booking it is for (null when it is not the organization's). */
export async function invoiceBooking(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ id: invoices.id, assignmentId: invoices.assignmentId })
    .from(invoices)
    .where(and(eq(invoices.orgId, orgId), eq(invoices.id, id)));
  return row ?? null;
}

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(r: Rows<T>): T[] => (Array.isArray(r) ? r : r.rows);

/**
 * True when a standing (not cancelled) invoice of the booking charges a share of its sales: a line of a
 * sales_percentage rule (a deposit or balance part of one included), a sales_percentage line, or a sales invoice.
 */
export async function salesShareInvoiced(db: DbOrTx, assignmentId: string): Promise<boolean> {
  const res = await db.execute(sql`
    select exists (
      select 1 from invoices i
      where i.assignment_id = ${assignmentId} and i.status <> 'cancelled' and (
        i.kind = 'sales'
        or exists (select 1 from invoice_lines l left join fee_rules f on f.id = l.fee_rule_id
          where l.invoice_id = i.id and (l.kind = 'sales_percentage' or f.kind = 'sales_percentage')))
    ) as invoiced`);
  const [row] = rowsOf(res as Rows<{ invoiced: boolean | string }>);
  return row?.invoiced === true || row?.invoiced === 't';
}

export interface WindowFacts {
  marketDate: string;
  status: string;
  /** The UTC calendar date the booking was cancelled on (null unless cancelled). */
  cancelledOn: string | null;
  /** The organization's refund window (null: no policy saved, the default applies). */
  windowDays: number | null;
}

/**
 * What the refund window of a booking is read from. The cancellation date is the first audit row that left the
 * booking cancelled; a cancellation written without one (an allocation's release) falls back to updated_at, which
 * nothing but locking moves on a cancelled booking.
 */
export async function windowFacts(db: DbOrTx, orgId: string, assignmentId: string): Promise<WindowFacts | null> {
  const res = await db.execute(sql`
    select d.date::text as market_date, a.status,
      case when a.status = 'cancelled' then to_char(coalesce(
        (select min(l.created_at) from audit_log l
          where l.org_id = a.org_id and l.entity_type = 'market_assignment' and l.entity_id = a.id::text
            and l.after->>'status' = 'cancelled'),
        a.updated_at) at time zone 'UTC', 'YYYY-MM-DD') end as cancelled_on,
      (select p.refund_window_days from market_policies p where p.org_id = a.org_id) as window_days
    from market_assignments a join market_days d on d.id = a.market_day_id
    where a.org_id = ${orgId} and a.id = ${assignmentId}`);
  const [row] = rowsOf(res as Rows<Record<string, unknown>>);
  if (!row) return null;
  return {
    marketDate: String(row.market_date),
    status: String(row.status),
    cancelledOn: (row.cancelled_on as string | null) ?? null,
    windowDays: row.window_days === null || row.window_days === undefined ? null : Number(row.window_days),
  };
}
