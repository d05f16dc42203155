import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketLocations, workshops } from '../../db/schema/index.js';

export type WorkshopInsert = typeof workshops.$inferInsert;
export type WorkshopRow = typeof workshops.$inferSelect & { marketDayDate: string | null; locationName: string | null };

export interface WorkshopFilters {
  id?: string;
  applicationId?: string;
  marketDayId?: string;
  status?: 'scheduled' | 'cancelled';
}

export async function workshopRows(db: DbOrTx, orgId: string, f: WorkshopFilters): Promise<WorkshopRow[]> {
  const conds: (SQL | undefined)[] = [eq(workshops.orgId, orgId)];
  if (f.id) conds.push(eq(workshops.id, f.id));
  if (f.applicationId) conds.push(eq(workshops.applicationId, f.applicationId));
  if (f.marketDayId) conds.push(eq(workshops.marketDayId, f.marketDayId));
  if (f.status) conds.push(eq(workshops.status, f.status));
  const rows = await db
    .select({ w: workshops, marketDayDate: marketDays.date, locationName: marketLocations.nameEn })
    .from(workshops)
    .leftJoin(marketDays, eq(marketDays.id, workshops.marketDayId))
    .leftJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(and(...conds))
    // Unplaced workshops last; the rest in calendar order.
    .orderBy(sql`${marketDays.date} asc nulls last`, asc(workshops.createdAt), asc(workshops.id));
  return rows.map((r) => ({ ...r.w, marketDayDate: r.marketDayDate, locationName: r.locationName }));
}

export type DayRow = { id: string; date: string; status: string };

/**
 * The market day, locked until the transaction ends, so two placements on one day are counted one
 * after the other and cannot both take its last place.
 */
export async function lockMarketDay(db: DbOrTx, orgId: string, id: string): Promise<DayRow | null> {
  const [row] = await db
    .select({ id: marketDays.id, date: marketDays.date, status: marketDays.status })
    .from(marketDays)
    .where(and(eq(marketDays.orgId, orgId), eq(marketDays.id, id)))
    .for('update');
  return row ?? null;
}

/** Scheduled workshops on a day, leaving out one (the workshop being moved). */
export async function countScheduled(db: DbOrTx, marketDayId: string, exceptId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workshops)
    .where(
      and(eq(workshops.marketDayId, marketDayId), eq(workshops.status, 'scheduled'), exceptId ? ne(workshops.id, exceptId) : undefined),
    );
  return row?.n ?? 0;
}

export async function insertWorkshop(db: DbOrTx, values: WorkshopInsert): Promise<string> {
  return (await db.insert(workshops).values(values).returning({ id: workshops.id }))[0]!.id;
}

export async function lockWorkshop(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(workshops)
    .where(and(eq(workshops.orgId, orgId), eq(workshops.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateWorkshop(db: DbOrTx, id: string, values: Partial<WorkshopInsert>): Promise<void> {
  await db
    .update(workshops)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workshops.id, id));
}
