import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketLocations, marketSlots, organizations } from '../../db/schema/index.js';

/** What the public may know of a location: no internal status, no audit dates. */
const publicColumns = {
  id: marketLocations.id,
  orgId: marketLocations.orgId,
  nameEn: marketLocations.nameEn,
  nameAr: marketLocations.nameAr,
  address: marketLocations.address,
  latitude: marketLocations.latitude,
  longitude: marketLocations.longitude,
  descriptionEn: marketLocations.descriptionEn,
  descriptionAr: marketLocations.descriptionAr,
  amenities: marketLocations.amenities,
  planWidthM: marketLocations.planWidthM,
  planDepthM: marketLocations.planDepthM,
  planImagePath: marketLocations.planImagePath,
  organizationName: organizations.name,
  organizationSlug: organizations.slug,
};

export type PublicLocationRow = Awaited<ReturnType<typeof publicLocations>>[number];

// The one rule of the public map: a location is shown only while it is both public and active.
const isShown = and(eq(marketLocations.isPublic, true), eq(marketLocations.status, 'active'));

/** Public, active locations of every organization; `limit` rows at most. */
export function publicLocations(db: DbOrTx, limit: number) {
  return db
    .select(publicColumns)
    .from(marketLocations)
    .innerJoin(organizations, eq(organizations.id, marketLocations.orgId))
    .where(isShown)
    .orderBy(asc(organizations.name), asc(sql`lower(${marketLocations.nameEn})`), asc(marketLocations.id))
    .limit(limit);
}

export async function publicLocation(db: DbOrTx, id: string): Promise<PublicLocationRow | null> {
  const rows = await db
    .select(publicColumns)
    .from(marketLocations)
    .innerJoin(organizations, eq(organizations.id, marketLocations.orgId))
    .where(and(isShown, eq(marketLocations.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

const placed = and(isNotNull(marketSlots.planX), isNotNull(marketSlots.planY));

/** Slots drawn on each plan (those with a position). */
export async function placedSlotCounts(db: DbOrTx, locationIds: string[]): Promise<Map<string, number>> {
  if (!locationIds.length) return new Map();
  const rows = await db
    .select({ locationId: marketSlots.locationId, n: count() })
    .from(marketSlots)
    .where(and(inArray(marketSlots.locationId, locationIds), placed))
    .groupBy(marketSlots.locationId);
  return new Map(rows.map((r) => [r.locationId, Number(r.n)]));
}

export type PublicDayRow = { id: string; locationId: string; date: string; setupTime: string; openTime: string; closeTime: string };

/** Up to `perLocation` published days from today on, per location, in date order. */
export async function upcomingPublishedDays(db: DbOrTx, locationIds: string[], perLocation: number): Promise<PublicDayRow[]> {
  if (!locationIds.length) return [];
  const ranked = db
    .select({
      id: marketDays.id,
      locationId: marketDays.locationId,
      date: marketDays.date,
      setupTime: marketDays.setupTime,
      openTime: marketDays.openTime,
      closeTime: marketDays.closeTime,
      rank: sql<number>`row_number() over (partition by ${marketDays.locationId} order by ${marketDays.date}, ${marketDays.openTime}, ${marketDays.id})`.as(
        'rank',
      ),
    })
    .from(marketDays)
    .where(and(inArray(marketDays.locationId, locationIds), eq(marketDays.status, 'published'), gte(marketDays.date, sql`current_date`)))
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      locationId: ranked.locationId,
      date: ranked.date,
      setupTime: ranked.setupTime,
      openTime: ranked.openTime,
      closeTime: ranked.closeTime,
    })
    .from(ranked)
    .where(lte(ranked.rank, perLocation))
    .orderBy(asc(ranked.date), asc(ranked.openTime));
  return rows;
}

/** The placed slots of one plan: position, size and category only (no fee, no notes, no vendor). */
export function publicSlots(db: DbOrTx, locationId: string, limit: number) {
  return db
    .select({
      code: marketSlots.code,
      planX: sql<number>`${marketSlots.planX}::float8`.mapWith(Number),
      planY: sql<number>`${marketSlots.planY}::float8`.mapWith(Number),
      widthM: marketSlots.widthM,
      depthM: marketSlots.depthM,
      planRotation: marketSlots.planRotation,
      categoryId: marketSlots.categoryId,
    })
    .from(marketSlots)
    .where(and(eq(marketSlots.locationId, locationId), placed))
    .orderBy(asc(marketSlots.code))
    .limit(limit);
}
