import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import type { Caller } from '../../apps/server/src/lib/api-route.js';
import { listProducts } from '../../apps/server/src/modules/products/product-list.service.js';
import { inlineSql, recordingDb } from './pgbench.js';

/**
 * The statements GET /api/v1/products?limit=50 runs for a computed page of the default sort, taken from
 * product-list.service.ts itself (a recording stand-in that passes each statement on to the database, since
 * the rows statement needs the id page's answer), parameters written in as literals for pgbench.
 */
export async function productPageSql(db: Db, orgId: string, limit = 50): Promise<string[]> {
  const { db: recorder, seen } = recordingDb(db);
  const page = await listProducts(recorder, { orgId } as Caller, { limit });
  if (page.items.length !== limit) throw new Error(`product page gave ${page.items.length} items, expected ${limit}`);
  return inlineSql(seen);
}

/**
 * The one-table peer: the same page (limit + 1 rows, as the route asks for, default sort) read from
 * `products` alone with the columns of its own that the list shows, through the same index as the route's id page.
 */
export function oneTablePageSql(orgId: string, limit = 50): string {
  return `select p.id, p.sku, p.name_en, p.name_ar, p.status, p.price_minor, p.completeness_score, p.created_at, p.updated_at, p.brand_id, p.vendor_id, p.family_id, p.category_ids from products p where p.org_id = '${orgId.replace(/'/g, "''")}' order by p.updated_at desc, p.id desc limit ${limit + 1}`;
}

/** The index names in a statement's plan (EXPLAIN, no ANALYZE), to check that both read through the same index. */
export async function planIndexes(db: Db, statement: string): Promise<string[]> {
  const res = await db.execute(sql.raw(`explain (format json) ${statement}`));
  const plan = JSON.stringify((res as unknown as { rows: unknown[] }).rows);
  return [...new Set([...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]!))];
}
