import { sql, type SQL } from 'drizzle-orm';
import { columnNotFound, invalidValue, parseError, RestError } from './rest.errors.js';
import type { ColumnType, RestTable } from './rest.tables.js';

/** At most this many rows per response, as a Supabase project's default `max_rows`; the caller pages with limit/offset. */
export const MAX_ROWS = 1000;

/** Query parameters that are not column filters (PostgREST's reserved names we serve). */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const UNSUPPORTED = new Set(['or', 'and', 'not']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^-?\d{1,10}$/;
const CASTS: Record<ColumnType, string> = { uuid: 'uuid', text: 'text', bool: 'boolean', int: 'integer', timestamptz: 'timestamptz' };
const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export interface ReadPlan {
  columns: string[];
  where: SQL[];
  order: SQL | null;
  limit: number;
  offset: number;
}

type Query = Record<string, string | string[] | undefined>;

const values = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function single(query: Query, name: string): string | undefined {
  const all = values(query[name]);
  if (all.length > 1) throw parseError(`"${name}" is given more than once`);
  return all[0];
}

function column(table: RestTable, name: string): ColumnType {
  const type = table.columns[name];
  if (!type) throw columnNotFound(table.name, name);
  return type;
}

/** A filter value checked against its column's type and cast to it, so PostgreSQL never sees a value it rejects. */
function typed(type: ColumnType, raw: string): SQL {
  let value: string = raw;
  if (type === 'uuid' && !UUID.test(raw)) throw invalidValue('uuid', raw);
  if (type === 'bool') {
    if (raw !== 'true' && raw !== 'false') throw invalidValue('boolean', raw);
  }
  if (type === 'int' && (!INT.test(raw) || Math.abs(Number(raw)) > 2_147_483_647)) throw invalidValue('integer', raw);
  if (type === 'timestamptz') {
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) throw invalidValue('timestamp with time zone', raw);
    value = new Date(ms).toISOString();
  }
  if (raw.includes('\u0000')) throw invalidValue(CASTS[type], raw);
  return sql`${value}::${sql.raw(CASTS[type])}`;
}

/** The items of `in.(a,b,"c,d")`: comma-separated, double quotes around an item that holds a comma or a quote. */
export function listItems(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`"in" needs a list in parentheses: ${raw.slice(0, 80)}`);
  const body = raw.slice(1, -1);
  const items: string[] = [];
  let i = 0;
  if (body === '') return items;
  while (i <= body.length) {
    if (body[i] === '"') {
      let item = '';
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\' && i + 1 < body.length) i++;
        item += body[i];
        i++;
      }
      if (i >= body.length) throw parseError('an unterminated quote in an "in" list');
      i++;
      if (i < body.length && body[i] !== ',') throw parseError('a quoted "in" item must be followed by a comma');
      items.push(item);
    } else {
      const end = body.indexOf(',', i);
      items.push((end === -1 ? body.slice(i) : body.slice(i, end)).trim());
      if (end === -1) break;
      i = end;
    }
    i++;
  }
  if (items.length > 1000) throw parseError('an "in" list holds at most 1000 items');
  return items;
}

function filter(table: RestTable, name: string, expr: string): SQL {
  const type = column(table, name);
  const col = sql`t.${sql.identifier(name)}`;
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot === -1)
    throw parseError(`"failed to parse filter (${expr.slice(0, 80)})"`, 'An operator and a value are needed: column=op.value');
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  let cond: SQL;
  if (COMPARE[op]) cond = sql`${col} ${sql.raw(COMPARE[op])} ${typed(type, raw)}`;
  else if (op === 'like' || op === 'ilike') {
    if (type !== 'text') throw new RestError(400, '42883', `operator does not exist: ${CASTS[type]} ~~ unknown`);
    if (raw.includes('\u0000')) throw invalidValue('text', raw);
    // PostgREST's `*` stands for `%` (a `%` in a URL would need escaping).
    cond = sql`${col} ${sql.raw(op === 'like' ? 'like' : 'ilike')} ${raw.replaceAll('*', '%')}`;
  } else if (op === 'is') {
    const lower = raw.toLowerCase();
    if (lower === 'null') cond = sql`${col} is null`;
    else if (type === 'bool' && (lower === 'true' || lower === 'false' || lower === 'unknown')) cond = sql`${col} is ${sql.raw(lower)}`;
    else throw parseError(`"is" takes null, true, false or unknown, not ${raw.slice(0, 40)}`);
  } else if (op === 'in') {
    const items = listItems(raw);
    cond = items.length
      ? sql`${col} in (${sql.join(
          items.map((v) => typed(type, v)),
          sql`, `,
        )})`
      : sql`false`;
  } else
    throw parseError(
      `the operator "${op.slice(0, 20)}" is not offered here`,
      'Offered: eq, neq, gt, gte, lt, lte, like, ilike, is, in, and not.',
    );
  return negate ? sql`not (${cond})` : cond;
}

function order(table: RestTable, raw: string): SQL {
  const terms = raw.split(',').map((term) => {
    const [name = '', ...mods] = term.trim().split('.');
    column(table, name);
    let dir = 'asc';
    let nulls = '';
    for (const m of mods) {
      if (m === 'asc' || m === 'desc') dir = m;
      else if (m === 'nullsfirst') nulls = ' nulls first';
      else if (m === 'nullslast') nulls = ' nulls last';
      else throw parseError(`"failed to parse order (${raw.slice(0, 80)})"`, `Unknown modifier ${m.slice(0, 20)}`);
    }
    return sql`t.${sql.identifier(name)} ${sql.raw(dir + nulls)}`;
  });
  return sql.join(terms, sql`, `);
}

function count(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw parseError(`"${name}" must be a whole number, not ${raw.slice(0, 20)}`);
  return Math.min(Number(raw), max);
}

/** The columns a `select` names: `*` or plain column names (no embedding, aliases or casts here). */
export function selectedColumns(table: RestTable, raw: string | undefined): string[] {
  const all = Object.keys(table.columns);
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return all;
  const names = raw.split(',').map((s) => s.trim());
  const out: string[] = [];
  for (const name of names) {
    if (name === '*') out.push(...all);
    else if (!/^[a-z_][a-z0-9_]*$/.test(name))
      throw parseError(`"failed to parse select parameter (${raw.slice(0, 80)})"`, 'Only column names and * are offered here');
    else {
      column(table, name);
      out.push(name);
    }
  }
  return [...new Set(out)];
}

/** A read of `table` as the query string asks it, every name checked against the table and every value typed. */
export function readPlan(table: RestTable, query: Query): ReadPlan {
  const where: SQL[] = [];
  for (const [name, v] of Object.entries(query)) {
    if (RESERVED.has(name)) continue;
    if (UNSUPPORTED.has(name)) throw parseError(`"${name}" filters are not offered here`, 'Combine filters on columns instead');
    for (const expr of values(v)) where.push(filter(table, name, expr));
  }
  const orderRaw = single(query, 'order');
  return {
    columns: selectedColumns(table, single(query, 'select')),
    where,
    order: orderRaw ? order(table, orderRaw) : null,
    limit: count('limit', single(query, 'limit'), table.maxRows ?? MAX_ROWS, table.maxRows ?? MAX_ROWS),
    offset: count('offset', single(query, 'offset'), 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The Prefer header's settings, as PostgREST reads them. */
export function preferences(header: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of values(header).join(',').split(',')) {
    const [k, v] = part.trim().split('=');
    if (k && v) out.set(k.trim(), v.trim());
  }
  return out;
}
