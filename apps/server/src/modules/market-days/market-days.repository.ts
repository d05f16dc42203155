import { and, asc, eq, gte, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCategories, marketDayCapacities, marketDays, marketLocations } from '../../db/schema/index.js';

export type DayRow = typeof marketDays.$inferSelect;
export type DayInsert = typeof marketDays.$inferInsert;
export type DayListRow = DayRow & { locationNameEn: string; locationNameAr: string; capacityTotal: number };
export type CapacityRow = {
  marketDayId: string;
  categoryId: string;
  nameEn: string;
  nameAr: string;
  colour: string;
  isActive: boolean;
  capacity: number;
  booked: number;
};

/** The caller's location, locked so that two writers cannot plan the same date there at once. */
export async function lockLocation(db: DbOrTx, orgId: string, id: string) {
  const rows = await db
    .select({ id: marketLocations.id, status: marketLocations.status, nameEn: marketLocations.nameEn })
    .from(marketLocations)
    .where(and(eq(marketLocations.id, id), eq(marketLocations.orgId, orgId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export function activeCategoryTargets(db: DbOrTx, orgId: string) {
  return db
    .select({ categoryId: marketCategories.id, capacity: marketCategories.targetPerDay })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.isActive, true)));
}

const capacityTotal = sql<number>`coalesce((select sum(c.capacity) from ${marketDayCapacities} c where c.market_day_id = ${marketDays.id}), 0)::int`;

const listColumns = {
  day: marketDays,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
  capacityTotal,
};

const flatten = (r: { day: DayRow; locationNameEn: string; locationNameAr: string; capacityTotal: number }): DayListRow => ({
  ...r.day,
  locationNameEn: r.locationNameEn,
  locationNameAr: r.locationNameAr,
  capacityTotal: Number(r.capacityTotal),
});

export interface DayFilter {
  locationId?: string;
  seriesId?: string;
  status?: DayRow['status'];
  from?: string;
  to?: string;
  excludeStatus?: DayRow['status'];
}

export async function listDays(db: DbOrTx, orgId: string, f: DayFilter, limit: number): Promise<DayListRow[]> {
  const where: SQL[] = [eq(marketDays.orgId, orgId)];
  if (f.locationId) where.push(eq(marketDays.locationId, f.locationId));
  if (f.seriesId) where.push(eq(marketDays.seriesId, f.seriesId));
  if (f.status) where.push(eq(marketDays.status, f.status));
  if (f.excludeStatus) where.push(ne(marketDays.status, f.excludeStatus));
  if (f.from) where.push(gte(marketDays.date, f.from));
  if (f.to) where.push(lte(marketDays.date, f.to));
  const rows = await db
    .select(listColumns)
    .from(marketDays)
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(and(...where))
    .orderBy(asc(marketDays.date), asc(marketDays.openTime), asc(marketLocations.nameEn), asc(marketDays.id))
    .limit(limit);
  return rows.map(flatten);
}

export async function findDay(db: DbOrTx, orgId: string, id: string): Promise<DayListRow | null> {
  const rows = await db
    .select(listColumns)
    .from(marketDays)
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(and(eq(marketDays.id, id), eq(marketDays.orgId, orgId)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** The day row alone, locked for a write. */
export async function lockDay(db: DbOrTx, orgId: string, id: string): Promise<DayRow | null> {
  const rows = await db
    .select()
    .from(marketDays)
    .where(and(eq(marketDays.id, id), eq(marketDays.orgId, orgId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function capacitiesOf(db: DbOrTx, orgId: string, dayIds: string[]): Promise<CapacityRow[]> {
  if (!dayIds.length) return [];
  return db
    .select({
      marketDayId: marketDayCapacities.marketDayId,
      categoryId: marketDayCapacities.categoryId,
      nameEn: marketCategories.nameEn,
      nameAr: marketCategories.nameAr,
      colour: marketCategories.colour,
      isActive: marketCategories.isActive,
      capacity: marketDayCapacities.capacity,
      // Bookings holding a slot that day in the category (confirmed or checked in).
      booked: sql<number>`(select count(*)::int from market_assignments a where a.market_day_id = ${marketDayCapacities.marketDayId}
        and a.category_id = ${marketDayCapacities.categoryId} and a.status in ('confirmed', 'checked_in'))`.mapWith(Number),
    })
    .from(marketDayCapacities)
    .innerJoin(marketCategories, eq(marketCategories.id, marketDayCapacities.categoryId))
    .where(and(eq(marketDayCapacities.orgId, orgId), inArray(marketDayCapacities.marketDayId, dayIds)))
    .orderBy(asc(marketCategories.nameEn));
}

export async function insertDays(db: DbOrTx, rows: DayInsert[]): Promise<DayRow[]> {
  if (!rows.length) return [];
  return db.insert(marketDays).values(rows).returning();
}

export async function updateDay(db: DbOrTx, id: string, values: Partial<DayInsert>): Promise<DayRow> {
  return (
    await db
      .update(marketDays)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(marketDays.id, id))
      .returning()
  )[0]!;
}

export async function updateDays(db: DbOrTx, ids: string[], values: Partial<DayInsert>): Promise<void> {
  if (ids.length)
    await db
      .update(marketDays)
      .set({ ...values, updatedAt: new Date() })
      .where(inArray(marketDays.id, ids));
}

export async function deleteDays(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(marketDays).where(inArray(marketDays.id, ids));
}

/** Each day gets the same capacity set. */
export async function insertCapacities(
  db: DbOrTx,
  orgId: string,
  dayIds: string[],
  caps: { categoryId: string; capacity: number }[],
): Promise<void> {
  const rows = dayIds.flatMap((marketDayId) => caps.map((c) => ({ orgId, marketDayId, categoryId: c.categoryId, capacity: c.capacity })));
  // Batches keep the statement under PostgreSQL's bind-parameter limit for long series with many categories.
  for (let i = 0; i < rows.length; i += 5000) await db.insert(marketDayCapacities).values(rows.slice(i, i + 5000));
}

export async function replaceCapacities(
  db: DbOrTx,
  orgId: string,
  dayId: string,
  caps: { categoryId: string; capacity: number }[],
): Promise<void> {
  await db.delete(marketDayCapacities).where(eq(marketDayCapacities.marketDayId, dayId));
  await insertCapacities(db, orgId, [dayId], caps);
}

/** Days at the location on those dates that still take place (not cancelled). */
export async function occupiedDates(
  db: DbOrTx,
  orgId: string,
  locationId: string,
  dates: string[],
  exceptIds: string[] = [],
): Promise<string[]> {
  if (!dates.length) return [];
  const where: SQL[] = [
    eq(marketDays.orgId, orgId),
    eq(marketDays.locationId, locationId),
    inArray(marketDays.date, dates),
    ne(marketDays.status, 'cancelled'),
  ];
  if (exceptIds.length) where.push(notInArray(marketDays.id, exceptIds));
  const rows = await db
    .selectDistinct({ date: marketDays.date })
    .from(marketDays)
    .where(and(...where))
    .orderBy(asc(marketDays.date));
  return rows.map((r) => r.date);
}

export function daysOfSeries(db: DbOrTx, orgId: string, seriesId: string): Promise<DayRow[]> {
  return db
    .select()
    .from(marketDays)
    .where(and(eq(marketDays.orgId, orgId), eq(marketDays.seriesId, seriesId)))
    .orderBy(asc(marketDays.date))
    .for('update');
}
