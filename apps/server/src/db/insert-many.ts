import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/*
 * Many rows in one statement with one parameter: the rows as a JSON array, read back by
 * `jsonb_populate_recordset` into the table's own row type. Drizzle's `insert().values()` builds a parameter (and
 * checks its type) per cell, which took more time than PostgreSQL's insert itself for a thousand-row batch of
 * products (measured with the import's profile); this costs one JSON.stringify. The column list is the columns the
 * rows give, so the others take their defaults, as with drizzle. Rows are expected to give the same columns.
 */

/** A cell as JSON: JSON and array columns keep their value (PostgreSQL reads a JSON array as an array), the rest as drizzle would send it. */
const KEEP = new Set(['PgJsonb', 'PgJson', 'PgArray']);
const asJson = (column: Column, value: unknown) =>
  value === undefined || value === null || KEEP.has(column.columnType) ? value : column.mapToDriverValue(value);

/** The rows as the JSON text `jsonb_populate_recordset` reads, with the columns they give (by property name). */
function recordset(table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = getTableColumns(table) as Record<string, Column>;
  const given = Object.keys(columns).filter((k) => rows.some((r) => r[k] !== undefined));
  const json = JSON.stringify(
    rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const k of given) out[columns[k]!.name] = asJson(columns[k]!, r[k]);
      return out;
    }),
  );
  return { columns, given, json, name: sql.identifier(getTableName(table)) };
}

export async function insertMany<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  opts: { returning?: readonly K[]; onConflict?: SQL } = {},
): Promise<Pick<T['$inferSelect'], K>[]> {
  const returning = opts.returning ?? [];
  if (!rows.length) return [];
  const { columns, given, json, name } = recordset(table, rows);
  const list = sql.join(
    given.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const back = returning.length
    ? sql` returning ${sql.join(
        returning.map((k) => sql`${sql.identifier(columns[k]!.name)} as ${sql.identifier(k)}`),
        sql`, `,
      )}`
    : sql``;
  const res = (await db.execute(
    sql`insert into ${name} (${list}) select ${list} from jsonb_populate_recordset(null::${name}, ${json}::jsonb)${opts.onConflict ? sql` on conflict ${opts.onConflict}` : sql``}${back}`,
  )) as unknown as { rows: Pick<T['$inferSelect'], K>[] };
  return res.rows;
}

/**
 * Many rows updated in one statement, as insertMany inserts them: each row gives its key columns and the columns to
 * set, read back by `jsonb_populate_recordset`. Rows are expected to give the same columns, and a key once.
 */
export async function updateMany<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: DbOrTx,
  table: T,
  keys: readonly (keyof T['$inferSelect'] & string)[],
  rows: readonly Partial<T['$inferInsert']>[],
  opts: { returning?: readonly K[] } = {},
): Promise<Pick<T['$inferSelect'], K>[]> {
  const returning = opts.returning ?? [];
  if (!rows.length) return [];
  const { columns, given, json, name } = recordset(table, rows);
  const col = (k: string) => sql.identifier(columns[k]!.name);
  const set = sql.join(
    given.filter((k) => !keys.includes(k as never)).map((k) => sql`${col(k)} = x.${col(k)}`),
    sql`, `,
  );
  const match = sql.join(
    keys.map((k) => sql`t.${col(k)} = x.${col(k)}`),
    sql` and `,
  );
  const back = returning.length
    ? sql` returning ${sql.join(
        returning.map((k) => sql`t.${col(k)} as ${sql.identifier(k)}`),
        sql`, `,
      )}`
    : sql``;
  const res = (await db.execute(
    sql`update ${name} as t set ${set} from jsonb_populate_recordset(null::${name}, ${json}::jsonb) as x where ${match}${back}`,
  )) as unknown as { rows: Pick<T['$inferSelect'], K>[] };
  return res.rows;
}
