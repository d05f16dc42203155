// Routes of product variants: per product (list, add, generate) and across products (grid, edit, bulk edit, delete).
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  variantBulkResultSchema,
  variantBulkSchema,
  variantCreateSchema,
  variantGenerateResultSchema,
  variantGenerateSchema,
  variantGridPageSchema,
  variantGridQuery,
  variantSchema,
  variantUpdateSchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
const access = { permission: 'products' } as const;
const tag = 'product-variants';

export const listProductVariants = defineRoute({
  method: 'GET',
  path: '/products/:id/variants',
  tag,
  summary: "A product's variants in position order, with their axis labels",
  access,
  params: idParams,
  response: z.array(variantSchema),
});
export const createProductVariant = defineRoute({
  method: 'POST',
  path: '/products/:id/variants',
  tag,
  summary:
    'Add one variant for a combination of axis values; SKU unique in the organization (variants and products), barcode EAN/UPC checked and unique',
  access,
  params: idParams,
  body: variantCreateSchema,
  response: variantSchema,
  status: 201,
});
export const generateProductVariants = defineRoute({
  method: 'POST',
  path: '/products/:id/variants/generate',
  tag,
  summary:
    'Create every combination of the chosen axis values that does not exist yet (at most 500), in one transaction; sets the product axes when it has none',
  access,
  params: idParams,
  body: variantGenerateSchema,
  response: variantGenerateResultSchema,
  status: 201,
});
export const listVariantGrid = defineRoute({
  method: 'GET',
  path: '/product-variants',
  tag,
  summary:
    'Variants across products, by product then position (keyset paging: pass nextCursor as cursor), searched by variant SKU, barcode, product SKU or name',
  access,
  query: variantGridQuery,
  response: variantGridPageSchema,
});
export const bulkUpdateVariants = defineRoute({
  method: 'PATCH',
  path: '/product-variants',
  tag,
  summary: 'Change price override, stock, weight or barcode of many variants; all or nothing, errors per item (items.N.field)',
  access,
  body: variantBulkSchema,
  response: variantBulkResultSchema,
});
export const updateVariant = defineRoute({
  method: 'PATCH',
  path: '/product-variants/:id',
  tag,
  summary: 'Change one variant: SKU, barcode, price override, stock, weight',
  access,
  params: idParams,
  body: variantUpdateSchema,
  response: variantSchema,
});
export const deleteVariant = defineRoute({
  method: 'DELETE',
  path: '/product-variants/:id',
  tag,
  summary: 'Remove one variant',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});
