import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  marketAssignments,
  marketCategories,
  marketDayRequests,
  marketDays,
  marketDaySeries,
  marketLocations,
  vendors,
} from '../../db/schema/index.js';

export type RequestRow = typeof marketDayRequests.$inferSelect;
export type RequestInsert = typeof marketDayRequests.$inferInsert;
export type DayRow = typeof marketDays.$inferSelect;

/**
 * The booking holding a slot for a request: the vendor's holding booking that day (at most one, by the
 * partial unique index that also serves this lookup).
 */
const holdingAssignmentId = sql<string | null>`(select a.id from ${marketAssignments} a
  where a.market_day_id = ${marketDayRequests.marketDayId} and a.vendor_id = ${marketDayRequests.vendorId}
  and a.status in ('confirmed', 'checked_in') limit 1)`;

const listColumns = {
  request: marketDayRequests,
  date: marketDays.date,
  dayStatus: marketDays.status,
  locationId: marketDays.locationId,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
  vendorName: vendors.publicName,
  categoryNameEn: marketCategories.nameEn,
  categoryNameAr: marketCategories.nameAr,
  categoryColour: marketCategories.colour,
  assignmentId: holdingAssignmentId,
};
export type RequestListRow = {
  request: RequestRow;
  date: string;
  dayStatus: DayRow['status'];
  locationId: string;
  locationNameEn: string;
  locationNameAr: string;
  vendorName: string;
  categoryNameEn: string;
  categoryNameAr: string;
  categoryColour: string;
  assignmentId: string | null;
};

export interface RequestFilter {
  marketDayId?: string | undefined;
  vendorId?: string | undefined;
  status?: RequestRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  ids?: string[];
}

export async function listRequests(db: DbOrTx, orgId: string, f: RequestFilter, limit: number): Promise<RequestListRow[]> {
  const where: SQL[] = [eq(marketDayRequests.orgId, orgId)];
  if (f.marketDayId) where.push(eq(marketDayRequests.marketDayId, f.marketDayId));
  if (f.vendorId) where.push(eq(marketDayRequests.vendorId, f.vendorId));
  if (f.status) where.push(eq(marketDayRequests.status, f.status));
  if (f.from) where.push(gte(marketDays.date, f.from));
  if (f.to) where.push(lte(marketDays.date, f.to));
  if (f.ids) where.push(inArray(marketDayRequests.id, f.ids));
  return db
    .select(listColumns)
    .from(marketDayRequests)
    .innerJoin(marketDays, eq(marketDays.id, marketDayRequests.marketDayId))
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .innerJoin(vendors, eq(vendors.id, marketDayRequests.vendorId))
    .innerJoin(marketCategories, eq(marketCategories.id, marketDayRequests.categoryId))
    .where(and(...where))
    .orderBy(
      asc(marketDays.date),
      desc(marketDayRequests.priority),
      sql`${marketDayRequests.waitlistedAt} asc nulls last`,
      asc(marketDayRequests.createdAt),
      asc(marketDayRequests.id),
    )
    .limit(limit);
}

export async function findRequest(db: DbOrTx, orgId: string, id: string): Promise<RequestListRow | null> {
  return (await listRequests(db, orgId, { ids: [id] }, 1))[0] ?? null;
}

/** The request row alone, locked for a write. */
export async function lockRequest(db: DbOrTx, orgId: string, id: string): Promise<RequestRow | null> {
  const rows = await db
    .select()
    .from(marketDayRequests)
    .where(and(eq(marketDayRequests.id, id), eq(marketDayRequests.orgId, orgId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function findDay(db: DbOrTx, orgId: string, id: string): Promise<DayRow | null> {
  const rows = await db
    .select()
    .from(marketDays)
    .where(and(eq(marketDays.id, id), eq(marketDays.orgId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRequest(db: DbOrTx, row: RequestInsert): Promise<RequestRow> {
  return (await db.insert(marketDayRequests).values(row).returning())[0]!;
}

/** Inserts the requests a term books; a day where the vendor already has a request is left out (not an error). */
export async function insertRequestsSkippingTaken(db: DbOrTx, rows: RequestInsert[]): Promise<RequestRow[]> {
  if (!rows.length) return [];
  return db.insert(marketDayRequests).values(rows).onConflictDoNothing().returning();
}

export async function updateRequest(db: DbOrTx, id: string, values: Partial<RequestInsert>): Promise<RequestRow> {
  return (
    await db
      .update(marketDayRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(marketDayRequests.id, id))
      .returning()
  )[0]!;
}

export async function findSeries(db: DbOrTx, orgId: string, id: string) {
  const rows = await db
    .select({ id: marketDaySeries.id, locationId: marketDaySeries.locationId })
    .from(marketDaySeries)
    .where(and(eq(marketDaySeries.id, id), eq(marketDaySeries.orgId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findLocation(db: DbOrTx, orgId: string, id: string) {
  const rows = await db
    .select({ id: marketLocations.id })
    .from(marketLocations)
    .where(and(eq(marketLocations.id, id), eq(marketLocations.orgId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The days a term covers: those of a series, or those at a location within a date range. */
export function termDays(db: DbOrTx, orgId: string, f: { seriesId?: string; locationId?: string; from?: string; to?: string }) {
  const where: SQL[] = [eq(marketDays.orgId, orgId)];
  if (f.seriesId) where.push(eq(marketDays.seriesId, f.seriesId));
  if (f.locationId) where.push(eq(marketDays.locationId, f.locationId));
  if (f.from) where.push(gte(marketDays.date, f.from));
  if (f.to) where.push(lte(marketDays.date, f.to));
  return db
    .select()
    .from(marketDays)
    .where(and(...where))
    .orderBy(asc(marketDays.date), asc(marketDays.id));
}
