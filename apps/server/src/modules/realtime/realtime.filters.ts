import type { RealtimeRow } from './realtime.policies.js';

/** The operators Supabase Realtime accepts in a postgres_changes filter (`column=op.value`). */
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface RowFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const FILTER_RE = /^([a-z_][a-z0-9_]{0,62})=(eq|neq|lt|lte|gt|gte|in)\.([\s\S]*)$/;
const MAX_FILTER_LENGTH = 1000;
const MAX_IN_VALUES = 100;

/** Parses `column=op.value`; `in.(a,b,"c,d")` takes up to 100 values. Returns a message on error. */
export function parseFilter(text: string): RowFilter | { error: string } {
  if (text.length > MAX_FILTER_LENGTH) return { error: 'filter is too long' };
  const m = FILTER_RE.exec(text);
  if (!m) return { error: `invalid filter "${text}": expected column=op.value with op one of eq, neq, lt, lte, gt, gte, in` };
  const column = m[1]!;
  const op = m[2] as FilterOp;
  const raw = m[3]!;
  if (op !== 'in') return { column, op, values: [raw] };
  if (!raw.startsWith('(') || !raw.endsWith(')')) return { error: `invalid filter "${text}": in expects a list like in.(a,b)` };
  const values = splitList(raw.slice(1, -1));
  if (values.length === 0 || values.length > MAX_IN_VALUES)
    return { error: `invalid filter "${text}": in takes 1 to ${MAX_IN_VALUES} values` };
  return { column, op, values };
}

function splitList(inner: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && quoted && i + 1 < inner.length) cur += inner[++i];
    else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (inner.trim() !== '') out.push(cur.trim());
  return out;
}

/** Compares like PostgreSQL would once the filter value is cast to the column's type: numbers as numbers, the rest as text. */
function compare(cell: unknown, value: string): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') {
    const n = Number(value);
    if (value.trim() === '' || Number.isNaN(n)) return null;
    return cell === n ? 0 : cell < n ? -1 : 1;
  }
  if (typeof cell === 'boolean') {
    const b = value === 'true' || value === 't' ? true : value === 'false' || value === 'f' ? false : null;
    if (b === null) return null;
    return cell === b ? 0 : cell ? 1 : -1;
  }
  const s = typeof cell === 'string' ? cell : JSON.stringify(cell);
  return s === value ? 0 : s < value ? -1 : 1;
}

/** SQL semantics: a NULL cell or a value that does not fit the column matches nothing, not even neq. */
export function matchesFilter(filter: RowFilter, row: RealtimeRow): boolean {
  const cell = row[filter.column];
  if (filter.op === 'in') return filter.values.some((v) => compare(cell, v) === 0);
  const c = compare(cell, filter.values[0]!);
  if (c === null) return false;
  switch (filter.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}
