import type { dashboardRoutes as c } from '@market/contracts';
import { DASHBOARD_EXPIRY_DAYS, DASHBOARD_WEEKS, type VendorDocumentType } from '@market/contracts/plain';
import type { DbOrTx } from '../../db/client.js';
import { linkOf, snapshotName, visibleEntityTypes } from './dashboard.activity.js';
import { liveEntities } from './dashboard.entities.repository.js';
import * as repo from './dashboard.repository.js';

const VENDOR_AREA = (vendorType: string) => (vendorType === 'junior' ? '/junior-vendor-management' : '/market-vendor-management');

/**
 * The newest entries the caller may see, each with its actor, the object's name (from its row now, else
 * from the entry's snapshot) and a link when the object still exists and the caller holds its area.
 */
export async function activityInWords(
  db: DbOrTx,
  orgId: string,
  held: readonly string[],
  userId: string,
  limit = 10,
): Promise<c.ActivityEntry[]> {
  const rows = await repo.recentActivity(db, orgId, limit, visibleEntityTypes(held), userId);
  const live = await liveEntities(db, orgId, rows);
  return rows.map((r) => {
    const found = r.entityId ? live.get(`${r.entityType}:${r.entityId.toLowerCase()}`) : undefined;
    const recorded = snapshotName(r.before, r.after);
    return {
      id: r.id,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      actorName: r.actorId ? r.actorName : null,
      system: r.actorId === null,
      apiKeyName: r.apiKeyName,
      entityName: found?.en || recorded.en,
      entityNameAr: found ? found.ar : recorded.ar,
      link: found && r.entityId ? linkOf(held, r.entityType, r.entityId, found.extra) : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function catalogueCards(db: DbOrTx, orgId: string | null, held: readonly string[]) {
  if (!orgId || !held.includes('products')) return { catalogue: null, productsPerWeek: null };
  const [catalogue, productsPerWeek] = await Promise.all([
    repo.catalogueFigures(db, orgId),
    repo.perWeek(db, orgId, 'products', 'created_at', DASHBOARD_WEEKS),
  ]);
  return { catalogue, productsPerWeek };
}

export async function operationsCards(db: DbOrTx, orgId: string | null, held: readonly string[]) {
  if (!orgId || !held.includes('vendor_management')) return { documentsExpiring: null, applicationsPerWeek: null };
  const [docs, applicationsPerWeek] = await Promise.all([
    repo.documentsExpiring(db, orgId, DASHBOARD_EXPIRY_DAYS, 8),
    repo.perWeek(db, orgId, 'vendor_applications', 'submitted_at', DASHBOARD_WEEKS),
  ]);
  return {
    documentsExpiring: {
      total: docs.total,
      items: docs.items.map((d) => ({
        id: d.id,
        vendorId: d.vendor_id,
        vendorName: d.public_name,
        docType: d.doc_type as VendorDocumentType,
        fileName: d.file_name,
        expiresOn: d.expires_on,
        link: `${VENDOR_AREA(d.vendor_type)}?tab=vendors&vendor=${d.vendor_id}`,
      })),
    },
    applicationsPerWeek,
  };
}
