import { productImportRoutes } from '@market/contracts';
import type { ImportDetail, ImportRow, ImportSummary } from './product-import-api';

export const IMPORT_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const STAMP = '2025-03-01T10:00:00.000Z';
export const UPDATED = '2025-03-01T10:05:00.000Z';

const OPTIONS = {
  matchBy: 'sku',
  matchAttribute: null,
  action: 'both',
  emptyCells: 'ignore',
  missing: 'keep',
  categoriesBy: 'code',
  decimalComma: false,
} as const;

/** An import as GET /product-import/imports/:id answers it: a CSV of three columns, mapped as the server suggested. */
export function importDetail(over: Partial<ImportDetail> = {}): ImportDetail {
  return productImportRoutes.getImport.response.parse({
    id: IMPORT_ID,
    fileName: 'spring-catalogue.csv',
    fileSize: 2048,
    format: 'csv',
    state: 'draft',
    stalled: false,
    profileId: null,
    profileName: null,
    dryRun: null,
    run: null,
    archived: 0,
    sourceImportId: null,
    createdBy: { id: 'u1', name: 'Mona Haddad' },
    createdAt: STAMP,
    updatedAt: STAMP,
    encoding: 'utf-8',
    delimiter: ';',
    sheet: null,
    sheets: [],
    headers: ['SKU', 'Title', 'Colour'],
    sample: [
      ['MUG-1', 'Blue mug', 'blue'],
      ['MUG-2', 'Red mug', 'red'],
    ],
    mapping: [
      { column: 'SKU', target: 'sku' },
      { column: 'Title', target: 'ignore' },
      { column: 'Colour', target: 'ignore' },
    ],
    options: OPTIONS,
    progress: null,
    error: null,
    canRun: false,
    ...over,
  });
}

export const counts = (c: Partial<Record<'rows' | 'create' | 'update' | 'unchanged' | 'error' | 'skipped', number>> = {}) => ({
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  error: 0,
  skipped: 0,
  ...c,
});

/** A dry run that found one product to create, one to update and one row in error. */
export const validated = (over: Partial<ImportDetail> = {}) =>
  importDetail({
    state: 'validated',
    updatedAt: UPDATED,
    dryRun: counts({ rows: 12, create: 7, update: 3, unchanged: 1, error: 1 }),
    canRun: true,
    ...over,
  });

export const row = (r: Partial<ImportRow> & Pick<ImportRow, 'rowNo' | 'outcome'>): ImportRow =>
  productImportRoutes.listImportRows.response.shape.items.element.parse({ sku: null, productId: null, changes: [], errors: [], ...r });

export const summary = (over: Partial<ImportSummary> = {}): ImportSummary =>
  productImportRoutes.listImports.response.shape.items.element.parse({
    ...importDetail(),
    ...over,
  });

export const attributes = () => [
  {
    id: 'c1b2c3d4-0000-4000-8000-000000000001',
    code: 'colour',
    type: 'text',
    nameEn: 'Colour',
    nameAr: 'اللون',
    localizable: true,
    unitId: null,
    unit: null,
    validation: {},
    options: [],
    familyCount: 1,
    requiredFamilyCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
  },
];
