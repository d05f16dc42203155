import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketDaySeries, marketLocations } from '../../db/schema/index.js';

export type SeriesRow = typeof marketDaySeries.$inferSelect;
export type SeriesInsert = typeof marketDaySeries.$inferInsert;
/** What a series list adds to the row: its location's names, its days per status and its next date. */
type SeriesSummary = {
  locationNameEn: string;
  locationNameAr: string;
  draft: number;
  published: number;
  completed: number;
  cancelled: number;
  detachedCount: number;
  nextDate: string | null;
};
export type SeriesListRow = SeriesRow & SeriesSummary;

const countOf = (status: string) =>
  sql<number>`(select count(*) from ${marketDays} d where d.series_id = ${marketDaySeries.id} and d.status = ${status})::int`;

/** `today` is passed in so the next date agrees with the service's calendar, whatever the database's zone. */
const columns = (today: string) => ({
  series: marketDaySeries,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
  draft: countOf('draft'),
  published: countOf('published'),
  completed: countOf('completed'),
  cancelled: countOf('cancelled'),
  detachedCount: sql<number>`(select count(*) from ${marketDays} d where d.series_id = ${marketDaySeries.id} and d.detached)::int`,
  nextDate: sql<
    string | null
  >`(select min(d.date)::text from ${marketDays} d where d.series_id = ${marketDaySeries.id} and d.status <> 'cancelled' and d.date >= ${today}::date)`,
});

type Selected = { series: SeriesRow } & SeriesSummary;
const flatten = ({ series, ...rest }: Selected): SeriesListRow => ({
  ...series,
  ...rest,
  draft: Number(rest.draft),
  published: Number(rest.published),
  completed: Number(rest.completed),
  cancelled: Number(rest.cancelled),
  detachedCount: Number(rest.detachedCount),
});

export async function listSeries(db: DbOrTx, orgId: string, today: string, locationId?: string, id?: string): Promise<SeriesListRow[]> {
  const where: SQL[] = [eq(marketDaySeries.orgId, orgId)];
  if (locationId) where.push(eq(marketDaySeries.locationId, locationId));
  if (id) where.push(eq(marketDaySeries.id, id));
  const rows = await db
    .select(columns(today))
    .from(marketDaySeries)
    .innerJoin(marketLocations, eq(marketLocations.id, marketDaySeries.locationId))
    .where(and(...where))
    .orderBy(asc(marketDaySeries.startDate), asc(marketLocations.nameEn), asc(marketDaySeries.id))
    .limit(1000);
  return rows.map(flatten);
}

export async function findSeries(db: DbOrTx, orgId: string, today: string, id: string): Promise<SeriesListRow | null> {
  return (await listSeries(db, orgId, today, undefined, id))[0] ?? null;
}

export async function lockSeries(db: DbOrTx, orgId: string, id: string): Promise<SeriesRow | null> {
  const rows = await db
    .select()
    .from(marketDaySeries)
    .where(and(eq(marketDaySeries.id, id), eq(marketDaySeries.orgId, orgId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function insertSeries(db: DbOrTx, values: SeriesInsert): Promise<SeriesRow> {
  return (await db.insert(marketDaySeries).values(values).returning())[0]!;
}

export async function updateSeries(db: DbOrTx, id: string, values: Partial<SeriesInsert>): Promise<SeriesRow> {
  return (
    await db
      .update(marketDaySeries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(marketDaySeries.id, id))
      .returning()
  )[0]!;
}

export async function deleteSeries(db: DbOrTx, id: string): Promise<void> {
  await db.delete(marketDaySeries).where(eq(marketDaySeries.id, id));
}
