import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/*
 * Planner statistics after bulk work. PostgreSQL's autovacuum analyzes a table once enough of it changed; embedded
 * PGlite runs no autovacuum and keeps no change counters, so its tables keep the statistics of their last ANALYZE,
 * or none. Measured on PGlite after importing 20,000 products: a searched product page 25-30 ms before ANALYZE,
 * 5-13 ms after. So the work that changes many rows at once (an import run, a publish) analyzes the tables it wrote,
 * on either driver; an import run also analyzes what its batches' look-ups read each time its written rows double (they
 * were otherwise planned for tables a fraction the size: on PGlite always, and on PostgreSQL whenever autovacuum has
 * not caught up);
 * and an embedded database analyzes at start the tables that never were.
 */

/** Work below this many rows leaves the statistics to autovacuum (or to the next bulk run). */
export const STATISTICS_AFTER_ROWS = 1000;

/**
 * A table to analyze, or some of its columns. Naming the columns a query filters on is far cheaper for a wide table:
 * every column's statistics cost the sampled rows' values (read, and detoasted when large). The row count (reltuples)
 * is refreshed either way.
 */
export type StatisticsTarget = string | { table: string; columns: readonly string[] };

export async function refreshStatistics(db: DbOrTx, targets: readonly StatisticsTarget[]): Promise<void> {
  if (!targets.length) return;
  const one = (t: StatisticsTarget) =>
    typeof t === 'string'
      ? sql.identifier(t)
      : sql`${sql.identifier(t.table)} (${sql.join(
          t.columns.map((c) => sql.identifier(c)),
          sql`, `,
        )})`;
  await db.execute(sql`analyze ${sql.join(targets.map(one), sql`, `)}`);
}

/** Analyzes the tables of the public schema that have never been analyzed (an embedded database at start). */
export async function analyzeNeverAnalyzed(db: DbOrTx): Promise<string[]> {
  const res = (await db.execute(sql`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.reltuples < 0
    order by c.relname`)) as unknown as { rows: { name: string }[] };
  const tables = res.rows.map((r) => r.name);
  await refreshStatistics(db, tables);
  return tables;
}
