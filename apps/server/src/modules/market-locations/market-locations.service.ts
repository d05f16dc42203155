import { marketLocationsRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { categoryColours } from '../market-categories/index.js';
import * as repo from './market-locations.repository.js';
import { hhmm, locationFields } from './market-locations.mapping.js';
import { assertPlanImage, planImageUrl } from './market-locations.plan-image.js';

type Location = z.infer<typeof r.locationSchema>;
type LocationDetail = z.infer<typeof r.locationDetailSchema>;
type CreateInput = z.infer<typeof r.locationCreateSchema>;
type UpdateInput = z.infer<typeof r.locationUpdateSchema>;
type ListQuery = z.infer<typeof r.locationListQuery>;
type Amenity = r.LocationAmenity;

interface Extras {
  slug: string;
  slotCount: number;
  marketDayCount: number;
  nextDay: repo.NextDayRow | null;
}

function toLocation(row: repo.LocationRow, x: Extras): Location {
  return {
    ...locationFields(row),
    amenities: row.amenities as Amenity[],
    isPublic: row.isPublic,
    status: row.status,
    planWidthM: row.planWidthM,
    planDepthM: row.planDepthM,
    planImagePath: row.planImagePath,
    planImageUrl: planImageUrl(x.slug, row.planImagePath),
    slotCount: x.slotCount,
    marketDayCount: x.marketDayCount,
    nextMarketDay: x.nextDay
      ? {
          id: x.nextDay.id,
          date: x.nextDay.date,
          openTime: hhmm(x.nextDay.openTime),
          closeTime: hhmm(x.nextDay.closeTime),
          status: x.nextDay.status,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withExtras(db: DbOrTx, orgId: string, rows: repo.LocationRow[]): Promise<Location[]> {
  const ids = rows.map((l) => l.id);
  const [slug, slots, days, next] = await Promise.all([
    repo.orgSlug(db, orgId),
    repo.slotCounts(db, orgId, ids),
    repo.marketDayCounts(db, orgId, ids),
    repo.nextMarketDays(db, orgId, ids),
  ]);
  return rows.map((l) =>
    toLocation(l, {
      slug: slug ?? '',
      slotCount: slots.get(l.id) ?? 0,
      marketDayCount: days.get(l.id) ?? 0,
      nextDay: next.get(l.id) ?? null,
    }),
  );
}

/** Stored values of the input: blank descriptions become null, amenities are kept once each, in catalogue order. */
function normalise<T extends CreateInput | Omit<UpdateInput, 'expectedUpdatedAt'>>(input: T): Partial<repo.LocationInsert> {
  const out: Partial<repo.LocationInsert> = { ...input };
  if (input.descriptionEn !== undefined) out.descriptionEn = input.descriptionEn || null;
  if (input.descriptionAr !== undefined) out.descriptionAr = input.descriptionAr || null;
  if (input.amenities) out.amenities = r.LOCATION_AMENITIES.filter((a) => input.amenities!.includes(a));
  return out;
}

export async function listLocations(db: Db, caller: Caller, query: ListQuery): Promise<Location[]> {
  return withExtras(db, caller.orgId, await repo.listLocations(db, caller.orgId, query));
}

export async function getLocation(db: Db, caller: Caller, id: string): Promise<LocationDetail> {
  const row = await repo.findLocation(db, caller.orgId, id);
  if (!row) throw notFound('Market location');
  const [[location], slots] = await Promise.all([withExtras(db, caller.orgId, [row]), repo.planSlots(db, caller.orgId, id)]);
  const categoryIds = [...new Set(slots.map((s) => s.categoryId).filter((c): c is string => !!c))];
  const categories = await categoryColours(db, caller.orgId, categoryIds);
  return { ...location!, slots, categories };
}

export async function createLocation(db: Db, caller: Caller, input: CreateInput): Promise<Location> {
  return db.transaction(async (tx) => {
    const slug = (await repo.orgSlug(tx, caller.orgId)) ?? '';
    if (input.planImagePath) await assertPlanImage(tx, slug, input.planImagePath);
    const row = await repo.insertLocation(tx, { ...normalise(input), nameEn: input.nameEn, nameAr: input.nameAr, orgId: caller.orgId });
    await recordAudit(tx, caller, { action: 'create', entityType: 'market_location', entityId: row.id, after: row });
    return toLocation(row, { slug, slotCount: 0, marketDayCount: 0, nextDay: null });
  });
}

export async function updateLocation(db: Db, caller: Caller, id: string, input: UpdateInput): Promise<Location> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.findLocation(tx, caller.orgId, id, true);
    if (!before) throw notFound('Market location');
    const { expectedUpdatedAt, ...changes } = input;
    assertUnchanged(before.updatedAt, expectedUpdatedAt);
    if (input.planImagePath && input.planImagePath !== before.planImagePath) {
      await assertPlanImage(tx, (await repo.orgSlug(tx, caller.orgId)) ?? '', input.planImagePath);
    }
    const after = (await repo.updateLocation(tx, caller.orgId, id, normalise(changes)))!;
    await recordAudit(tx, caller, { action: 'update', entityType: 'market_location', entityId: id, before, after });
    return after;
  });
  return (await withExtras(db, caller.orgId, [row]))[0]!;
}

export async function deleteLocation(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findLocation(tx, caller.orgId, id, true);
    if (!before) throw notFound('Market location');
    const days = (await repo.marketDayCounts(tx, caller.orgId, [id])).get(id) ?? 0;
    if (days > 0) {
      throw conflict(
        `This location has ${days} market day${days === 1 ? '' : 's'}; remove or move them before removing the location, or set it inactive instead`,
      );
    }
    // Its slots go with it (ON DELETE CASCADE).
    await repo.deleteLocation(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'market_location', entityId: id, before });
  });
}
