// Read-only SQL over market days and applications for the "Today" view, scoped to one organization.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketLocations, vendorApplications } from '../../db/schema/index.js';

/** The organization's market days on `date` (any status), by opening time, with their location. */
export function marketDaysOn(db: DbOrTx, orgId: string, date: string) {
  return db
    .select({
      id: marketDays.id,
      locationId: marketDays.locationId,
      locationName: marketLocations.nameEn,
      locationNameAr: marketLocations.nameAr,
      status: marketDays.status,
      setupTime: marketDays.setupTime,
      openTime: marketDays.openTime,
      closeTime: marketDays.closeTime,
      cancelReason: marketDays.cancelReason,
    })
    .from(marketDays)
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(and(eq(marketDays.orgId, orgId), eq(marketDays.date, date)))
    .orderBy(asc(marketDays.openTime), asc(marketLocations.nameEn), asc(marketDays.id));
}

const STREAMS = ['market_vendor', 'junior_vendor', 'workshop'] as const;

/** Open applications per stream: the ones staff must act on, and the ones waiting for the applicant. */
export async function applicationsWaiting(db: DbOrTx, orgId: string) {
  const rows = await db
    .select({
      stream: vendorApplications.stream,
      waiting: sql<number>`count(*) filter (where ${vendorApplications.status} in ('submitted', 'under_review'))::int`,
      infoRequested: sql<number>`count(*) filter (where ${vendorApplications.status} = 'info_requested')::int`,
    })
    .from(vendorApplications)
    .where(eq(vendorApplications.orgId, orgId))
    .groupBy(vendorApplications.stream);
  return STREAMS.map((stream) => {
    const r = rows.find((x) => x.stream === stream);
    return { stream, waiting: Number(r?.waiting ?? 0), infoRequested: Number(r?.infoRequested ?? 0) };
  });
}
