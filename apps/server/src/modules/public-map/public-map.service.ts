import { marketLocationsRoutes, publicMapRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { categoryColours } from '../market-categories/index.js';
import { hhmm, locationFields, planImageUrl } from '../market-locations/index.js';
import * as repo from './public-map.repository.js';

type PublicMap = z.infer<typeof r.publicMapSchema>;
type PublicLocation = z.infer<typeof r.publicLocationSchema>;
type PublicPlan = z.infer<typeof r.publicLocationPlanSchema>;
type Amenity = marketLocationsRoutes.LocationAmenity;

const AMENITIES: readonly string[] = marketLocationsRoutes.LOCATION_AMENITIES;

function toPublic(row: repo.PublicLocationRow, slotCount: number, days: repo.PublicDayRow[]): PublicLocation {
  return {
    ...locationFields(row),
    // The public map shows only the amenities of the catalogue.
    amenities: row.amenities.filter((a): a is Amenity => AMENITIES.includes(a)),
    organizationName: row.organizationName,
    slotCount,
    marketDays: days.map((d) => ({
      id: d.id,
      date: d.date,
      setupTime: hhmm(d.setupTime),
      openTime: hhmm(d.openTime),
      closeTime: hhmm(d.closeTime),
    })),
  };
}

function daysByLocation(days: repo.PublicDayRow[]): Map<string, repo.PublicDayRow[]> {
  const out = new Map<string, repo.PublicDayRow[]>();
  for (const d of days) out.set(d.locationId, [...(out.get(d.locationId) ?? []), d]);
  return out;
}

export async function publicMap(db: Db): Promise<PublicMap> {
  // One row more than shown tells whether the answer was cut.
  const rows = await repo.publicLocations(db, r.PUBLIC_MAP_MAX_LOCATIONS + 1);
  const shown = rows.slice(0, r.PUBLIC_MAP_MAX_LOCATIONS);
  const ids = shown.map((l) => l.id);
  const [counts, days] = await Promise.all([repo.placedSlotCounts(db, ids), repo.upcomingPublishedDays(db, ids, r.PUBLIC_MAP_MAX_DAYS)]);
  const byLocation = daysByLocation(days);
  return {
    locations: shown.map((l) => toPublic(l, Math.min(counts.get(l.id) ?? 0, r.PUBLIC_MAP_MAX_SLOTS), byLocation.get(l.id) ?? [])),
    truncated: rows.length > shown.length,
  };
}

export async function publicLocationPlan(db: Db, id: string): Promise<PublicPlan> {
  const row = await repo.publicLocation(db, id);
  if (!row) throw notFound('Market location');
  const [slots, days] = await Promise.all([
    repo.publicSlots(db, id, r.PUBLIC_MAP_MAX_SLOTS),
    repo.upcomingPublishedDays(db, [id], r.PUBLIC_MAP_MAX_DAYS),
  ]);
  const categoryIds = [...new Set(slots.map((s) => s.categoryId).filter((c): c is string => !!c))];
  const categories = await categoryColours(db, row.orgId, categoryIds);
  return {
    ...toPublic(row, slots.length, days),
    planWidthM: row.planWidthM,
    planDepthM: row.planDepthM,
    planImageUrl: planImageUrl(row.organizationSlug, row.planImagePath),
    slots,
    categories,
  };
}
