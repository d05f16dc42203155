// Read-only SQL over market days and applications for the "Today" view, scoped to one organization.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketDays, marketLocations } from '../../db/schema/index.js';

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
