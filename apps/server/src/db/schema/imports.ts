import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_ENCODINGS, IMPORT_FORMATS, IMPORT_OUTCOMES, IMPORT_PHASES, IMPORT_STATES } from '@market/contracts/plain';
import type { productImportRoutes as c } from '@market/contracts';
import { users } from './auth.js';
import { organizations } from './platform.js';
import { products } from './products.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** Mapping profiles: a mapping and options saved under a name, to start the next import of the same supplier. */
export const productImportProfiles = pgTable(
  'product_import_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<c.ImportMapping>().notNull(),
    options: jsonb('options').$type<c.ImportOptions>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_import_profiles_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

/**
 * One uploaded file and what became of it: how it is read, its mapping and options, the dry run's counts and the
 * run's. `committed_rows` is where a run resumes: it moves in the same transaction as the batch it counts, so a
 * run whose worker died goes on from the last committed batch and never counts a row twice. `dry_run_key`
 * identifies what the dry run was made with; the run needs it to match the current mapping and options.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The ZIP as uploaded when the file came in one with its images; the data file taken out of it is file_key. */
    sourceKey: text('source_key'),
    /**
     * A ZIP's images by lower-case file name (null: two images have that name). The run adds each to the asset library
     * once, before the batch that first names it, and keeps its asset id here so a resumed run reuses it.
     */
    images: jsonb('images')
      .$type<Record<string, { name: string; key: string; size: number; assetId?: string; fileName?: string; error?: string } | null>>()
      .notNull()
      .default({}),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    encoding: text('encoding', { enum: IMPORT_ENCODINGS }),
    delimiter: text('delimiter'),
    sheet: text('sheet'),
    sheets: jsonb('sheets').$type<string[]>().notNull().default([]),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    sample: jsonb('sample').$type<string[][]>().notNull().default([]),
    profileId: uuid('profile_id').references(() => productImportProfiles.id, { onDelete: 'set null' }),
    mapping: jsonb('mapping').$type<c.ImportMapping>().notNull(),
    options: jsonb('options').$type<c.ImportOptions>().notNull(),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('draft'),
    phase: text('phase', { enum: IMPORT_PHASES }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Counts of the phase under way. */
    counts: jsonb('counts').$type<c.ImportCounts>(),
    dryRun: jsonb('dry_run').$type<c.ImportCounts>(),
    dryRunKey: text('dry_run_key'),
    run: jsonb('run').$type<c.ImportCounts>(),
    committedRows: integer('committed_rows').notNull().default(0),
    archived: integer('archived').notNull().default(0),
    error: text('error'),
    startedAt: ts('started_at'),
    heartbeatAt: ts('heartbeat_at'),
    finishedAt: ts('finished_at'),
    sourceImportId: uuid('source_import_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('product_imports_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc())],
);

/** Each row's result in a phase; the original cells are kept for error rows only (the error file). */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: IMPORT_PHASES }).notNull(),
    rowNo: integer('row_no').notNull(),
    outcome: text('outcome', { enum: IMPORT_OUTCOMES }).notNull(),
    sku: text('sku'),
    productId: uuid('product_id'),
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull().default([]),
    errors: jsonb('errors').$type<{ field: string; message: string }[]>().notNull().default([]),
    cells: jsonb('cells').$type<string[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.phase, t.rowNo] }),
    index('product_import_rows_outcome_idx').on(t.importId, t.phase, t.outcome, t.rowNo),
  ],
);

/**
 * What the last import wrote to a product: a hash of the row's mapped values and the product's version after that
 * write. Written in the row's own transaction, only once it succeeded; a row with the same hash for a product still
 * at that version is unchanged without being compared field by field.
 */
export const productImportHashes = pgTable('product_import_hashes', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  orgId: orgId(),
  hash: text('hash').notNull(),
  version: integer('version').notNull(),
});
