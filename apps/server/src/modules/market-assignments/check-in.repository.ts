import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCheckIns } from '../../db/schema/index.js';

// All SQL of check-in. The list is one statement for the whole day whatever its size (no query per booking):
// eligibility facts, the unpaid test and the last record are correlated subqueries over indexed columns.
// Raw SQL because the unpaid test reads the invoice_balances view, which Drizzle's schema does not describe.

export type CheckInRowRecord = typeof marketCheckIns.$inferSelect;
export type CheckInInsert = typeof marketCheckIns.$inferInsert;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** A timestamp as the API writes it (ISO 8601 in UTC), the same on both drivers. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface CheckInDay {
  id: string;
  date: string;
  status: string;
  location_name_en: string;
  location_name_ar: string;
}

export async function findDay(db: DbOrTx, orgId: string, dayId: string): Promise<CheckInDay | null> {
  const found = await rows<CheckInDay>(
    db,
    sql`select d.id, to_char(d.date, 'YYYY-MM-DD') as date, d.status, l.name_en as location_name_en, l.name_ar as location_name_ar
    from market_days d join market_locations l on l.id = d.location_id
    where d.id = ${dayId} and d.org_id = ${orgId}`,
  );
  return found[0] ?? null;
}

/** One booking of the day with what the refusal rules read of it (see check-in.service.ts). */
export interface CheckInFactsRow {
  assignment_id: string;
  vendor_id: string;
  vendor_name: string;
  vendor_status: string;
  slot_id: string;
  slot_code: string;
  category_id: string;
  category_name_en: string;
  category_name_ar: string;
  category_colour: string;
  required_document_types: string[];
  status: string;
  checked_in_at: string | null;
  trades_in_category: boolean;
  documents: { docType: string; status: string; expiresOn: string | null }[];
  unpaid: boolean;
  /** The last check-in or no-show of the booking, shaped as the API's record. */
  last_record: r.CheckInRecord | null;
}

/**
 * Every booking of a day (or one of them), holding or released, by slot code. Unpaid: an issued invoice of the
 * booking whose state in invoice_balances is issued, partially paid or overdue; the view is filtered by its
 * grouping column (invoice id) so only the booking's own invoices are summed.
 */
export function checkInFacts(db: DbOrTx, orgId: string, dayId: string, assignmentId?: string): Promise<CheckInFactsRow[]> {
  const one = assignmentId ? sql`and a.id = ${assignmentId}` : sql``;
  return rows<CheckInFactsRow>(
    db,
    sql`select a.id as assignment_id, a.vendor_id, v.public_name as vendor_name, v.status as vendor_status,
      a.slot_id, s.code as slot_code, a.category_id, c.name_en as category_name_en, c.name_ar as category_name_ar,
      c.colour as category_colour, array_to_json(c.required_document_types) as required_document_types,
      a.status, ${iso(sql`a.checked_in_at`)} as checked_in_at,
      exists (select 1 from vendor_categories vc
        where vc.org_id = a.org_id and vc.vendor_id = a.vendor_id and vc.category_id = a.category_id) as trades_in_category,
      coalesce((select json_agg(json_build_object('docType', vd.doc_type, 'status', vd.status, 'expiresOn', vd.expires_on))
        from vendor_documents vd
        where vd.org_id = a.org_id and vd.vendor_id = a.vendor_id and vd.doc_type = any(c.required_document_types)), '[]'::json) as documents,
      exists (select 1 from invoice_balances ib
        where ib.invoice_id = any(array(select i.id from invoices i
            where i.assignment_id = a.id and i.org_id = a.org_id and i.status = 'issued'))
          and ib.state in ('issued', 'partially_paid', 'overdue')) as unpaid,
      (select json_build_object('id', ci.id, 'assignmentId', ci.assignment_id, 'action', ci.action,
          'overrideReason', ci.override_reason, 'recordedAt', ${iso(sql`ci.recorded_at`)}, 'recordedBy', ci.recorded_by,
          'createdAt', ${iso(sql`ci.created_at`)})
        from market_check_ins ci where ci.assignment_id = a.id order by ci.created_at desc, ci.id desc limit 1) as last_record
    from market_assignments a
    join market_slots s on s.id = a.slot_id
    join vendors v on v.id = a.vendor_id
    join market_categories c on c.id = a.category_id
    where a.org_id = ${orgId} and a.market_day_id = ${dayId} ${one}
    order by s.code, a.created_at, a.id`,
  );
}

/** A check-in by its (client-generated) id, in any organization: an id names one action everywhere. */
export async function findCheckIn(db: DbOrTx, id: string): Promise<CheckInRowRecord | null> {
  const found = await db.select().from(marketCheckIns).where(eq(marketCheckIns.id, id)).limit(1);
  return found[0] ?? null;
}

/** The last check-in (not no-show) of a booking: the record an already checked-in booking answers with. */
export async function lastCheckIn(db: DbOrTx, orgId: string, assignmentId: string): Promise<CheckInRowRecord | null> {
  const found = await db
    .select()
    .from(marketCheckIns)
    .where(and(eq(marketCheckIns.orgId, orgId), eq(marketCheckIns.assignmentId, assignmentId), eq(marketCheckIns.action, 'check_in')))
    .orderBy(desc(marketCheckIns.createdAt), desc(marketCheckIns.id))
    .limit(1);
  return found[0] ?? null;
}

/**
 * Inserts the record under the client's id; null when that id is already taken (a concurrent retry: on
 * PostgreSQL the insert waits for the other transaction and then does nothing).
 */
export async function insertCheckIn(db: DbOrTx, row: CheckInInsert): Promise<CheckInRowRecord | null> {
  const inserted = await db.insert(marketCheckIns).values(row).onConflictDoNothing({ target: marketCheckIns.id }).returning();
  return inserted[0] ?? null;
}
