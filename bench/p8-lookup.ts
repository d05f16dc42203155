import { sql } from 'drizzle-orm';
import { lookupRows } from '../apps/server/src/modules/pos/pos-catalogue.service.js';
import { createUser, tokenFor } from '../apps/server/test/factories.js';
import { fmt, median } from './lib/load.js';
import { inlineSql, recordingDb } from './lib/pgbench.js';
import { productsApp, routeVsPgbench, spread } from './lib/products-app.js';
import { SEARCH_TERMS } from './p4-search.js';

/** A barcode the bench gives one variant of the fixture (the fixture's variants have none), scanned like a till. */
const BARCODE = '6281000000017';

/**
 * P8-lookup: the register's product lookup (GET /api/v1/pos/registers/:id/lookup) over the 1M-product fixture
 * as a cashier (vendor_manager) at a register of the fixture's organization: a scanned barcode, product and
 * variant SKUs typed in any case, a two-letter term (SKU match only) and P4's name terms in English and Arabic,
 * cycled: p95 (issue 17: under 50 ms on the server), per-term p95; peer: pgbench running the route's
 * statements for the same terms (the register's own read and the statements `lookupRows` of pos-catalogue.service.ts sent for that term,
 * parameters written in) at the same client count, alternating A/B per round: p95 ratio route / SQL.
 */
export async function p8Lookup(opts: { rounds: number; duration: number; connections: number }): Promise<void> {
  const p = await productsApp('postgres');
  if (!p.databaseUrl) throw new Error('P8-lookup needs PostgreSQL');
  const orgId = p.fixture.orgId;
  const cashier = await createUser(p.app, { orgId, role: 'vendor_manager' });
  const headers = { authorization: `Bearer ${await tokenFor(p.app, cashier)}` };
  const made = await fetch(`${p.url}/api/v1/pos/registers`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench till ${Date.now()}` }),
  });
  if (!made.ok) throw new Error(`register: ${made.status} ${await made.text()}`);
  const register = (await made.json()) as { id: string };

  const db = p.app.ctx.db;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const [variant] = await rows<{
    id: string;
    sku: string;
  }>(sql`select v.id, v.sku from product_variants v join products p on p.id = v.product_id
      where v.org_id = ${orgId} and p.status = 'active' order by v.sku offset 5000 limit 1`);
  await db.execute(
    sql`update product_variants set barcode = null where org_id = ${orgId} and barcode = ${BARCODE} and id <> ${variant!.id}`,
  );
  await db.execute(sql`update product_variants set barcode = ${BARCODE} where id = ${variant!.id}`);
  const [product] = await rows<{ sku: string }>(
    sql`select sku from products where org_id = ${orgId} and status = 'active' order by sku offset 400000 limit 1`,
  );
  const terms = [BARCODE, product!.sku, product!.sku.toLowerCase(), variant!.sku, 'sk', ...SEARCH_TERMS];
  const url = (t: string) => `${p.url}/api/v1/pos/registers/${register.id}/lookup?q=${encodeURIComponent(t)}`;
  const urls = terms.map(url);
  const hits: string[] = [];
  for (const t of terms) {
    const res = await fetch(url(t), { headers });
    if (!res.ok) throw new Error(`lookup ${t} answered ${res.status}`);
    hits.push(`${t} ${((await res.json()) as unknown[]).length}`);
  }
  const registerRead = `select * from pos_registers where org_id = '${orgId}' and id = '${register.id}'`;
  // The statements the route sends for each term (the name search only when nothing matched exactly).
  const scripts: string[][] = [];
  for (const t of terms) {
    const { db: recorder, seen } = recordingDb(db);
    await lookupRows(recorder, orgId, t);
    scripts.push([registerRead, ...inlineSql(seen)]);
  }

  const m = await routeVsPgbench({ urls, terms, scripts, headers, databaseUrl: p.databaseUrl, ...opts });
  console.log(
    `P8-lookup GET /api/v1/pos/registers/:id/lookup over ${p.fixture.products.toLocaleString('en')} products (cashier): p95 = ${fmt(median(m.routeP95), 1)} ms ` +
      `(spread ${spread(m.routeP95, 1)}; p50 ${fmt(median(m.routeP50), 1)} ms; ${terms.length} terms cycled, ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections; target < 50 ms)`,
  );
  console.log(
    `P8-lookup peer: pgbench running the route's 2-3 statements per term, same clients: p95 = ${fmt(median(m.sqlP95), 1)} ms (spread ${spread(m.sqlP95, 1)}); ` +
      `route / SQL p95 = ${fmt(median(m.ratios), 2)}x (spread ${spread(m.ratios, 2)})`,
  );
  console.log(`P8-lookup per-term route p95 ms: ${m.perTerm.join(', ')} | items: ${hits.join(', ')}`);
}
