import { z } from 'zod';
import { keysetPageSchema, keysetQueryShape, pageLimitQuery } from '../common/paging.js';
import {
  MAX_BULK_PRODUCTS,
  MAX_PRICE_MINOR,
  MAX_PRODUCT_CATEGORIES,
  MAX_PRODUCT_MEDIA,
  PRODUCT_BULK_ACTIONS,
  PRODUCT_LIST_COLUMNS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  SKU_PATTERN,
  type ProductStatus,
} from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
export const skuSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'at most 64 characters')
  .regex(SKU_PATTERN, 'letters, digits, _ . / - only, starting with a letter or digit');
const productName = z.string().trim().max(200, 'at most 200 characters');
const description = z.string().max(20_000, 'at most 20000 characters');
export const priceMinorSchema = z
  .number('must be a number')
  .int('must be a whole number of minor units (cents)')
  .min(0, 'must be 0 or more')
  .max(MAX_PRICE_MINOR, 'is too large');

/** Attribute values by attribute id; a localisable attribute's value is { en, ar }; null clears a value. */
export const productValuesSchema = z
  .record(z.uuid('must be an attribute id'), z.unknown())
  .refine((r) => Object.keys(r).length <= 500, 'at most 500 attribute values');

// ---- query strings (strings with transforms, as every list query) ----
const percent = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number from 0 to 100')
  .transform(Number)
  .pipe(z.number().int().min(0, 'must be at least 0').max(100, 'must be at most 100'));
const statusList = z
  .string()
  .regex(/^(draft|active|archived)(,(draft|active|archived)){0,2}$/, 'must be draft, active or archived (several separated by commas)')
  .transform((s) => s.split(',') as ProductStatus[]);

/** The filters of the list; shared by the list, the export and "select all matching" bulk actions. */
export const productFilterShape = {
  /** Part of the SKU or the English or Arabic name; one or two characters match the start of the SKU only. */
  q: z.string().trim().max(200, 'at most 200 characters').optional(),
  status: statusList.optional(),
  brandId: z.uuid('must be a brand id').optional(),
  vendorId: z.uuid('must be a vendor id').optional(),
  familyId: z.uuid('must be an attribute family id').optional(),
  /** A catalogue category: products in it or in any category below it. */
  categoryId: z.uuid('must be a category id').optional(),
  completenessMin: percent.optional(),
  completenessMax: percent.optional(),
};
export const productListQuery = z
  .object({
    ...productFilterShape,
    sort: z.enum(PRODUCT_SORTS, `must be one of ${PRODUCT_SORTS.join(', ')}`).optional(),
    ...keysetQueryShape,
  })
  .strict();
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productExportQuery = z
  .object({
    ...productFilterShape,
    sort: z.enum(PRODUCT_SORTS, `must be one of ${PRODUCT_SORTS.join(', ')}`).optional(),
    format: z.enum(['csv', 'xlsx'], 'must be csv or xlsx'),
    /** Only these products (the selection); otherwise every product matching the filters. */
    ids: z
      .string()
      .regex(/^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,999}$/, 'must be up to 1000 ids separated by commas')
      .transform((s) => s.split(','))
      .pipe(z.array(z.uuid('must be ids separated by commas')))
      .optional(),
  })
  .strict();
export type ProductExportQuery = z.infer<typeof productExportQuery>;

// ---- responses ----
const ref = z.object({ id: uuid, nameEn: z.string(), nameAr: z.string() });
export const localeCompletenessSchema = z.object({
  score: z.number().int(),
  required: z.number().int(),
  /** What is missing: "name", "description" or an attribute id. */
  missing: z.array(z.string()),
});
export const productCompletenessSchema = z.object({ en: localeCompletenessSchema, ar: localeCompletenessSchema });
export type ProductCompleteness = z.infer<typeof productCompletenessSchema>;

