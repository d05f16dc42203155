import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { attributeFamilies, brands, catalogCategories, taxClasses } from './catalog.js';
import { organizations } from './platform.js';
import { objects } from './storage.js';
import { vendors } from './vendors.js';
import { PRODUCT_LOCALES, PRODUCT_STATUSES } from '@market/contracts/plain';
// The value lists are the contract's (one source for the database, the API and the forms).
export { PRODUCT_LOCALES, PRODUCT_STATUSES };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const stamps = () => ({ createdAt: ts('created_at').notNull().defaultNow(), updatedAt: ts('updated_at').notNull().defaultNow() });

/** One locale's completeness: score 0-100 and the keys still missing ("name", "description" or an attribute id). */
export type LocaleCompleteness = { score: number; required: number; missing: string[] };
export type ProductCompleteness = Record<(typeof PRODUCT_LOCALES)[number], LocaleCompleteness>;

/**
 * A product of the catalogue. `values` holds typed attribute values by attribute id; a localisable
 * attribute's value is `{ en, ar }`. `completeness_score` is the lowest locale score (filters and sorting
 * use it); `completeness` has the per-locale details. `search_text` feeds the trigram index.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    sku: text('sku').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    familyId: uuid('family_id').references(() => attributeFamilies.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    taxClassId: uuid('tax_class_id').references(() => taxClasses.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    /** Price in minor units of the organization's base currency. */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    /** Attribute ids (single-select attributes of the family) the variants vary by, in order. */
    variantAxes: jsonb('variant_axes').$type<string[]>().notNull().default([]),
    completeness: jsonb('completeness').$type<ProductCompleteness>().notNull(),
    completenessScore: smallint('completeness_score').notNull().default(0),
    /** Incremented on every change; the latest entry of product_versions has the same number. */
    version: integer('version').notNull().default(1),
    /**
     * The product's categories (the rows of product_categories), kept equal by triggers (migration 0012):
     * a category-subtree filter tests the row itself while walking a sort's index, with no probe per row.
     */
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** How many variants the product has, kept equal by triggers on product_variants (migration 0015). */
    variantCount: integer('variant_count').notNull().default(0),
    /**
     * The product as the list shows it (ProductListItem as JSON text: its own columns, brand, vendor and family
     * names, categories, variant count, thumbnail URL), rebuilt by a BEFORE trigger on every write of the row and
     * refreshed in the same transaction by every change of what it shows (migration 0015, decision 016): a list
     * page is one index walk over this table, with no join.
     */
    listItem: text('list_item').notNull().default(''),
    /** Lower-cased and Arabic-normalised (search_normalize, migration 0015) for the trigram index. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_normalize(sku || ' ' || name_en || ' ' || name_ar)`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  // Plain DESC (nulls first) on purpose: the list's `order by x desc, id desc` only walks an index with the
  // same null ordering, and drizzle's bare .desc() emits DESC NULLS LAST (a 1M-row sort instead of a walk).
  (t) => [
    uniqueIndex('products_org_sku_key').on(t.orgId, sql`lower(${t.sku})`),
    // search_text and category_ids as trailing key columns: a search or a category subtree on the default sort
    // walks this index alone (index-only, no heap visit per candidate row), which keeps common and multi-word
    // terms, departments and the two together fast at 1M rows.
    index('products_org_updated_idx').on(t.orgId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText, t.categoryIds),
    index('products_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_org_name_idx').on(t.orgId, t.nameEn, t.id),
    index('products_org_name_ar_idx').on(t.orgId, t.nameAr, t.id),
    index('products_org_price_idx').on(t.orgId, t.priceMinor, t.id),
    index('products_org_completeness_idx').on(t.orgId, t.completenessScore, t.id),
    index('products_org_status_idx').on(t.orgId, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_org_brand_idx').on(t.orgId, t.brandId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_org_vendor_idx').on(t.orgId, t.vendorId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_org_family_idx').on(t.orgId, t.familyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_tax_class_idx').on(t.taxClassId),
    // The variant grid lists products that have axes, by SKU: without this it skips every product without variants.
    index('products_org_sku_with_axes_idx')
      .on(t.orgId, sql`lower(${t.sku})`)
      .where(sql`${t.variantAxes} <> '[]'::jsonb`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('products_price_nonnegative', sql`${t.priceMinor} >= 0`),
    check('products_completeness_range', sql`${t.completenessScore} between 0 and 100`),
  ],
);

/**
 * The catalogue categories a product is in (the tree's nodes, not their ancestors). `updated_at` is the
 * product's, kept equal by triggers (migration 0010), so one category's newest products are an index walk.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    orgId: orgId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'restrict' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
    index('product_categories_category_updated_idx').on(t.categoryId, t.updatedAt.desc().nullsFirst(), t.productId.desc().nullsFirst()),
  ],
);

export const PRODUCT_VERSION_ACTIONS = ['create', 'update', 'restore', 'bulk', 'import'] as const;

/** Every version of a product: the whole snapshot after the change, who made it and when. */
export const productVersions = pgTable(
  'product_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    action: text('action', { enum: PRODUCT_VERSION_ACTIONS }).notNull(),
    /** The fields that differ from the previous version (empty for the first). */
    changedFields: text('changed_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** For restores: the version whose snapshot was brought back. */
    restoredFrom: integer('restored_from'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_versions_product_version_key').on(t.productId, t.version)],
);

/**
 * A sellable variant of a product. `axis_values` maps each axis attribute id to an option code;
 * `axis_key` is the canonical text of those pairs, unique per product.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    axisValues: jsonb('axis_values').$type<Record<string, string>>().notNull().default({}),
    axisKey: text('axis_key').notNull(),
    /** Overrides the product's price when set (minor units). */
    priceOverrideMinor: bigint('price_override_minor', { mode: 'number' }),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    weightGrams: integer('weight_grams'),
    position: integer('position').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('product_variants_org_sku_key').on(t.orgId, sql`lower(${t.sku})`),
    uniqueIndex('product_variants_org_barcode_key')
      .on(t.orgId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    uniqueIndex('product_variants_product_axis_key').on(t.productId, t.axisKey),
    index('product_variants_org_updated_idx').on(t.orgId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('product_variants_price_nonnegative', sql`${t.priceOverrideMinor} is null or ${t.priceOverrideMinor} >= 0`),
    check('product_variants_weight_nonnegative', sql`${t.weightGrams} is null or ${t.weightGrams} >= 0`),
  ],
);

/**
 * The asset library: one row per stored file the catalogue uses, on top of a storage object.
 * Folder is the object's path prefix; thumbnails are separate objects.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    objectId: uuid('object_id')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    bucketId: text('bucket_id').notNull(),
    /** The object's path in its bucket, e.g. "products/honey/jar.webp". */
    path: text('path').notNull(),
    folder: text('folder').notNull().default(''),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the stored bytes, hex. */
    checksum: text('checksum').notNull(),
    thumbnailPath: text('thumbnail_path'),
    altEn: text('alt_en').notNull().default(''),
    altAr: text('alt_ar').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('assets_object_key').on(t.objectId),
    index('assets_org_folder_idx').on(t.orgId, t.folder, t.fileName),
    index('assets_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('assets_tags_idx').using('gin', t.tags),
  ],
);

/** The images and files of a product, in order; the first is the main image. */
export const productMedia = pgTable(
  'product_media',
  {
    orgId: orgId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.assetId] }), index('product_media_asset_idx').on(t.assetId)],
);

/** A user's saved list configuration (filters, sort, columns) for one list, e.g. "products". */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_key').on(t.userId, t.list, sql`lower(${t.name})`)],
);
