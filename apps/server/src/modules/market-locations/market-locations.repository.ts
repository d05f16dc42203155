import { and, asc, count, eq, gte, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketLocations, marketSlots, organizations } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-pattern.js';

export type LocationRow = typeof marketLocations.$inferSelect;
export type LocationInsert = typeof marketLocations.$inferInsert;

/** Upper bound of one list answer; an organization has a handful of sites, this only stops runaway growth. */
const LIST_LIMIT = 1000;
/** Slots drawn on one plan; matches the public map's cap. */
const PLAN_SLOT_LIMIT = 2000;

export function listLocations(db: DbOrTx, orgId: string, filter: { status?: 'active' | 'inactive'; q?: string }): Promise<LocationRow[]> {
  const q = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return db
    .select()
    .from(marketLocations)
    .where(
      and(
        eq(marketLocations.orgId, orgId),
        filter.status ? eq(marketLocations.status, filter.status) : undefined,
        q ? or(ilike(marketLocations.nameEn, q), ilike(marketLocations.nameAr, q), ilike(marketLocations.address, q)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${marketLocations.nameEn})`), asc(marketLocations.id))
    .limit(LIST_LIMIT);
}

export async function findLocation(db: DbOrTx, orgId: string, id: string, lock = false): Promise<LocationRow | null> {
  const query = db
    .select()
    .from(marketLocations)
    .where(and(eq(marketLocations.orgId, orgId), eq(marketLocations.id, id)))
    .limit(1);
  // FOR UPDATE conflicts with the key-share lock a new market day takes on its location, so a delete cannot race one.
  return (await (lock ? query.for('update') : query))[0] ?? null;
}

export async function insertLocation(db: DbOrTx, values: LocationInsert): Promise<LocationRow> {
  return (await db.insert(marketLocations).values(values).returning())[0]!;
}

export async function updateLocation(db: DbOrTx, orgId: string, id: string, values: Partial<LocationInsert>): Promise<LocationRow | null> {
  const rows = await db
    .update(marketLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(marketLocations.orgId, orgId), eq(marketLocations.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteLocation(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(marketLocations).where(and(eq(marketLocations.orgId, orgId), eq(marketLocations.id, id)));
}

export async function orgSlug(db: DbOrTx, orgId: string): Promise<string | null> {
  return (await db.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, orgId)).limit(1))[0]?.slug ?? null;
}

/** Slots per location (all of them, placed or not). */
export async function slotCounts(db: DbOrTx, orgId: string, locationIds: string[]): Promise<Map<string, number>> {
  if (!locationIds.length) return new Map();
  const rows = await db
    .select({ locationId: marketSlots.locationId, n: count() })
    .from(marketSlots)
    .where(and(eq(marketSlots.orgId, orgId), inArray(marketSlots.locationId, locationIds)))
    .groupBy(marketSlots.locationId);
  return new Map(rows.map((r) => [r.locationId, Number(r.n)]));
}

export async function marketDayCounts(db: DbOrTx, orgId: string, locationIds: string[]): Promise<Map<string, number>> {
  if (!locationIds.length) return new Map();
  const rows = await db
    .select({ locationId: marketDays.locationId, n: count() })
    .from(marketDays)
    .where(and(eq(marketDays.orgId, orgId), inArray(marketDays.locationId, locationIds)))
    .groupBy(marketDays.locationId);
  return new Map(rows.map((r) => [r.locationId, Number(r.n)]));
}

export type NextDayRow = {
  id: string;
  locationId: string;
  date: string;
  openTime: string;
  closeTime: string;
  status: (typeof marketDays.$inferSelect)['status'];
};

/** The first day from today on that is not cancelled, per location. */
export async function nextMarketDays(db: DbOrTx, orgId: string, locationIds: string[]): Promise<Map<string, NextDayRow>> {
  if (!locationIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([marketDays.locationId], {
      id: marketDays.id,
      locationId: marketDays.locationId,
      date: marketDays.date,
      openTime: marketDays.openTime,
      closeTime: marketDays.closeTime,
      status: marketDays.status,
    })
    .from(marketDays)
    .where(
      and(
        eq(marketDays.orgId, orgId),
        inArray(marketDays.locationId, locationIds),
        gte(marketDays.date, sql`current_date`),
        ne(marketDays.status, 'cancelled'),
      ),
    )
    .orderBy(marketDays.locationId, asc(marketDays.date), asc(marketDays.openTime));
  return new Map(rows.map((r) => [r.locationId, r]));
}

export function planSlots(db: DbOrTx, orgId: string, locationId: string) {
  return db
    .select({
      id: marketSlots.id,
      code: marketSlots.code,
      zone: marketSlots.zone,
      widthM: marketSlots.widthM,
      depthM: marketSlots.depthM,
      planX: marketSlots.planX,
      planY: marketSlots.planY,
      planRotation: marketSlots.planRotation,
      status: marketSlots.status,
      categoryId: marketSlots.categoryId,
    })
    .from(marketSlots)
    .where(and(eq(marketSlots.orgId, orgId), eq(marketSlots.locationId, locationId)))
    .orderBy(asc(marketSlots.code))
    .limit(PLAN_SLOT_LIMIT);
}
