// Zod-free: the values the import screens need in the browser, reachable from `@market/contracts/plain`.

/**
 * Product fields a column can fill. Attributes are `attribute:<code>` or `attribute:<code>:<en|ar>` for a localizable
 * one. A row with a parent SKU is a variant of that product: its SKU, barcode, price (the variant's own), stock and the
 * values of the product's axis attributes are read; its other columns are left out.
 */
export const IMPORT_FIELDS = [
  'sku',
  'nameEn',
  'nameAr',
  'descriptionEn',
  'descriptionAr',
  'status',
  'price',
  'brand',
  'vendor',
  'family',
  'taxClass',
  'categories',
  'images',
  'parentSku',
  'barcode',
  'stock',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** Encodings a CSV file may be read with (the detected one is chosen first). */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1256', 'windows-1252', 'iso-8859-6'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;

/** How rows find what they update: by SKU; variant rows by barcode (product rows then by SKU); or by an attribute. */
export const IMPORT_MATCH_BY = ['sku', 'barcode', 'attribute'] as const;
export const IMPORT_ACTIONS = ['create', 'update', 'both'] as const;
/** An empty cell leaves the value as it is, or clears it. */
export const IMPORT_EMPTY_CELLS = ['ignore', 'clear'] as const;
/** Products of the organization missing from a full file: kept, or archived (never deleted). */
export const IMPORT_MISSING = ['keep', 'archive'] as const;

/**
 * draft: uploaded, being mapped; validating: the dry run reads the whole file; validated: its results stand;
 * queued and running: the real run; completed, failed, cancelled: done. A running import whose worker stopped
 * answering is shown as stalled until a worker takes it up again from its last committed batch.
 */
export const IMPORT_STATES = ['draft', 'validating', 'validated', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error', 'skipped'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_PHASES = ['dry_run', 'run'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const IMPORT_LIMITS = {
  /** Largest upload. */
  fileBytes: 100 * 1024 * 1024,
  /** Uncompressed bytes a ZIP may expand to (a zip bomb stops here, or earlier at 100 times its own size). */
  expandedBytes: 1024 * 1024 * 1024,
  /** Longest accepted row, in characters; a longer one is an error row. */
  rowChars: 256 * 1024,
  columns: 500,
  profileName: 120,
  mapEntries: 200,
  /** Rows written per transaction. */
  batchRows: 500,
} as const;
