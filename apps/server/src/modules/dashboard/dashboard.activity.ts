import type { PermissionKey } from '@market/contracts';

/**
 * Which permission lets a member see audit entries about an entity type on the dashboard: the one that
 * lets them open that area. Types not listed (users, e-mails, storage buckets and objects, which hold
 * private documents) are for user managers only; a member always sees their own actions.
 */
const ENTITY_PERMISSION: Record<string, PermissionKey> = {
  product: 'products',
  product_variant: 'products',
  saved_view: 'products',
  asset: 'assets',
  catalog_category: 'master_data',
  brand: 'master_data',
  unit: 'master_data',
  tax_class: 'master_data',
  tax_rate: 'master_data',
  currency: 'master_data',
  attribute: 'master_data',
  attribute_family: 'master_data',
  language: 'master_data',
  translation: 'master_data',
  organization_language: 'master_data',
  translation_override: 'master_data',
  vendor: 'vendor_management',
  vendor_document: 'vendor_management',
  vendor_application: 'vendor_management',
  vendor_application_document: 'vendor_management',
  application_settings: 'vendor_management',
  application_email_template: 'vendor_management',
  workshop: 'vendor_management',
  market_category: 'vendor_management',
  market_location: 'vendor_management',
  market_slot: 'vendor_management',
  market_day: 'vendor_management',
  market_day_series: 'vendor_management',
  pos_register: 'vendor_management',
  catalog_channel: 'catalog_publishing',
  webhook_endpoint: 'integrations',
  api_key: 'integrations',
  pos_session: 'vendor_management',
  pos_commission_rule: 'vendor_management',
  pos_settings: 'vendor_management',
  organization_settings: 'settings',
  data_export: 'settings',
  pos_order: 'vendor_management',
  customer_order: 'vendor_management',
  vendor_payout: 'vendor_management',
};

/** The entity types whose activity a holder of these permissions sees; null for all of them (user managers). */
export function visibleEntityTypes(held: readonly string[]): string[] | null {
  if (held.includes('users')) return null;
  return Object.entries(ENTITY_PERMISSION)
    .filter(([, permission]) => held.includes(permission))
    .map(([type]) => type);
}

const VENDOR_AREA = (vendorType: string) => (vendorType === 'junior' ? '/junior-vendor-management' : '/market-vendor-management');
const APPLICATION_BASE: Record<string, string> = {
  market_vendor: '/market-vendor-management/applications/',
  junior_vendor: '/junior-vendor-management/applications/',
  workshop: '/workshop-applications/',
};
const MASTER_DATA_TAB: Record<string, string> = {
  catalog_category: 'category-tree',
  brand: 'brands',
  unit: 'units',
  tax_class: 'tax-classes',
  tax_rate: 'tax-classes',
  currency: 'currencies',
  attribute: 'attributes',
  attribute_family: 'attribute-families',
  organization_language: 'languages',
  translation_override: 'translations',
};

/** The SPA route that shows an existing entity (`extra` as dashboard.entities.repository reads it); null when none does. */
function routeOf(type: string, id: string, extra: string | null): string | null {
  const pair = extra?.split(':') ?? [];
  switch (type) {
    case 'product':
      return `/products/${id}`;
    case 'product_variant':
      return extra ? `/products/${extra}` : null;
    case 'saved_view':
      return '/products';
    case 'asset':
      return extra ? `/assets?folder=${encodeURIComponent(extra)}` : '/assets';
    case 'vendor':
      return `${VENDOR_AREA(extra ?? '')}?tab=vendors&vendor=${id}`;
    case 'vendor_document':
      return pair.length === 2 ? `${VENDOR_AREA(pair[0]!)}?tab=vendors&vendor=${pair[1]}` : null;
    case 'vendor_application': {
      const base = extra ? APPLICATION_BASE[extra] : undefined;
      return base ? base + id : null;
    }
    case 'vendor_application_document': {
      const base = pair.length === 2 ? APPLICATION_BASE[pair[0]!] : undefined;
      return base ? base + pair[1] : null;
    }
    case 'workshop':
      return '/workshop-applications?tab=workshops';
    case 'market_category':
      return '/market-categories';
    case 'market_location':
      return `/market-locations?location=${id}`;
    case 'market_slot':
      return extra ? `/market-slots?location=${extra}` : '/market-slots';
    case 'market_day':
    case 'market_day_series':
      return '/market-events';
    case 'pos_register':
    case 'pos_commission_rule':
    case 'vendor_payout':
      return '/pos/management';
    case 'catalog_channel':
      return `/catalog-publishing?channel=${id}`;
    case 'webhook_endpoint':
    case 'api_key':
      return '/integrations';
    case 'pos_settings':
      return '/pos/management?tab=discounts';
    case 'organization_settings':
    case 'data_export':
      return '/settings';
    case 'pos_session':
      return '/pos/sessions';
    case 'customer_order':
      return '/orders?tab=customer';
    case 'pos_order':
      return extra ? `/orders?receipt=${encodeURIComponent(extra)}` : '/orders';
    default:
      return MASTER_DATA_TAB[type] ? `/master-data?tab=${MASTER_DATA_TAB[type]}` : null;
  }
}

/** The link of an entry: only for an entity that still exists and whose area the caller holds. */
export function linkOf(held: readonly string[], type: string, id: string, extra: string | null): string | null {
  const permission = ENTITY_PERMISSION[type];
  if (!permission || !held.includes(permission)) return null;
  return routeOf(type, id, extra);
}

// Snapshot fields that name an object, best first (camelCase rows as the services record them).
const NAME_KEYS = [
  'nameEn',
  'publicName',
  'applicantName',
  'titleEn',
  'fileName',
  'name',
  'fullName',
  'sku',
  'code',
  'key',
  'date',
  'folder',
];
const NAME_AR_KEYS = ['nameAr', 'titleAr'];

function pick(snapshot: unknown, keys: readonly string[]): string | null {
  if (!snapshot || typeof snapshot !== 'object') return null;
  const row = snapshot as Record<string, unknown>;
  for (const k of keys) {
    const v = row[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return null;
}

/** The object's name as the entry recorded it (after the write, else before it): for objects deleted since. */
export function snapshotName(before: unknown, after: unknown): { en: string | null; ar: string | null } {
  return { en: pick(after, NAME_KEYS) ?? pick(before, NAME_KEYS), ar: pick(after, NAME_AR_KEYS) ?? pick(before, NAME_AR_KEYS) };
}
