import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ReadPlan } from './rest.query.js';
import type { Reader, RestTable } from './rest.tables.js';

type Rows = { rows: Record<string, unknown>[] };

function conditions(table: RestTable, reader: Reader, plan: ReadPlan): SQL {
  const policy = reader.kind === 'service' ? sql`true` : table.readable(reader);
  return sql.join([policy, ...plan.where], sql` and `);
}

/**
 * The rows a reader may see that the plan asks for, as PostgreSQL's own JSON renders them (timestamps with their
 * offset, as PostgREST answers). Table and column names come from the fixed list in rest.tables.ts only.
 */
export async function readRows(db: DbOrTx, table: RestTable, reader: Reader, plan: ReadPlan): Promise<Record<string, unknown>[]> {
  const cols = sql.join(
    plan.columns.map((c) => sql`t.${sql.identifier(c)}`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    select coalesce(json_agg(r), '[]')::text as body from (
      select ${cols} from ${sql.identifier(table.name)} t
      where ${conditions(table, reader, plan)}
      ${plan.order ? sql`order by ${plan.order}` : sql``}
      limit ${plan.limit} offset ${plan.offset}
    ) r`)) as unknown as { rows: { body: string }[] };
  return JSON.parse(res.rows[0]!.body) as Record<string, unknown>[];
}

/** How many rows the reader may see that match the plan's filters (Prefer: count=exact). */
export async function countRows(db: DbOrTx, table: RestTable, reader: Reader, plan: ReadPlan): Promise<number> {
  const res = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table.name)} t where ${conditions(table, reader, plan)}`,
  )) as unknown as Rows;
  return Number(res.rows[0]!.n);
}
