// Routes of the product catalogue: products, their history, saved list views, media choices.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  productAssetOptionSchema,
  productAssetPickerQuery,
  productBulkResultSchema,
  productBulkSchema,
  productCreateSchema,
  productExportQuery,
  productFormOptionsSchema,
  productListQuery,
  productPageSchema,
  productRestoreSchema,
  productSchema,
  productUpdateSchema,
  productVersionDetailSchema,
  productVersionSummarySchema,
  savedViewCreateSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
const versionParams = z
  .object({
    id: z.uuid(),
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'must be a version number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1')),
  })
  .strict();
const access = { permission: 'products' } as const;
const tag = 'products';
const ok = z.object({ ok: z.literal(true) });

export const listProducts = defineRoute({
  method: 'GET',
  path: '/products',
  tag,
  summary: 'A page of products (keyset paging: pass nextCursor as cursor), with search over SKU and names, filters and sort',
  access,
  query: productListQuery,
  response: productPageSchema,
});
export const exportProducts = defineRoute({
  method: 'GET',
  path: '/products/export',
  tag,
  summary:
    'The products matching the filters (or the ids given) as a CSV or XLSX file; cells starting with = + - @ tab or CR are neutralised',
  access,
  query: productExportQuery,
  response: z.string(),
});
export const getProductFormOptions = defineRoute({
  method: 'GET',
  path: '/products/form-options',
  tag,
  summary:
    'What the product form offers: brands, tax classes, vendors, the category tree, families with their attributes and options, the base currency',
  access,
  response: productFormOptionsSchema,
});
export const listProductAssetOptions = defineRoute({
  method: 'GET',
  path: '/products/asset-options',
  tag,
  summary: 'Images and files of the asset library a product can use, newest first, searched by file name, alt text or tag',
  access,
  query: productAssetPickerQuery,
  response: z.array(productAssetOptionSchema),
});
export const uploadProductMedia = defineRoute({
  method: 'POST',
  path: '/products/media',
  tag,
  summary:
    'Upload one image or file into the asset library (multipart/form-data, field "file"; checked by content, images re-encoded without metadata, thumbnail made) for use as product media',
  // Adding to the library is the assets permission's (picking an existing asset stays with products).
  access: { permission: 'assets' },
  response: productAssetOptionSchema,
  status: 201,
});
export const discardProductMediaUpload = defineRoute({
  method: 'DELETE',
  path: '/products/media/:id',
  tag,
  summary:
    "Remove a file uploaded from a product's media section that was never saved (an edit left or discarded): only the caller's own upload there, and refused (409) while any product uses it",
  access: { permission: 'assets' },
  params: idParams,
  response: ok,
});
export const createProduct = defineRoute({
  method: 'POST',
  path: '/products',
  tag,
  summary: 'Add a product; SKU unique in the organization regardless of case; attribute values checked against their attributes',
  access,
  body: productCreateSchema,
  response: productSchema,
  status: 201,
});
export const bulkUpdateProducts = defineRoute({
  method: 'POST',
  path: '/products/bulk',
  tag,
  summary: 'Change many products at once (status, categories, archive); all or nothing, one history version per changed product',
  access,
  body: productBulkSchema,
  response: productBulkResultSchema,
});
export const getProduct = defineRoute({
  method: 'GET',
  path: '/products/:id',
  tag,
  summary: 'A product with its values, media and completeness',
  access,
  params: idParams,
  response: productSchema,
});
export const updateProduct = defineRoute({
  method: 'PATCH',
  path: '/products/:id',
  tag,
  summary: 'Change a product; records a version with the changed fields (expectedVersion required: 409 when it is no longer the latest)',
  access,
  params: idParams,
  body: productUpdateSchema,
  response: productSchema,
});
export const deleteProduct = defineRoute({
  method: 'DELETE',
  path: '/products/:id',
  tag,
  summary: 'Remove a product with its variants and history',
  access,
  params: idParams,
  response: ok,
});
export const listProductVersions = defineRoute({
  method: 'GET',
  path: '/products/:id/versions',
  tag,
  summary: 'Every version of a product, newest first, with who and when',
  access,
  params: idParams,
  response: z.array(productVersionSummarySchema),
});
export const getProductVersion = defineRoute({
  method: 'GET',
  path: '/products/:id/versions/:version',
  tag,
  summary: 'One version: its snapshot and the field-by-field diff against the version before',
  access,
  params: versionParams,
  response: productVersionDetailSchema,
});
export const restoreProductVersion = defineRoute({
  method: 'POST',
  path: '/products/:id/versions/:version/restore',
  tag,
  summary:
    'Bring back the fields of a version; this makes a new version (references that no longer exist are left out and named in the diff; expectedVersion required: 409 when it is no longer the latest)',
  access,
  params: versionParams,
  body: productRestoreSchema,
  response: productSchema,
});

export const listSavedViews = defineRoute({
  method: 'GET',
  path: '/product-views',
  tag,
  summary: "The caller's saved views of the product list",
  access,
  response: z.array(savedViewSchema),
});
export const createSavedView = defineRoute({
  method: 'POST',
  path: '/product-views',
  tag,
  summary: 'Save the product list filters, sort and columns under a name (unique per user)',
  access,
  body: savedViewCreateSchema,
  response: savedViewSchema,
  status: 201,
});
export const updateSavedView = defineRoute({
  method: 'PATCH',
  path: '/product-views/:id',
  tag,
  summary: "Rename or change one of the caller's saved views",
  access,
  params: idParams,
  body: savedViewUpdateSchema,
  response: savedViewSchema,
});
export const deleteSavedView = defineRoute({
  method: 'DELETE',
  path: '/product-views/:id',
  tag,
  summary: "Remove one of the caller's saved views",
  access,
  params: idParams,
  response: ok,
});
