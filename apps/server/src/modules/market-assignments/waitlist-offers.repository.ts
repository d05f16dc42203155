import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// All SQL of waitlist offers. Rows come back in snake_case from `execute`; the service maps them.

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export interface OfferRow {
  id: string;
  org_id: string;
  request_id: string;
  market_day_id: string;
  date: string;
  location_name_en: string;
  location_name_ar: string;
  slot_id: string;
  slot_code: string;
  vendor_id: string;
  vendor_name: string;
  vendor_email: string | null;
  category_name_en: string;
  category_name_ar: string;
  status: 'offered' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
  expires_at: Date | string;
  sent_at: Date | string | null;
  responded_at: Date | string | null;
  assignment_id: string | null;
  created_at: Date | string;
}

const offerSelect = sql`
  select o.id, o.org_id, o.request_id, o.market_day_id, d.date::text as date, l.name_en as location_name_en,
    l.name_ar as location_name_ar, o.slot_id, s.code as slot_code, o.vendor_id, v.public_name as vendor_name,
    v.email as vendor_email, c.name_en as category_name_en, c.name_ar as category_name_ar, o.status, o.expires_at,
    o.sent_at, o.responded_at, o.created_at,
    (select a.id from market_assignments a where a.request_id = o.request_id and a.market_day_id = o.market_day_id
       and a.slot_id = o.slot_id and o.status = 'accepted' order by a.created_at desc limit 1) as assignment_id
  from market_waitlist_offers o
  join market_days d on d.id = o.market_day_id
  join market_locations l on l.id = d.location_id
  join market_slots s on s.id = o.slot_id
  join vendors v on v.id = o.vendor_id
  join market_day_requests r on r.id = o.request_id
  join market_categories c on c.id = r.category_id`;

export async function offersOfDay(db: DbOrTx, orgId: string, dayId: string, status?: string): Promise<OfferRow[]> {
  const res = await rows<unknown>(
    db,
    sql`${offerSelect}
    where o.org_id = ${orgId} and o.market_day_id = ${dayId} ${status ? sql`and o.status = ${status}` : sql``}
    order by o.created_at desc, o.id`,
  );
  return res as unknown as OfferRow[];
}

export async function openOffersOfVendor(db: DbOrTx, orgId: string, vendorId: string): Promise<OfferRow[]> {
  const res = await rows<unknown>(
    db,
    sql`${offerSelect}
    where o.org_id = ${orgId} and o.vendor_id = ${vendorId} and o.status = 'offered' order by o.expires_at, o.id`,
  );
  return res as unknown as OfferRow[];
}

export async function offerById(db: DbOrTx, orgId: string, id: string): Promise<OfferRow | null> {
  const res = await rows<unknown>(db, sql`${offerSelect} where o.org_id = ${orgId} and o.id = ${id}`);
  return (res[0] as unknown as OfferRow) ?? null;
}

