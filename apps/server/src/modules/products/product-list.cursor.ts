import type { productsRoutes as c } from '@market/contracts';
import { invalid } from '../../lib/errors.js';

/** What each sort orders by: the column, its kind, and the direction (the id breaks ties the same way). */
export const SORT_KEYS = {
  updated_desc: { key: 'updatedAt', kind: 'time', dir: 'desc' },
  updated_asc: { key: 'updatedAt', kind: 'time', dir: 'asc' },
  created_desc: { key: 'createdAt', kind: 'time', dir: 'desc' },
  name_asc: { key: 'nameEn', kind: 'text', dir: 'asc' },
  name_desc: { key: 'nameEn', kind: 'text', dir: 'desc' },
  sku_asc: { key: 'sku', kind: 'text', dir: 'asc' },
  price_asc: { key: 'priceMinor', kind: 'int', dir: 'asc' },
  price_desc: { key: 'priceMinor', kind: 'int', dir: 'desc' },
  completeness_asc: { key: 'completenessScore', kind: 'int', dir: 'asc' },
  completeness_desc: { key: 'completenessScore', kind: 'int', dir: 'desc' },
} as const satisfies Record<c.ProductSort, { key: string; kind: 'time' | 'text' | 'int'; dir: 'asc' | 'desc' }>;

export type SortValue = string | number;
export interface CursorRow {
  id: string;
  updatedAt?: string | Date;
  createdAt?: string | Date;
  nameEn?: string;
  sku?: string;
  priceMinor?: number;
  completenessScore?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cursor after `row` in the order of `sort`: base64url of JSON [sortValue, id]. Timestamps should be
 * given at the database's microsecond precision (the list does); an ISO string of a Date works when the
 * stored values have millisecond precision. The SKU sort compares lower(sku) (its unique index).
 */
export function encodeProductCursor(sort: c.ProductSort, row: CursorRow): string {
  const s = SORT_KEYS[sort];
  let v = row[s.key as keyof CursorRow] as SortValue | Date | undefined;
  if (v instanceof Date) v = v.toISOString();
  if (v === undefined) throw new Error(`row has no ${s.key} for sort ${sort}`);
  if (sort === 'sku_asc') v = String(v).toLowerCase();
  return Buffer.from(JSON.stringify([v, row.id]), 'utf8').toString('base64url');
}

/** The [sortValue, id] of a cursor, checked against the sort; a cursor of another sort or a made-up one is a 422. */
export function decodeProductCursor(sort: c.ProductSort, cursor: string): [SortValue, string] {
  const bad = () => invalid('query.cursor', 'is not a cursor from this list (start again from the first page)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [v, id] = parsed as [unknown, unknown];
  if (typeof id !== 'string' || !UUID.test(id)) throw bad();
  const kind = SORT_KEYS[sort].kind;
  if (kind === 'int') {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw bad();
  } else if (kind === 'time') {
    if (
      typeof v !== 'string' ||
      v.length > 40 ||
      !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/.test(v) ||
      Number.isNaN(Date.parse(v.replace(' ', 'T')))
    )
      throw bad();
  } else if (typeof v !== 'string' || v.length > 400 || v.includes('\u0000')) throw bad();
  return [v as SortValue, id.toLowerCase()];
}
