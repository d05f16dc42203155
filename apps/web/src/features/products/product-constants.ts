/**
 * Small constants of the products contract, re-declared here so the page chunks do not pull the whole
 * contracts index (and zod) into the browser; `satisfies` against the contract types keeps them in step.
 */
import type { productsRoutes as c } from '@market/contracts';

export const STATUSES = ['draft', 'active', 'archived'] as const satisfies readonly c.ProductStatus[];
export const SORTS = [
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
] as const satisfies readonly c.ProductSort[];
export const COLUMNS = [
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
] as const satisfies readonly c.ProductListColumn[];
export const DEFAULT_COLUMNS: Column[] = ['image', 'status', 'brand', 'family', 'price', 'completeness', 'updated'];
export const MAX_BULK = 1000;

export type Status = (typeof STATUSES)[number];
export type Sort = (typeof SORTS)[number];
export type Column = (typeof COLUMNS)[number];

export interface ListFilters {
  q: string;
  status: Status[];
  brandId?: string;
  vendorId?: string;
  familyId?: string;
  categoryId?: string;
  completenessMin?: number;
  completenessMax?: number;
  sort?: Sort;
}

/** Column header -> the ascending and descending sorts it toggles between (first click uses the first). */
export const SORTABLE: Partial<Record<'sku' | 'name' | Column, [Sort, Sort]>> = {
  sku: ['sku_asc', 'sku_asc'],
  name: ['name_asc', 'name_desc'],
  price: ['price_asc', 'price_desc'],
  completeness: ['completeness_desc', 'completeness_asc'],
  updated: ['updated_desc', 'updated_asc'],
};
