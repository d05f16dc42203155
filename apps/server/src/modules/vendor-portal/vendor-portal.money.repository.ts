import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookingInvoiceState } from '../payment-management/index.js';

// The vendor's own market days, read-only. The query names the organization and the vendor, so another vendor's
// rows are never read. Raw SQL: the invoice state reads the invoice_balances view (payment management's
// fragment, the board's rule), which Drizzle's schema does not describe. The vendor's invoices and statement are
// payment management's reads (index.ts), given the caller's own vendor.

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

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
  declared_sales: number | string | null;
}

/**
 * The vendor's bookings (each with its request's status, invoice state and declared sales) and its requests
 * without any booking that day, by date then opening time. The invoice state is given for every booking, not only
 * the holding ones the board shows it on: a vendor who did not come still sees what it owes for the day.
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
        coalesce(inv.state, 'none') as invoice_state, a.declared_sales, a.created_at
      from market_assignments a
      join market_days d on d.id = a.market_day_id
      join market_locations l on l.id = d.location_id
      join market_slots s on s.id = a.slot_id
      join market_categories c on c.id = a.category_id
      left join market_day_requests r on r.id = a.request_id
      left join lateral ${bookingInvoiceState('a')} inv on true
      where a.org_id = ${orgId} and a.vendor_id = ${vendorId}
      union all
      select r.id, r.id as request_id, null as assignment_id, d.id as market_day_id, to_char(d.date, 'YYYY-MM-DD') as date,
        substr(d.open_time::text, 1, 5) as open_time, substr(d.close_time::text, 1, 5) as close_time, d.status as day_status,
        l.id as location_id, l.name_en as location_name_en, l.name_ar as location_name_ar,
        c.id as category_id, c.name_en as category_name_en, c.name_ar as category_name_ar, c.colour as category_colour,
        r.status as request_status, null as booking_status, null as slot_code, 'none' as invoice_state,
        null as declared_sales, r.created_at
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
