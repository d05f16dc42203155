import type { marketDaysRoutes } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound, type FieldError } from '../../lib/errors.js';
import { existingCategoryIds } from '../market-categories/index.js';
import * as repo from './market-days.repository.js';

type MarketDay = marketDaysRoutes.MarketDay;
type MarketDayDetail = marketDaysRoutes.MarketDayDetail;

/** PostgreSQL answers a time column as HH:MM:SS; the API speaks HH:MM. */
export const hhmm = (t: string) => t.slice(0, 5);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDay(r: repo.DayListRow): MarketDay {
  return {
    id: r.id,
    locationId: r.locationId,
    locationNameEn: r.locationNameEn,
    locationNameAr: r.locationNameAr,
    seriesId: r.seriesId,
    detached: r.detached,
    date: r.date,
    setupTime: hhmm(r.setupTime),
    openTime: hhmm(r.openTime),
    closeTime: hhmm(r.closeTime),
    status: r.status,
    cancelReason: r.cancelReason,
    applicationOpensAt: iso(r.applicationOpensAt),
    applicationClosesAt: iso(r.applicationClosesAt),
    notes: r.notes,
    publishedAt: iso(r.publishedAt),
    capacityTotal: r.capacityTotal,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toDetail(r: repo.DayListRow, caps: repo.CapacityRow[]): MarketDayDetail {
  return {
    ...toDay(r),
    capacities: caps
      .filter((c) => c.marketDayId === r.id)
      .map((c) => ({
        categoryId: c.categoryId,
        nameEn: c.nameEn,
        nameAr: c.nameAr,
        colour: c.colour,
        isActive: c.isActive,
        capacity: c.capacity,
        booked: c.booked,
      })),
  };
}

export async function loadDetail(db: DbOrTx, orgId: string, id: string): Promise<MarketDayDetail> {
  const row = await repo.findDay(db, orgId, id);
  if (!row) throw notFound('Market day');
  return toDetail(row, await repo.capacitiesOf(db, orgId, [id]));
}

export type CapacityInput = { categoryId: string; capacity: number };

/** The capacity set a day gets: the one given (categories of the organization, each once), or each active category's target. */
export async function resolveCapacities(
  db: DbOrTx,
  orgId: string,
  given: CapacityInput[] | undefined,
  field = 'capacities',
): Promise<CapacityInput[]> {
  if (!given) return repo.activeCategoryTargets(db, orgId);
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  given.forEach((c, i) => {
    if (seen.has(c.categoryId)) fields.push({ field: `${field}.${i}.categoryId`, message: 'is listed more than once' });
    seen.add(c.categoryId);
  });
  const known = await existingCategoryIds(db, orgId, [...seen]);
  given.forEach((c, i) => {
    if (!known.has(c.categoryId))
      fields.push({ field: `${field}.${i}.categoryId`, message: 'is not a market category of your organization' });
  });
  if (fields.length) throw new AppError(422, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
  return given;
}

/** The location a day or series is planned at: the caller's, and active. Locked for the rest of the transaction. */
export async function usableLocation(db: DbOrTx, orgId: string, locationId: string) {
  const loc = await repo.lockLocation(db, orgId, locationId);
  if (!loc)
    throw new AppError(422, 'validation_failed', 'locationId: is not a market location of your organization', [
      { field: 'locationId', message: 'is not a market location of your organization' },
    ]);
  if (loc.status !== 'active')
    throw new AppError(422, 'validation_failed', 'locationId: the location is inactive', [
      { field: 'locationId', message: 'the location is inactive' },
    ]);
  return loc;
}
