import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.js';

type Rows = { rows: Record<string, unknown>[] };
interface PgLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<Rows>;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<Rows>;
}

/** The driver's own client under a database or transaction handle of drizzle (node-postgres or PGlite). */
function clientOf(db: DbOrTx): PgLike | PgliteLike {
  const handle = db as unknown as { session?: { client?: unknown }; $client?: unknown };
  const client = handle.session?.client ?? handle.$client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function')
    throw new Error('hotRows: no driver client under this handle');
  return client as PgLike | PgliteLike;
}

/** node-postgres's pool and clients (a transaction's is a pool client) take a config object with a statement name. */
const isPg = (c: PgLike | PgliteLike): c is PgLike => c instanceof pg.Pool || c instanceof pg.Client;

/**
 * Runs one statement of a hot path (decision 018: the register's sale) from fixed text, without building it with
 * drizzle for every call: on PostgreSQL as a named statement, parsed and planned once per connection; on PGlite as
 * its extended-protocol query. Values are bound as parameters (never written into the text). Rows come back as the
 * driver gives them: numbers of `bigint` columns may be strings, so callers read them with Number().
 */
export async function hotRows<T = Record<string, unknown>>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  const res = isPg(client) ? await client.query({ name, text, values }) : await client.query(text, values);
  return res.rows as T[];
}

const dialect = new PgDialect();
/** Statement names by text, hashed once per process and text (not per call). */
const names = new Map<string, string>();

/**
 * A statement built with drizzle's `sql` whose shape comes from a few choices (a report's grouping and filters),
 * run as `hotRows` does: on PostgreSQL as a named statement per distinct text, so repeated reports are planned once
 * per connection. Use it only where the text takes few shapes: each shape holds a prepared statement per connection.
 */
export function hotSql<T = Record<string, unknown>>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = names.get(text);
  if (!name) names.set(text, (name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return hotRows<T>(db, name, text, params);
}
