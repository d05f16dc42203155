import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface ColumnInfo {
  name: string;
  /** pg_type name (int4, text, timestamptz, _text ...), as realtime-js expects in `columns`. */
  type: string;
}

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

/** The columns of a public table in order; empty when the table does not exist. */
export async function tableColumns(db: DbOrTx, table: string): Promise<ColumnInfo[]> {
  const res = await db.execute(sql`
    select a.attname as name, t.typname as type
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_type t on t.oid = a.atttypid
    where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
    order by a.attnum`);
  return rowsOf<ColumnInfo>(res).map((r) => ({ name: String(r.name), type: String(r.type) }));
}

/** A row as row_to_json renders it (the shape the NOTIFY trigger sends), or null when it is gone. */
export async function readRowById(db: DbOrTx, table: string, id: unknown): Promise<Record<string, unknown> | null> {
  const res = await db.execute(
    sql`select row_to_json(r) as row from ${sql.identifier('public')}.${sql.identifier(table)} r where r.id = ${id as string | number} limit 1`,
  );
  const row = rowsOf<{ row: unknown }>(res)[0]?.row;
  if (typeof row === 'string') return JSON.parse(row) as Record<string, unknown>;
  return row && typeof row === 'object' ? (row as Record<string, unknown>) : null;
}
