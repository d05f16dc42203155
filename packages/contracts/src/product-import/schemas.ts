import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { keysetPageSchema } from '../common/paging.js';
import {
  IMPORT_ACTIONS,
  IMPORT_DELIMITERS,
  IMPORT_EMPTY_CELLS,
  IMPORT_ENCODINGS,
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_LIMITS as L,
  IMPORT_MATCH_BY,
  IMPORT_MISSING,
  IMPORT_OUTCOMES,
  IMPORT_PHASES,
  IMPORT_STATES,
} from './constants.js';

// Product import: a file uploaded, its columns mapped to product fields, a dry run over every row, then the run
// itself as a job in batches. See docs/decisions/020-product-import.md.

const uuid = z.uuid('must be an id');
const TARGET_RE = new RegExp(`^(ignore|${IMPORT_FIELDS.join('|')}|attribute:[a-z][a-z0-9_]{0,63}(:en|:ar)?)$`);

export const importColumnSchema = z
  .object({
    /** The header of the file's column. */
    column: z.string().min(1, 'is required').max(200, 'at most 200 characters'),
    /** A product field, `attribute:<code>` (`:en`/`:ar` for a localizable attribute), or `ignore`. */
    target: z.string().regex(TARGET_RE, 'must be a product field, attribute:<code>[:en|:ar] or ignore'),
    /** Trim spaces around the value (default true). */
    trim: z.boolean().optional(),
    /** Splits the cell into a list (categories, images, multi-select values) on this separator. */
    split: z.string().min(1, 'must not be empty').max(5, 'at most 5 characters').optional(),
    /** Replaces a whole value (after trim) by another. */
    map: z
      .array(z.object({ from: z.string().max(500), to: z.string().max(500) }).strict())
      .max(L.mapEntries, `at most ${L.mapEntries} entries`)
      .optional(),
    /** The value of an empty cell. */
    default: z.string().max(2000, 'at most 2000 characters').optional(),
  })
  .strict();
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const importMappingSchema = z
  .array(importColumnSchema)
  .max(L.columns, `at most ${L.columns} columns`)
  .superRefine((cols, ctx) => {
    const targets = new Map<string, number>();
    cols.forEach((c, i) => {
      if (c.target === 'ignore') return;
      const seen = targets.get(c.target);
      if (seen !== undefined)
        ctx.addIssue({ code: 'custom', path: [i, 'target'], message: `is already mapped from column ${cols[seen]!.column}` });
      else targets.set(c.target, i);
    });
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importOptionsSchema = z
  .object({
    matchBy: z.enum(IMPORT_MATCH_BY, `must be one of ${IMPORT_MATCH_BY.join(', ')}`),
    /** The attribute code rows match on when matchBy is attribute. */
    matchAttribute: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be an attribute code')
      .nullable(),
    action: z.enum(IMPORT_ACTIONS, `must be one of ${IMPORT_ACTIONS.join(', ')}`),
    emptyCells: z.enum(IMPORT_EMPTY_CELLS, `must be one of ${IMPORT_EMPTY_CELLS.join(', ')}`),
    /** With archive, products the file does not name are archived when the run completes (a full file). */
    missing: z.enum(IMPORT_MISSING, `must be one of ${IMPORT_MISSING.join(', ')}`),
    /** Categories are named by code, or by path of English names separated by " > ". */
    categoriesBy: z.enum(['code', 'path'], 'must be code or path'),
    /** Prices are decimals in the base currency (a dot or a comma before the cents). */
    decimalComma: z.boolean(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.matchBy === 'attribute' && !o.matchAttribute)
      ctx.addIssue({ code: 'custom', path: ['matchAttribute'], message: 'is required when matching by attribute' });
  });
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importProgressSchema = z.object({
  phase: z.enum(IMPORT_PHASES),
  /** Rows read so far, and rows in the file once known (the dry run counts them). */
  processedRows: z.number().int(),
  totalRows: z.number().int().nullable(),
  counts: importCountsSchema,
  rowsPerSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const importSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  state: z.enum(IMPORT_STATES),
  /** Running, but no worker has reported for longer than its lease: it resumes from the last committed batch. */
  stalled: z.boolean(),
  profileId: z.string().nullable(),
  profileName: z.string().nullable(),
  dryRun: importCountsSchema.nullable(),
  run: importCountsSchema.nullable(),
  /** Products archived because the full file did not name them. */
  archived: z.number().int(),
  sourceImportId: z.string().nullable(),
  createdBy: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDetailSchema = importSummarySchema.extend({
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  delimiter: z.string().nullable(),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  headers: z.array(z.string()),
  /** The first rows, as read with the current encoding, delimiter and sheet. */
  sample: z.array(z.array(z.string())),
  mapping: importMappingSchema,
  options: importOptionsSchema,
  progress: importProgressSchema.nullable(),
  error: z.string().nullable(),
  /** The dry run's results still match the mapping and options: the import may run. */
  canRun: z.boolean(),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

export const importPageSchema = keysetPageSchema(importSummarySchema);
export const importListQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const importUploadQuery = z.object({ profileId: uuid.optional() }).strict();

export const importUpdateSchema = z
  .object({
    ...concurrencyShape,
    mapping: importMappingSchema.optional(),
    options: importOptionsSchema.optional(),
    encoding: z.enum(IMPORT_ENCODINGS, `must be one of ${IMPORT_ENCODINGS.join(', ')}`).optional(),
    delimiter: z.enum(IMPORT_DELIMITERS, 'must be a comma, semicolon, tab or bar').optional(),
    sheet: z.string().min(1).max(200).optional(),
    profileId: uuid.nullable().optional(),
  })
  .strict();
export type ImportUpdate = z.infer<typeof importUpdateSchema>;

export const importActionSchema = z.object({ ...concurrencyShape }).strict();

export const importChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const importRowSchema = z.object({
  rowNo: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  sku: z.string().nullable(),
  productId: z.string().nullable(),
  changes: z.array(importChangeSchema),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importRowPageSchema = keysetPageSchema(importRowSchema);
export const importRowsQuery = z
  .object({
    phase: z.enum(IMPORT_PHASES, 'must be dry_run or run').default('dry_run'),
    outcome: z.enum(IMPORT_OUTCOMES, `must be one of ${IMPORT_OUTCOMES.join(', ')}`).optional(),
    cursor: z.string().max(50).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const importFileQuery = z.object({ phase: z.enum(IMPORT_PHASES, 'must be dry_run or run').default('run') }).strict();

export const importProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mapping: importMappingSchema,
  options: importOptionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;
export const importProfileCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(L.profileName, `at most ${L.profileName} characters`),
    mapping: importMappingSchema,
    options: importOptionsSchema,
  })
  .strict();
export const importProfileUpdateSchema = importProfileCreateSchema.partial().extend(concurrencyShape).strict();