export const productListItemSchema = z.object({
  id: uuid,
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  priceMinor: z.number().int(),
  brand: ref.nullable(),
  vendor: z.object({ id: uuid, name: z.string() }).nullable(),
  family: ref.nullable(),
  categories: z.array(ref),
  completenessScore: z.number().int(),
  variantCount: z.number().int(),
  /** Public URL of the main image's thumbnail, or null. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const productPageSchema = keysetPageSchema(productListItemSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

export const productMediaItemSchema = z.object({
  assetId: uuid,
  position: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  altEn: z.string(),
  altAr: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type ProductMediaItem = z.infer<typeof productMediaItemSchema>;

export const productSchema = z.object({
  id: uuid,
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  priceMinor: z.number().int(),
  brandId: uuid.nullable(),
  familyId: uuid.nullable(),
  vendorId: uuid.nullable(),
  taxClassId: uuid.nullable(),
  categoryIds: z.array(uuid),
  values: z.record(z.string(), z.unknown()),
  variantAxes: z.array(uuid),
  media: z.array(productMediaItemSchema),
  completeness: productCompletenessSchema,
  completenessScore: z.number().int(),
  variantCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: uuid, name: z.string() }).nullable(),
  updatedBy: z.object({ id: uuid, name: z.string() }).nullable(),
});
export type Product = z.infer<typeof productSchema>;

// ---- writes ----
const expectedVersionSchema = z
  .number({
    error: (i) => (i.input === undefined ? 'is required: send the version of the product you edited' : 'must be a version number'),
  })
  .int('must be a version number')
  .min(1, 'must be a version number');
const productFields = {
  nameEn: productName.min(1, 'is required'),
  nameAr: productName.optional(),
  descriptionEn: description.optional(),
  descriptionAr: description.optional(),
  status: z.enum(PRODUCT_STATUSES, 'must be draft, active or archived').optional(),
  priceMinor: priceMinorSchema.optional(),
  brandId: uuid.nullable().optional(),
  familyId: uuid.nullable().optional(),
  vendorId: uuid.nullable().optional(),
  taxClassId: uuid.nullable().optional(),
  categoryIds: z.array(uuid).max(MAX_PRODUCT_CATEGORIES, `at most ${MAX_PRODUCT_CATEGORIES} categories`).optional(),
  values: productValuesSchema.optional(),
  /** Single-select attributes of the family, in order (at most 3). */
  variantAxes: z.array(uuid).max(3, 'at most 3 axes').optional(),
  /** Asset ids in order; the first is the main image. */
  mediaAssetIds: z.array(uuid).max(MAX_PRODUCT_MEDIA, `at most ${MAX_PRODUCT_MEDIA} files`).optional(),
};
export const productCreateSchema = z.object({ sku: skuSchema, ...productFields }).strict();
export type ProductCreate = z.infer<typeof productCreateSchema>;
export const productUpdateSchema = z
  .object({
    sku: skuSchema.optional(),
    ...productFields,
    nameEn: productName.min(1, 'is required').optional(),
    /** The version the edit was based on (required); a newer stored version answers 409. */
    expectedVersion: expectedVersionSchema,
  })
  .strict();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;
/** A restore is an edit too: it names the version the screen showed as the latest. */
export const productRestoreSchema = z.object({ expectedVersion: expectedVersionSchema }).strict();

export const productBulkSchema = z
  .object({
    action: z.enum(PRODUCT_BULK_ACTIONS, `must be one of ${PRODUCT_BULK_ACTIONS.join(', ')}`),
    ids: z.array(uuid).min(1, 'choose at least one product').max(MAX_BULK_PRODUCTS, `at most ${MAX_BULK_PRODUCTS} products at once`),
    status: z.enum(PRODUCT_STATUSES, 'must be draft, active or archived').optional(),
    categoryIds: z.array(uuid).min(1, 'choose at least one category').max(MAX_PRODUCT_CATEGORIES).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'set_status' && !v.status) ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required for set_status' });
    if ((v.action === 'add_categories' || v.action === 'remove_categories') && !v.categoryIds)
      ctx.addIssue({ code: 'custom', path: ['categoryIds'], message: `is required for ${v.action}` });
  });
