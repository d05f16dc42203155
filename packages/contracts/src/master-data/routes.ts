// Routes of the catalogue master data: category tree, brands, units, tax classes and rates, currencies.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import * as s from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const access = { permission: 'master_data' } as const;
const tag = 'master-data';
const ok = z.object({ ok: z.literal(true) });

export const listCatalogCategories = defineRoute({
  method: 'GET',
  path: '/catalog-categories',
  tag,
  access,
  summary: 'The catalogue category tree as flat rows (parentId + position), parents before their children',
  response: z.array(s.catalogCategorySchema),
});
export const createCatalogCategory = defineRoute({
  method: 'POST',
  path: '/catalog-categories',
  tag,
  access,
  summary: 'Add a category (last among its siblings)',
  body: s.catalogCategoryCreateSchema,
  response: s.catalogCategorySchema,
  status: 201,
});
export const updateCatalogCategory = defineRoute({
  method: 'PATCH',
  path: '/catalog-categories/:id',
  tag,
  access,
  summary: 'Change the code, names or descriptions of a category',
  params: idParams,
  body: s.catalogCategoryUpdateSchema,
  response: s.catalogCategorySchema,
});
export const moveCatalogCategory = defineRoute({
  method: 'POST',
  path: '/catalog-categories/:id/move',
  tag,
  access,
  summary: 'Re-parent and/or reorder a category; siblings are renumbered; moving under its own descendant is refused (422)',
  params: idParams,
  body: s.catalogCategoryMoveSchema,
  response: z.array(s.catalogCategorySchema),
});
export const deleteCatalogCategory = defineRoute({
  method: 'DELETE',
  path: '/catalog-categories/:id',
  tag,
  access,
  summary: 'Remove a category; refused (409) while it has children',
  params: idParams,
  response: ok,
});

export const listBrands = defineRoute({
  method: 'GET',
  path: '/brands',
  tag,
  access,
  summary: 'Brands, by English name',
  response: z.array(s.brandSchema),
});
export const createBrand = defineRoute({
  method: 'POST',
  path: '/brands',
  tag,
  access,
  summary: 'Add a brand',
  body: s.brandCreateSchema,
  response: s.brandSchema,
  status: 201,
});
export const updateBrand = defineRoute({
  method: 'PATCH',
  path: '/brands/:id',
  tag,
  access,
  summary: 'Change a brand',
  params: idParams,
  body: s.brandUpdateSchema,
  response: s.brandSchema,
});
export const deleteBrand = defineRoute({
  method: 'DELETE',
  path: '/brands/:id',
  tag,
  access,
  summary: 'Remove a brand',
  params: idParams,
  response: ok,
});

export const listUnits = defineRoute({
  method: 'GET',
  path: '/units',
  tag,
  access,
  summary: 'Units of measure, by kind then code',
  response: z.array(s.unitSchema),
});
export const createUnit = defineRoute({
  method: 'POST',
  path: '/units',
  tag,
  access,
  summary: 'Add a unit',
  body: s.unitCreateSchema,
  response: s.unitSchema,
  status: 201,
});
export const updateUnit = defineRoute({
  method: 'PATCH',
  path: '/units/:id',
  tag,
  access,
  summary: 'Change a unit',
  params: idParams,
  body: s.unitUpdateSchema,
  response: s.unitSchema,
});
export const deleteUnit = defineRoute({
  method: 'DELETE',
  path: '/units/:id',
  tag,
  access,
  summary: 'Remove a unit; refused (409) while an attribute measures in it',
  params: idParams,
  response: ok,
});

export const listTaxClasses = defineRoute({
  method: 'GET',
  path: '/tax-classes',
  tag,
  access,
  summary: 'Tax classes with their rates, default first',
  response: z.array(s.taxClassSchema),
});
export const createTaxClass = defineRoute({
  method: 'POST',
  path: '/tax-classes',
  tag,
  access,
  summary: 'Add a tax class',
  body: s.taxClassCreateSchema,
  response: s.taxClassSchema,
  status: 201,
});
export const updateTaxClass = defineRoute({
  method: 'PATCH',
  path: '/tax-classes/:id',
  tag,
  access,
  summary: 'Change a tax class (isDefault: true takes the flag from the previous default)',
  params: idParams,
  body: s.taxClassUpdateSchema,
  response: s.taxClassSchema,
});
export const deleteTaxClass = defineRoute({
  method: 'DELETE',
  path: '/tax-classes/:id',
  tag,
  access,
  summary: 'Remove a tax class and its rates',
  params: idParams,
  response: ok,
});
export const createTaxRate = defineRoute({
  method: 'POST',
  path: '/tax-classes/:id/rates',
  tag,
  access,
  summary: 'Add a rate to a tax class',
  params: idParams,
  body: s.taxRateCreateSchema,
  response: s.taxRateSchema,
  status: 201,
});
export const updateTaxRate = defineRoute({
  method: 'PATCH',
  path: '/tax-rates/:id',
  tag,
  access,
  summary: 'Change a tax rate',
  params: idParams,
  body: s.taxRateUpdateSchema,
  response: s.taxRateSchema,
});
export const deleteTaxRate = defineRoute({
  method: 'DELETE',
  path: '/tax-rates/:id',
  tag,
  access,
  summary: 'Remove a tax rate',
  params: idParams,
  response: ok,
});

export const listCurrencies = defineRoute({
  method: 'GET',
  path: '/currencies',
  tag,
  access,
  summary: 'Currencies, base first then by code',
  response: z.array(s.currencySchema),
});
export const createCurrency = defineRoute({
  method: 'POST',
  path: '/currencies',
  tag,
  access,
  summary: 'Add a currency (the first one becomes the base)',
  body: s.currencyCreateSchema,
  response: s.currencySchema,
  status: 201,
});
export const updateCurrency = defineRoute({
  method: 'PATCH',
  path: '/currencies/:id',
  tag,
  access,
  summary: 'Change a currency; isBase: true makes it the base and re-expresses every rate against it',
  params: idParams,
  body: s.currencyUpdateSchema,
  response: s.currencySchema,
});
export const deleteCurrency = defineRoute({
  method: 'DELETE',
  path: '/currencies/:id',
  tag,
  access,
  summary: 'Remove a currency; the base currency cannot be removed (409)',
  params: idParams,
  response: ok,
});
