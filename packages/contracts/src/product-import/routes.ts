// Routes of product import: upload, mapping, dry run, run, progress, row results, error file, history, profiles.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  importActionSchema,
  importDetailSchema,
  importFileQuery,
  importListQuery,
  importPageSchema,
  importProfileCreateSchema,
  importProfileSchema,
  importProfileUpdateSchema,
  importRowPageSchema,
  importRowsQuery,
  importUpdateSchema,
  importUploadQuery,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const access = { permission: 'import' } as const;
const tag = 'product-import';
const ok = z.object({ ok: z.literal(true) });

export const listImports = defineRoute({
  method: 'GET',
  path: '/product-import/imports',
  tag,
  summary: 'Past and current imports, newest first, with their counts',
  access,
  query: importListQuery,
  response: importPageSchema,
});
export const uploadImport = defineRoute({
  method: 'POST',
  path: '/product-import/imports',
  tag,
  summary:
    'Upload a CSV or XLSX file, or a ZIP of one with the images its rows name (multipart/form-data, field "file", up to 100 MB; streamed): the format, encoding, delimiter and sheets are detected, and the mapping suggested from the column names or taken from a profile',
  access,
  query: importUploadQuery,
  response: importDetailSchema,
  status: 201,
});
export const getImport = defineRoute({
  method: 'GET',
  path: '/product-import/imports/:id',
  tag,
  summary: 'An import with its file, mapping, options, progress and counts',
  access,
  params: idParams,
  response: importDetailSchema,
});
export const updateImport = defineRoute({
  method: 'PATCH',
  path: '/product-import/imports/:id',
  tag,
  summary: 'Change how the file is read, the mapping or the options of an import not yet run (the dry run must then be repeated)',
  access,
  params: idParams,
  body: importUpdateSchema,
  response: importDetailSchema,
});
export const dryRunImport = defineRoute({
  method: 'POST',
  path: '/product-import/imports/:id/dry-run',
  tag,
  summary: 'Validate every row of the file without writing anything: a result per row and the totals',
  access,
  params: idParams,
  body: importActionSchema,
  response: importDetailSchema,
  status: 202,
});
export const runImport = defineRoute({
  method: 'POST',
  path: '/product-import/imports/:id/run',
  tag,
  summary: 'Run an import whose dry run is current, as a job in batches of one transaction each',
  access,
  params: idParams,
  body: importActionSchema,
  response: importDetailSchema,
  status: 202,
});
export const cancelImport = defineRoute({
  method: 'POST',
  path: '/product-import/imports/:id/cancel',
  tag,
  summary: 'Stop a dry run or run after its current batch (batches already committed stay)',
  access,
  params: idParams,
  body: importActionSchema,
  response: importDetailSchema,
});
export const retryFailedRows = defineRoute({
  method: 'POST',
  path: '/product-import/imports/:id/retry-failed',
  tag,
  summary: 'A new import of only the rows that failed, with the same mapping and options',
  access,
  params: idParams,
  response: importDetailSchema,
  status: 201,
});
export const listImportRows = defineRoute({
  method: 'GET',
  path: '/product-import/imports/:id/rows',
  tag,
  summary: 'Row results of the dry run or the run, by row number, optionally of one outcome',
  access,
  params: idParams,
  query: importRowsQuery,
  response: importRowPageSchema,
});
export const downloadImportErrors = defineRoute({
  method: 'GET',
  path: '/product-import/imports/:id/error-file',
  tag,
  summary: 'CSV of the rows that failed: the original columns and a Reason column',
  access,
  params: idParams,
  query: importFileQuery,
  response: z.string(),
});
export const downloadImportFile = defineRoute({
  method: 'GET',
  path: '/product-import/imports/:id/file',
  tag,
  summary: 'The uploaded file as it was received',
  access,
  params: idParams,
  response: z.string(),
});
export const listImportProfiles = defineRoute({
  method: 'GET',
  path: '/product-import/profiles',
  tag,
  summary: 'Saved mapping profiles by name',
  access,
  response: z.array(importProfileSchema),
});
export const createImportProfile = defineRoute({
  method: 'POST',
  path: '/product-import/profiles',
  tag,
  summary: 'Save a mapping and options as a profile (409 when the name is taken)',
  access,
  body: importProfileCreateSchema,
  response: importProfileSchema,
  status: 201,
});
export const updateImportProfile = defineRoute({
  method: 'PATCH',
  path: '/product-import/profiles/:id',
  tag,
  summary: 'Rename a profile or change its mapping and options',
  access,
  params: idParams,
  body: importProfileUpdateSchema,
  response: importProfileSchema,
});
export const deleteImportProfile = defineRoute({
  method: 'DELETE',
  path: '/product-import/profiles/:id',
  tag,
  summary: 'Remove a profile (imports made with it keep their own copy of the mapping)',
  access,
  params: idParams,
  response: ok,
});