/** Locks an offer row for a decision (accept, decline, withdraw, expire): decisions on one offer run one at a time. */
export async function lockOffer(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<{
  id: string;
  status: string;
  expires_at: Date | string;
  request_id: string;
  market_day_id: string;
  slot_id: string;
  vendor_id: string;
} | null> {
  const res = await rows<unknown>(
    db,
    sql`
    select id, status, expires_at, request_id, market_day_id, slot_id, vendor_id from market_waitlist_offers
    where org_id = ${orgId} and id = ${id} for update`,
  );
  return (res[0] as never) ?? null;
}

export async function setOfferStatus(db: DbOrTx, id: string, status: string): Promise<void> {
  await db.execute(sql`update market_waitlist_offers set status = ${status}, responded_at = now() where id = ${id}`);
}

/** True when no booking holds the slot that day and no offer for it is open. */
export async function slotIsFree(db: DbOrTx, dayId: string, slotId: string): Promise<boolean> {
  const res = await rows<unknown>(
    db,
    sql`
    select not exists (select 1 from market_assignments where market_day_id = ${dayId} and slot_id = ${slotId}
        and status in ('confirmed', 'checked_in'))
      and not exists (select 1 from market_waitlist_offers where market_day_id = ${dayId} and slot_id = ${slotId}
        and status = 'offered') as free`,
  );
  return Boolean((res[0] as { free: boolean }).free);
}

export interface CandidateRow {
  request_id: string;
  vendor_id: string;
  category_id: string;
  priority: number;
  waitlisted_at: Date | string | null;
}

/**
 * Waitlisted requests of the day in offer order (priority, then the time they joined) whose category fits the
 * slot, whose vendor holds no slot that day and has no open offer, and that were not offered this day before
 * (an offer that expired or was declined passes on, it does not come back).
 */
export async function candidates(db: DbOrTx, orgId: string, dayId: string, slotCategoryId: string | null): Promise<CandidateRow[]> {
  const res = await rows<unknown>(
    db,
    sql`
    select r.id as request_id, r.vendor_id, r.category_id, r.priority, r.waitlisted_at
    from market_day_requests r
    where r.org_id = ${orgId} and r.market_day_id = ${dayId} and r.status = 'waitlisted'
      ${slotCategoryId ? sql`and r.category_id = ${slotCategoryId}` : sql``}
      and not exists (select 1 from market_assignments a where a.market_day_id = r.market_day_id
        and a.vendor_id = r.vendor_id and a.status in ('confirmed', 'checked_in'))
      and not exists (select 1 from market_waitlist_offers o where o.request_id = r.id
        and o.status in ('offered', 'expired', 'declined'))
    order by r.priority desc, r.waitlisted_at asc nulls last, r.created_at, r.id`,
  );
  return res as unknown as CandidateRow[];
}

export async function insertOffer(
  db: DbOrTx,
  v: { orgId: string; requestId: string; dayId: string; slotId: string; vendorId: string; expiresAt: Date; createdBy: string | null },
): Promise<string> {
  const res = await rows<unknown>(
    db,
    sql`
    insert into market_waitlist_offers (org_id, request_id, market_day_id, slot_id, vendor_id, expires_at, created_by)
    values (${v.orgId}, ${v.requestId}, ${v.dayId}, ${v.slotId}, ${v.vendorId}, ${v.expiresAt.toISOString()}::timestamptz, ${v.createdBy})
    returning id`,
  );
  return (res[0] as { id: string }).id;
}

/**
 * How many offers the vendor was e-mailed in the hour up to `now` (their sent_at, written with the same clock,
 * so the runner's clock in tests counts as the server's does). The caller holds the vendor's lock.
 */
export async function offerEmailsInHour(db: DbOrTx, orgId: string, vendorId: string, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const res = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from market_waitlist_offers
    where org_id = ${orgId} and vendor_id = ${vendorId} and sent_at > ${at} - interval '1 hour' and sent_at <= ${at}`,
  );
  return Number(res[0]?.n ?? 0);
}

export async function markOfferSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.execute(sql`update market_waitlist_offers set sent_at = ${at.toISOString()}::timestamptz where id = ${id}`);
}

export async function offerHoursOf(db: DbOrTx, orgId: string): Promise<number | null> {
  const res = await rows<unknown>(db, sql`select offer_hours from market_policies where org_id = ${orgId}`);
  return (res[0] as { offer_hours: number } | undefined)?.offer_hours ?? null;
}

export async function organizationName(db: DbOrTx, orgId: string): Promise<string> {
  const res = await rows<unknown>(db, sql`select name from organizations where id = ${orgId}`);
  return (res[0] as { name: string } | undefined)?.name ?? '';
}

/** The queue of a day for the waitlist view: every waitlisted request in offer order. */
export async function queueOfDay(db: DbOrTx, orgId: string, dayId: string) {
  const res = await rows<unknown>(
    db,
    sql`
    select r.id as request_id, r.vendor_id, v.public_name as vendor_name, r.category_id, c.name_en as category_name_en,
      c.name_ar as category_name_ar, r.priority, r.waitlisted_at, r.updated_at
    from market_day_requests r join vendors v on v.id = r.vendor_id join market_categories c on c.id = r.category_id
    where r.org_id = ${orgId} and r.market_day_id = ${dayId} and r.status = 'waitlisted'
    order by r.category_id, r.priority desc, r.waitlisted_at asc nulls last, r.created_at, r.id`,
  );
  return res as unknown as {
    request_id: string;
    vendor_id: string;
    vendor_name: string;
    category_id: string;
    category_name_en: string;
    category_name_ar: string;
    priority: number;
    waitlisted_at: Date | string | null;
    updated_at: Date | string;
  }[];
}