export type ProductBulk = z.infer<typeof productBulkSchema>;
export const productBulkResultSchema = z.object({ updated: z.number().int(), unchanged: z.number().int() });

// ---- history ----
export const productVersionSummarySchema = z.object({
  version: z.number().int(),
  action: z.enum(['create', 'update', 'restore', 'bulk', 'import']),
  changedFields: z.array(z.string()),
  actor: z.object({ id: uuid, name: z.string() }).nullable(),
  restoredFrom: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ProductVersionSummary = z.infer<typeof productVersionSummarySchema>;
export const productDiffEntrySchema = z.object({
  /** "sku", "nameEn", ..., "categoryIds", "mediaAssetIds" or "values.<attributeId>". */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const productVersionDetailSchema = productVersionSummarySchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
  /** Field by field against the version before it. */
  diff: z.array(productDiffEntrySchema),
  /** Restores only: references of the restored version that no longer existed and were left out ("brandId", "categoryIds", "values.<attributeId>", ...). */
  leftOut: z.array(z.object({ field: z.string(), id: z.string() })).optional(),
});
export type ProductVersionDetail = z.infer<typeof productVersionDetailSchema>;

// ---- saved views ----
export const savedViewConfigSchema = z
  .object({
    filters: z
      .object({
        q: z.string().max(200).optional(),
        status: z.array(z.enum(PRODUCT_STATUSES)).max(3).optional(),
        brandId: uuid.optional(),
        vendorId: uuid.optional(),
        familyId: uuid.optional(),
        categoryId: uuid.optional(),
        completenessMin: z.number().int().min(0).max(100).optional(),
        completenessMax: z.number().int().min(0).max(100).optional(),
      })
      .strict(),
    sort: z.enum(PRODUCT_SORTS).optional(),
    columns: z.array(z.enum(PRODUCT_LIST_COLUMNS)).max(PRODUCT_LIST_COLUMNS.length),
  })
  .strict();
export type SavedViewConfig = z.infer<typeof savedViewConfigSchema>;
export const savedViewSchema = z.object({
  id: uuid,
  name: z.string(),
  config: savedViewConfigSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewCreateSchema = z
  .object({ name: z.string().trim().min(1, 'is required').max(80, 'at most 80 characters'), config: savedViewConfigSchema })
  .strict();
export const savedViewUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(80, 'at most 80 characters').optional(),
    config: savedViewConfigSchema.optional(),
  })
  .strict();

// ---- media picker (products permission; the assets area has its own routes) ----
export const productAssetPickerQuery = z
  .object({ q: z.string().trim().max(200, 'at most 200 characters').optional(), limit: pageLimitQuery.optional() })
  .strict();
export const productAssetOptionSchema = z.object({
  id: uuid,
  fileName: z.string(),
  mimeType: z.string(),
  altEn: z.string(),
  altAr: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type ProductAssetOption = z.infer<typeof productAssetOptionSchema>;

/** Choices the product form needs in one call: brands, families with attributes and options, tax classes, vendors, category tree. */
export const productFormOptionsSchema = z.object({
  brands: z.array(ref),
  taxClasses: z.array(ref.extend({ isDefault: z.boolean() })),
  vendors: z.array(z.object({ id: uuid, name: z.string() })),
  categories: z.array(ref.extend({ parentId: uuid.nullable(), position: z.number().int() })),
  families: z.array(
    ref.extend({
      attributes: z.array(
        z.object({
          id: uuid,
          code: z.string(),
          nameEn: z.string(),
          nameAr: z.string(),
          type: z.string(),
          localizable: z.boolean(),
          required: z.boolean(),
          unitSymbol: z.string().nullable(),
          validation: z.record(z.string(), z.unknown()),
          options: z.array(z.object({ code: z.string(), labelEn: z.string(), labelAr: z.string() })),
        }),
      ),
    }),
  ),
  /** The base currency prices are in. */
  currency: z.object({ code: z.string(), symbol: z.string(), minorDigits: z.number().int() }).nullable(),
});
export type ProductFormOptions = z.infer<typeof productFormOptionsSchema>;
