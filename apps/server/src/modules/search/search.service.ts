import type { searchRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { todayUtc } from '../../lib/dates.js';
import type { AccessContext } from '../../lib/principal.js';
import * as repo from './search.repository.js';

type SearchGroup = c.SearchGroup;

type Item = c.SearchItem;
const item = (o: Partial<Item> & Pick<Item, 'id' | 'label' | 'route'>): Item => ({
  labelAr: null,
  detail: null,
  status: null,
  date: null,
  ...o,
});
const orNull = (s: string | null | undefined) => (s ? s : null);

const VENDOR_AREA: Record<string, string> = { junior: '/junior-vendor-management' };
const APPLICATION_AREA: Record<string, string> = {
  market_vendor: '/market-vendor-management/applications',
  junior_vendor: '/junior-vendor-management/applications',
  workshop: '/workshop-applications',
};

/**
 * Which groups the caller may search: the permission each area's own routes require. Locations also need the
 * super admin role, as their page does (a result the caller cannot open would be a dead end).
 */
export function allowedGroups(access: AccessContext): SearchGroup[] {
  const held = access.permissions;
  const out: SearchGroup[] = [];
  if (held.includes('products')) out.push('products');
  if (held.includes('vendor_management')) out.push('vendors', 'applications', 'marketDays');
  if (held.includes('vendor_management') && access.effectiveRole === 'super_admin') out.push('locations');
  if (held.includes('assets')) out.push('assets');
  return out;
}

const RUN: Record<SearchGroup, (db: DbOrTx, orgId: string, q: string, limit: number) => Promise<Item[]>> = {
  products: async (db, org, q, n) =>
    (await repo.searchProducts(db, org, q, n)).map((p) =>
      item({ id: p.id, label: p.name_en, labelAr: orNull(p.name_ar), detail: p.sku, status: p.status, route: `/products/${p.id}` }),
    ),
  vendors: async (db, org, q, n) =>
    (await repo.searchVendors(db, org, q, n)).map((v) =>
      item({
        id: v.id,
        label: v.public_name,
        detail: orNull(v.email) ?? orNull(v.legal_name),
        status: v.status,
        route: `${VENDOR_AREA[v.vendor_type] ?? '/market-vendor-management'}?vendor=${v.id}`,
      }),
    ),
  applications: async (db, org, q, n) =>
    (await repo.searchApplications(db, org, q, n)).map((a) =>
      item({ id: a.id, label: a.applicant_name, detail: a.email, status: a.status, route: `${APPLICATION_AREA[a.stream]}/${a.id}` }),
    ),
  marketDays: async (db, org, q, n) =>
    (await repo.searchMarketDays(db, org, q, n, todayUtc())).map((d) =>
      item({ id: d.id, label: d.name_en, labelAr: d.name_ar, date: d.date, status: d.status, route: '/market-events' }),
    ),
  locations: async (db, org, q, n) =>
    (await repo.searchLocations(db, org, q, n)).map((l) =>
      item({
        id: l.id,
        label: l.name_en,
        labelAr: l.name_ar,
        detail: orNull(l.address),
        status: l.status,
        route: `/market-locations?location=${l.id}`,
      }),
    ),
  assets: async (db, org, q, n) =>
    (await repo.searchAssets(db, org, q, n)).map((a) =>
      item({
        id: a.id,
        label: a.file_name,
        detail: orNull(a.alt_en) ?? orNull(a.alt_ar) ?? orNull(a.folder),
        route: `/assets?q=${encodeURIComponent(a.file_name)}`,
      }),
    ),
};

/** The caller's search: each allowed group's first matches in the caller's organization, empty groups left out. */
export async function searchEverything(db: DbOrTx, access: AccessContext, q: string, limit: number): Promise<c.SearchResult> {
  const org = access.organization;
  if (!org) return { q, groups: [] };
  const groups = allowedGroups(access);
  const found = await Promise.all(groups.map((g) => RUN[g](db, org.id, q, limit)));
  return { q, groups: groups.map((group, i) => ({ group, items: found[i]! })).filter((g) => g.items.length > 0) };
}
