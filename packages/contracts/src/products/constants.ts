// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_LOCALES = ['en', 'ar'] as const;
export type ProductLocale = (typeof PRODUCT_LOCALES)[number];
export const PRODUCT_SORTS = [
  'updated_desc',
  'updated_asc',
  'created_desc',
  'name_asc',
  'name_desc',
  'sku_asc',
  'price_asc',
  'price_desc',
  'completeness_asc',
  'completeness_desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** Columns of the product list a user may show or hide (SKU and name are always shown). */
export const PRODUCT_LIST_COLUMNS = [
  'image',
  'status',
  'brand',
  'vendor',
  'family',
  'categories',
  'price',
  'completeness',
  'variants',
  'updated',
] as const;
export type ProductListColumn = (typeof PRODUCT_LIST_COLUMNS)[number];
export const MAX_PRODUCT_CATEGORIES = 50;
export const MAX_PRODUCT_MEDIA = 50;
export const MAX_BULK_PRODUCTS = 1000;
export const MAX_PRICE_MINOR = 1_000_000_000_000;

/** What a SKU may hold (products and variants): letters, digits, `_ . / -`, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/;
export const PRODUCT_BULK_ACTIONS = ['set_status', 'add_categories', 'remove_categories', 'archive'] as const;
