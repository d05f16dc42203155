import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookingInvoiceState } from '../payment-management/index.js';

// The board and the category gaps, each part one statement whatever the number of slots and days (no
// query per cell). Raw SQL: the counts are correlated subqueries over indexed columns, and the invoice
// state reads the invoice_balances view, which Drizzle's schema does not describe.

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/**
 * An accepted request still to be placed: the vendor has no booking that day other than cancelled ones (an
 * absence or no-show keeps its request off the list). Matched by day and vendor (one request per vendor and
 * day) so the vendor index serves it.
 */
const UNPLACED = sql`r.status = 'accepted' and not exists (select 1 from market_assignments x
  where x.vendor_id = r.vendor_id and x.market_day_id = r.market_day_id and x.status <> 'cancelled')`;

export interface BoardRange {
  orgId: string;
  locationId: string;
  from: string;
  to: string;
}

const daysOf = (b: BoardRange) =>
  sql`d.org_id = ${b.orgId} and d.location_id = ${b.locationId} and d.date between ${b.from}::date and ${b.to}::date`;

export function boardDays(db: DbOrTx, b: BoardRange) {
  return rows<{ id: string; date: string; status: string; free_slots: number; pending: number; accepted_unassigned: number }>(
    db,
    sql`with open_slots as (
      select s.id from market_slots s where s.org_id = ${b.orgId} and s.location_id = ${b.locationId} and s.status = 'open')
    select d.id, to_char(d.date, 'YYYY-MM-DD') as date, d.status,
      ((select count(*) from open_slots) - (select count(*) from market_assignments a
        where a.market_day_id = d.id and a.status in ('confirmed', 'checked_in') and a.slot_id in (select id from open_slots)))::int as free_slots,
      (select count(*) from market_day_requests r where r.market_day_id = d.id and r.status = 'pending')::int as pending,
      (select count(*) from market_day_requests r where r.market_day_id = d.id and ${UNPLACED})::int as accepted_unassigned
    from market_days d where ${daysOf(b)}
    order by d.date, d.open_time, d.id`,
  );
}

/**
 * The location's slots; the location itself stands in the answer (one row with no slot when it has none, no row
 * when it is not the organization's), so the board needs no statement of its own to answer 404.
 */
export function boardSlots(db: DbOrTx, b: BoardRange) {
  return rows<{
    id: string | null;
    code: string;
    zone: string;
    width_m: string;
    depth_m: string;
    power: string;
    status: string;
    category_id: string | null;
    colour: string | null;
    plan_x: string | null;
    plan_y: string | null;
    plan_rotation: number | null;
  }>(
    db,
    sql`select s.id, s.code, s.zone, s.width_m, s.depth_m, s.power, s.status, s.category_id, c.colour,
      s.plan_x, s.plan_y, s.plan_rotation
    from market_locations l
    left join market_slots s on s.location_id = l.id and s.org_id = l.org_id
    left join market_categories c on c.id = s.category_id
    where l.id = ${b.locationId} and l.org_id = ${b.orgId}
    order by s.zone, s.code, s.id`,
  );
}

/**
 * Holding bookings with their invoice state over the assignment's issued invoices (drafts, cancelled and
 * credited ones do not count): any overdue, then any unpaid (issued or partly paid), then all waived, then
 * paid; none without an issued invoice. One lateral lookup per holding booking through invoices' assignment
 * index. In the same statement, the absences and no-shows (every status but cancelled that does not hold) on
 * slots nobody holds that day (the day and slot index answers that), the latest first: the board names who
 * was booked on a slot that is free.
 */
export function boardCells(db: DbOrTx, b: BoardRange) {
  return rows<{
    day_id: string;
    slot_id: string;
    id: string;
    vendor_id: string;
    vendor_name: string;
    category_id: string;
    colour: string;
    status: string;
    locked: boolean;
    term_id: string | null;
    invoice_state: string;
  }>(
    db,
    sql`select a.market_day_id as day_id, a.slot_id, a.id, a.vendor_id, v.public_name as vendor_name, a.category_id, c.colour,
      a.status, a.locked, a.term_id, coalesce(inv.state, 'none') as invoice_state
    from market_days d
    join market_assignments a on a.market_day_id = d.id and a.status <> 'cancelled'
    join vendors v on v.id = a.vendor_id
    join market_categories c on c.id = a.category_id
    left join lateral ${bookingInvoiceState('a', sql`a.status in ('confirmed', 'checked_in')`)} inv on true
    where ${daysOf(b)} and a.org_id = ${b.orgId}
      and (a.status in ('confirmed', 'checked_in') or not exists (select 1 from market_assignments h
        where h.market_day_id = a.market_day_id and h.slot_id = a.slot_id and h.status in ('confirmed', 'checked_in')))
    order by d.date, a.slot_id, a.updated_at desc, a.id`,
  );
}

export function boardRequests(db: DbOrTx, b: BoardRange) {
  return rows<{
    id: string;
    day_id: string;
    vendor_id: string;
    vendor_name: string;
    category_id: string;
    name_en: string;
    name_ar: string;
    colour: string;
    status: string;
    priority: number;
  }>(
    db,
    sql`select r.id, r.market_day_id as day_id, r.vendor_id, v.public_name as vendor_name, r.category_id,
      c.name_en, c.name_ar, c.colour, r.status, r.priority
    from market_days d
    join market_day_requests r on r.market_day_id = d.id
    join vendors v on v.id = r.vendor_id
    join market_categories c on c.id = r.category_id
    where ${daysOf(b)} and r.org_id = ${b.orgId} and (r.status = 'pending' or ${UNPLACED})
    order by d.date, r.priority desc, r.created_at, r.id`,
  );
}

export async function dayExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from market_days where id = ${id} and org_id = ${orgId}`)).length > 0;
}

/** Per category of a day: its capacity (when planned) and the day's bookings and requests in it. */
export function categoryGaps(db: DbOrTx, orgId: string, dayId: string) {
  return rows<{
    id: string;
    name_en: string;
    name_ar: string;
    colour: string;
    planned: boolean;
    target: number;
    assigned: number;
    pending: number;
    accepted_unassigned: number;
  }>(
    db,
    sql`select c.id, c.name_en, c.name_ar, c.colour, cap.category_id is not null as planned, coalesce(cap.capacity, 0)::int as target,
      (select count(*) from market_assignments a where a.market_day_id = ${dayId} and a.category_id = c.id
        and a.status in ('confirmed', 'checked_in'))::int as assigned,
      (select count(*) from market_day_requests r where r.market_day_id = ${dayId} and r.category_id = c.id and r.status = 'pending')::int as pending,
      (select count(*) from market_day_requests r where r.market_day_id = ${dayId} and r.category_id = c.id and ${UNPLACED})::int
        as accepted_unassigned
    from market_categories c
    left join market_day_capacities cap on cap.market_day_id = ${dayId} and cap.category_id = c.id
    where c.org_id = ${orgId}
    order by c.name_en, c.id`,
  );
}
