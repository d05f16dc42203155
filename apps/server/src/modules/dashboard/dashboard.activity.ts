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
};

/** The entity types whose activity a holder of these permissions sees; null for all of them (user managers). */
export function visibleEntityTypes(held: readonly string[]): string[] | null {
  if (held.includes('users')) return null;
  return Object.entries(ENTITY_PERMISSION)
    .filter(([, permission]) => held.includes(permission))
    .map(([type]) => type);
}
