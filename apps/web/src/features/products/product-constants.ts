import type { ProductListColumn, ProductSort, ProductStatus } from '@market/contracts/plain';

/** Columns the list shows until the reader chooses. */
export const DEFAULT_COLUMNS: ProductListColumn[] = ['image', 'status', 'brand', 'family', 'price', 'completeness', 'updated'];

export interface ListFilters {
  q: string;
  status: ProductStatus[];
  brandId?: string;
  vendorId?: string;
  familyId?: string;
  categoryId?: string;
  completenessMin?: number;
  completenessMax?: number;
  sort?: ProductSort;
}

/** Column header -> the ascending and descending sorts it toggles between (first click uses the first). */
export const SORTABLE: Partial<Record<'sku' | 'name' | ProductListColumn, [ProductSort, ProductSort]>> = {
  sku: ['sku_asc', 'sku_asc'],
  name: ['name_asc', 'name_desc'],
  price: ['price_asc', 'price_desc'],
  completeness: ['completeness_desc', 'completeness_asc'],
  updated: ['updated_desc', 'updated_asc'],
};
