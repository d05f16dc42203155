import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/db/client.js';
import { organizations } from '../apps/server/src/db/schema/index.js';
import { bearer, createUser, tokenFor } from '../apps/server/test/factories.js';
import { testConfig } from '../apps/server/test/harness.js';
import { openBenchPostgres } from './lib/bench-db.js';
import { fmt, median } from './lib/load.js';
import { pgbench } from './lib/pgbench.js';

const LINES = Number(process.env.BENCH_SALE_LINES ?? 1_000_000);
const FIXTURE = `bench-sales-${LINES}-v1`;
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (v: unknown) => unknown };

/**
 * P9 (issue 17): sales by vendor by day over 1M sale lines. Fixture (built once, reused; database
 * `market_bench_pos`): one organization, 100 vendors, one register, 1,000,000 lines in 333,334 orders spread over
 * the 365 days before 2026-11-01, one return line in 50. The route: `GET /api/v1/pos/reports/sales?groupBy=day`
 * through the app in-process (`inject`, a manager's session), (a) one vendor over 90 days, (b) every vendor over
 * 30 days; each with its previous period, as users get it. The peer: the statements the route sent (recorded from
 * node-postgres while the route answered, parameters written in) run by pgbench with one client, as psql would.
 * p95 of each over the same number of runs, alternating; target route/SQL <= 1.5.
 */
export async function p9SalesReport(opts: { runs: number }): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-p9-'));
  const opened = await openBenchPostgres('market_bench_pos', 4);
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: opened.url }), database: opened.database, webDist: null });
  try {
    const db = app.ctx.db;
    const { orgId, vendorId } = await ensureSalesFixture(db);
    const auth = bearer(await tokenFor(app, await createUser(app, { orgId, role: 'vendor_manager' })));
    const cases = [
      { name: '(a) one vendor, 90 days', query: `from=2026-08-03&to=2026-10-31&groupBy=day&vendorId=${vendorId}` },
      { name: '(b) all vendors, 30 days', query: 'from=2026-10-02&to=2026-10-31&groupBy=day' },
      { name: '(c) by vendor, 30 days', query: 'from=2026-10-02&to=2026-10-31&groupBy=vendor' },
    ];
    for (const c of cases) {
      const get = async () => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/pos/reports/sales?${c.query}`, headers: auth });
        if (res.statusCode !== 200) throw new Error(`P9 ${c.name}: ${res.statusCode} ${res.body}`);
        return performance.now() - t0;
      };
      // The statements of one answer, recorded at the driver.
      const seen: { text: string; values: unknown[] }[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0] as string | { text: string; values?: unknown[] };
        const text = typeof q === 'string' ? q : q.text;
        if (/pos_order/.test(text)) {
          const values = (typeof q === 'string' ? undefined : q.values) ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
          seen.push({ text, values });
        }
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        await get();
      } finally {
        pg.Client.prototype.query = query;
      }
      const literal = (v: unknown) => {
        const p = prepareValue(v);
        return p === null ? 'null' : typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`;
      };
      const statements = seen.map((s) =>
        s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1])).replace(/\s+/g, ' '),
      );
      const route: number[] = [];
      const peer: number[] = [];
      await get();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < Math.ceil(opts.runs / 3); i++) route.push(await get());
        // pgbench runs the statements one after the other for as long as the route's runs took, one client.
        const seconds = Math.max(2, Math.ceil(route.slice(-Math.ceil(opts.runs / 3)).reduce((a, b) => a + b, 0) / 1000));
        const r = await pgbench(opened.url, [statements], seconds, 1);
        peer.push(r.p95);
      }
      const p95 = [...route].sort((a, b) => a - b)[Math.floor(route.length * 0.95)]!;
      const sqlP95 = median(peer);
      console.log(
        `P9 sales report ${c.name} over ${LINES.toLocaleString('en')} lines (postgres): route p95 ${fmt(p95, 1)} ms, ` +
          `the same ${statements.length} statements in pgbench p95 ${fmt(sqlP95, 1)} ms: ratio ${fmt(p95 / sqlP95)} (target <= 1.5)`,
      );
    }
  } finally {
    await app.close();
    await opened.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sales fixture (set-based inserts), built once and found again by its organization's slug. */
async function ensureSalesFixture(db: Db) {
  const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
  const found = rows(await db.execute(sql`select id from organizations where slug = ${FIXTURE}`))[0];
  if (!found) {
    const started = performance.now();
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Bench sales', slug: `${FIXTURE}-building`, currency: 'USD' })
      .returning();
    const orgId = org!.id;
    await db.execute(sql`insert into vendors (org_id, vendor_type, public_name)
      select ${orgId}, 'market', 'Vendor ' || g from generate_series(1, 100) g`);
    const [reg] = rows(await db.execute(sql`insert into pos_registers (org_id, name) values (${orgId}, 'Bench till') returning id`));
    const orders = Math.ceil(LINES / 3);
    await db.execute(sql`
      insert into pos_orders (id, org_id, kind, register_id, placement, receipt_number, request_hash, sold_at, subtotal, total, tax, vendor_ids, tenders)
      select gen_random_uuid(), ${orgId}, case when g % 50 = 0 then 'return' else 'sale' end, ${reg!.id}, 'held', lpad(g::text, 7, '0'), 'bench',
        timestamptz '2026-11-01' - (g::double precision / ${orders}) * interval '365 days', 3000, 3000, 300, '{}', '{cash}'
      from generate_series(1, ${orders}) g`);
    await db.execute(sql`
      with v as (select id, row_number() over (order by id) - 1 as k from vendors where org_id = ${orgId}),
      o as (select id, kind, sold_at, row_number() over (order by sold_at, id) as n from pos_orders where org_id = ${orgId})
      insert into pos_order_lines (org_id, order_id, line_no, sku, name_en, vendor_id, sold_at, kind, quantity, unit_price, list_price, total, tax, commission)
      select ${orgId}, o.id, l, 'SKU-' || ((o.n * 7 + l) % 5000), 'Item', v.id, o.sold_at, o.kind, 1, 1000, 1000, 1000, 91, 100
      from o cross join generate_series(1, 3) l join v on v.k = (o.n * 3 + l) % 100
      where (o.n - 1) * 3 + l <= ${LINES}`);
    await db.execute(sql`analyze pos_orders`);
    await db.execute(sql`analyze pos_order_lines`);
    await db.execute(sql`update organizations set slug = ${FIXTURE} where id = ${orgId}`);
    console.log(`P9 fixture: ${LINES.toLocaleString('en')} sale lines built in ${fmt((performance.now() - started) / 1000, 0)} s`);
  }
  const orgId = String(rows(await db.execute(sql`select id from organizations where slug = ${FIXTURE}`))[0]!.id);
  const vendorId = String(rows(await db.execute(sql`select id from vendors where org_id = ${orgId} order by id limit 1`))[0]!.id);
  return { orgId, vendorId };
}
