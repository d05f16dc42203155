import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// What automatic allocation reads of one market day, each part one statement scoped to the organization.
// Raw SQL: the lists are small joins, and dates come back as YYYY-MM-DD text on both drivers.

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export interface AllocationDayRow {
  id: string;
  location_id: string;
  date: string;
  status: string;
}

/** The day, locked while a proposal is applied so two applies of one day run one after the other. */
export async function findDay(db: DbOrTx, orgId: string, id: string, lock: boolean): Promise<AllocationDayRow | null> {
  const found = await rows<AllocationDayRow>(
    db,
    sql`select id, location_id, to_char(date, 'YYYY-MM-DD') as date, status from market_days
      where id = ${id} and org_id = ${orgId} ${lock ? sql`for update` : sql``}`,
  );
  return found[0] ?? null;
}

export interface AllocationSlotRow {
  id: string;
  code: string;
  zone: string;
  status: 'open' | 'blocked';
  category_id: string | null;
  width_m: string | number;
  depth_m: string | number;
  plan_x: string | number | null;
  plan_y: string | number | null;
  plan_rotation: number;
}

export function locationSlots(db: DbOrTx, orgId: string, locationId: string) {
  return rows<AllocationSlotRow>(
    db,
    sql`select id, code, zone, status, category_id, width_m, depth_m, plan_x, plan_y, plan_rotation
      from market_slots where org_id = ${orgId} and location_id = ${locationId} order by id`,
  );
}

export interface AllocationRequestRow {
  id: string;
  vendor_id: string;
  vendor_name: string;
  category_id: string;
  name_en: string;
  name_ar: string;
  colour: string;
  priority: number;
  accepted_at: Date | string | null;
  term_id: string | null;
}

/**
 * The day's accepted requests that may hold a slot: not those whose vendor was marked absent or no-show that
 * day (such a booking keeps its request off the board, as the board's list of requests to place does).
 * `lock` locks them, so a withdrawal or rejection racing an apply waits for it (as a single booking does).
 */
export function acceptedRequests(db: DbOrTx, orgId: string, dayId: string, lock: boolean) {
  return rows<AllocationRequestRow>(
    db,
    sql`select r.id, r.vendor_id, v.public_name as vendor_name, r.category_id, c.name_en, c.name_ar, c.colour,
        r.priority, r.accepted_at, r.term_id
      from market_day_requests r
      join vendors v on v.id = r.vendor_id
      join market_categories c on c.id = r.category_id
      where r.org_id = ${orgId} and r.market_day_id = ${dayId} and r.status = 'accepted'
        and not exists (select 1 from market_assignments x where x.market_day_id = r.market_day_id
          and x.vendor_id = r.vendor_id and x.status not in ('confirmed', 'checked_in', 'cancelled'))
      order by r.id ${lock ? sql`for update of r` : sql``}`,
  );
}

export interface AllocationAssignmentRow {
  id: string;
  slot_id: string;
  slot_code: string;
  vendor_id: string;
  vendor_name: string;
  request_id: string | null;
  category_id: string;
  name_en: string;
  name_ar: string;
  colour: string;
  locked: boolean;
  status: 'confirmed' | 'checked_in';
}

/** The day's holding bookings (confirmed or checked in): their slots are taken and they count against capacity. */
export function holdingAssignments(db: DbOrTx, orgId: string, dayId: string) {
  return rows<AllocationAssignmentRow>(
    db,
    sql`select a.id, a.slot_id, s.code as slot_code, a.vendor_id, v.public_name as vendor_name, a.request_id, a.category_id,
        c.name_en, c.name_ar, c.colour, a.locked, a.status
      from market_assignments a
      join market_slots s on s.id = a.slot_id
      join vendors v on v.id = a.vendor_id
      join market_categories c on c.id = a.category_id
      where a.org_id = ${orgId} and a.market_day_id = ${dayId} and a.status in ('confirmed', 'checked_in')
      order by a.id`,
  );
}

/**
 * Slots these vendors held on earlier days at the location (confirmed or checked in), one row per vendor and
 * slot with the latest such day, most recent first.
 */
export function previousSlots(db: DbOrTx, orgId: string, v: { locationId: string; before: string; vendorIds: string[] }) {
  if (!v.vendorIds.length) return Promise.resolve([]);
  return rows<{ vendor_id: string; slot_id: string; date: string }>(
    db,
    sql`select a.vendor_id, a.slot_id, to_char(max(d.date), 'YYYY-MM-DD') as date
      from market_assignments a
      join market_days d on d.id = a.market_day_id
      where a.org_id = ${orgId} and d.org_id = ${orgId} and d.location_id = ${v.locationId} and d.date < ${v.before}::date
        and a.status in ('confirmed', 'checked_in')
        and a.vendor_id in (${sql.join(
          v.vendorIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      group by a.vendor_id, a.slot_id
      order by a.vendor_id, max(d.date) desc, a.slot_id`,
  );
}

/** Per category of the organization: the day's capacity, or the category's target when the day has none. */
export function capacities(db: DbOrTx, orgId: string, dayId: string) {
  return rows<{ id: string; capacity: number }>(
    db,
    sql`select c.id, coalesce(cap.capacity, c.target_per_day)::int as capacity
      from market_categories c
      left join market_day_capacities cap on cap.market_day_id = ${dayId} and cap.category_id = c.id and cap.org_id = ${orgId}
      where c.org_id = ${orgId}
      order by c.id`,
  );
}

/** Cancels the released bookings that still hold their slot unlocked; answers the rows before the change. */
export async function releaseAssignments(db: DbOrTx, orgId: string, ids: string[], reason: string) {
  if (!ids.length) return [];
  return rows<{ id: string; slot_id: string }>(
    db,
    sql`update market_assignments set status = 'cancelled', status_reason = ${reason}, updated_at = now()
      where org_id = ${orgId} and status = 'confirmed' and not locked
        and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      returning id, slot_id`,
  );
}
