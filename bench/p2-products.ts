import Fastify from 'fastify';
import type { Db, Driver } from '../apps/server/src/db/client.js';
import { fmt, median, runLoad, type LoadResult } from './lib/load.js';
import { pgbench, type PgbenchResult } from './lib/pgbench.js';
import { oneTablePageSql, planIndexes, productPageSql } from './lib/product-page-sql.js';
import { auth, computed, productsApp, spread } from './lib/products-app.js';

/**
 * P2: GET /api/v1/products?limit=50 (the real route, a product_team member's session, first page of the
 * default sort over the 1M-product fixture) against a bare Fastify route serving the same JSON bytes
 * from memory, alternating A/B: requests/s ratio (target >= 0.25) and p99 ratio (target <= 4).
 * Measured twice: as users get it (the page from the catalogue cache between writes, decision 007),
 * and with `Cache-Control: no-cache`, every page computed by its queries.
 * On PostgreSQL the computed page also has two pgbench peers in the same rounds, at the same client count
 * (issue 15): (a) the route's own statements for that page, and (b) the page read from `products` alone
 * through the same index: req/s route / tps (targets >= 0.5 and >= 0.25).
 */
export async function p2(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const p = await productsApp(driver);
    const route = `${p.url}/api/v1/products?limit=50`;
    const res = await fetch(route, { headers: auth(p) });
    if (!res.ok) throw new Error(`products list answered ${res.status}: ${await res.text()}`);
    const body = await res.text();
    const items = (JSON.parse(body) as { items: unknown[] }).items.length;
    if (items !== 50) throw new Error(`products list gave ${items} items, expected 50`);
    const bare = Fastify();
    bare.get('/products', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/products`;
    const peers = p.databaseUrl ? await sqlPeers(p.database.db, p.fixture.orgId) : null;
    try {
      for (const [label, headers] of [
        ['cached page', auth(p)],
        ['every page computed', computed(p)],
      ] as const) {
        await runLoad({ url: route, duration: 2, connections: opts.connections, headers });
        await runLoad({ url: bareUrl, duration: 2, connections: opts.connections });
        const rpsRatio: number[] = [];
        const p99Ratio: number[] = [];
        const full: { rps: number; p99: number }[] = [];
        const base: { rps: number; p99: number }[] = [];
        const withPeers = peers && label === 'every page computed' ? peers : null;
        const routeSqlRuns: PgbenchResult[] = [];
        const oneTableRuns: PgbenchResult[] = [];
        for (let i = 0; i < opts.rounds; i++) {
          const a = await runLoad({ url: route, duration: opts.duration, connections: opts.connections, headers });
          const b = await runLoad({ url: bareUrl, duration: opts.duration, connections: opts.connections });
          if (a.errors || a.non2xx) throw new Error(`products list answered errors: ${JSON.stringify(a)}`);
          full.push(a);
          base.push(b);
          rpsRatio.push(a.rps / b.rps);
          p99Ratio.push(a.p99 / Math.max(1, b.p99));
          if (withPeers) {
            routeSqlRuns.push(await pgbench(p.databaseUrl!, [withPeers.routeSql], opts.duration, opts.connections));
            oneTableRuns.push(await pgbench(p.databaseUrl!, [[withPeers.oneTable]], opts.duration, opts.connections));
          }
        }
        console.log(
          `P2 products page of 50 over ${p.fixture.products.toLocaleString('en')} (${driver}, ${label}): req/s route/bare = ${fmt(median(rpsRatio), 3)} (spread ${spread(rpsRatio, 3)}; ` +
            `route ${fmt(median(full.map((x) => x.rps)), 0)} req/s vs bare ${fmt(median(base.map((x) => x.rps)), 0)} req/s; target >= 0.25), ` +
            `p99 route/bare = ${fmt(median(p99Ratio))} (spread ${spread(p99Ratio)}; route p99 ${median(full.map((x) => x.p99))} ms vs bare ${median(base.map((x) => x.p99))} ms; target <= 4), ` +
            `${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections, ${body.length} bytes`,
        );
        if (withPeers) printPeers(withPeers, full, base, routeSqlRuns, oneTableRuns, opts.connections);
      }
    } finally {
      await bare.close();
    }
  }
}

interface SqlPeers {
  routeSql: string[];
  oneTable: string;
  routeIndexes: string[];
  oneTableIndexes: string[];
}

/** The two pgbench peers of the computed page, and the indexes their plans read (checked to include the route's id-page index). */
async function sqlPeers(db: Db, orgId: string): Promise<SqlPeers> {
  const routeSql = await productPageSql(db, orgId);
  const oneTable = oneTablePageSql(orgId);
  const routeIndexes = await planIndexes(db, routeSql[0]!);
  const oneTableIndexes = await planIndexes(db, oneTable);
  if (!routeIndexes.some((i) => oneTableIndexes.includes(i)))
    throw new Error(`one-table peer reads ${oneTableIndexes.join(',')}, the route's id page ${routeIndexes.join(',')}`);
  return { routeSql, oneTable, routeIndexes, oneTableIndexes };
}

function printPeers(
  peers: SqlPeers,
  full: Pick<LoadResult, 'rps' | 'p99'>[],
  base: Pick<LoadResult, 'rps' | 'p99'>[],
  routeSql: PgbenchResult[],
  oneTable: PgbenchResult[],
  clients: number,
): void {
  // Round i of the route against round i of each peer (run right after it), then the median of the ratios.
  const vsRouteSql = full.map((a, i) => a.rps / routeSql[i]!.tps);
  const vsOneTable = full.map((a, i) => a.rps / oneTable[i]!.tps);
  const p99Bare = full.map((a, i) => a.p99 / Math.max(1, base[i]!.p99));
  const tps = (xs: PgbenchResult[]) =>
    `${fmt(median(xs.map((x) => x.tps)), 0)} tps (spread ${spread(
      xs.map((x) => x.tps),
      0,
    )}), p99 ${fmt(median(xs.map((x) => x.p99)), 1)} ms`;
  console.log(
    `P2 computed page vs pgbench, ${clients} clients, same rounds: route ${fmt(median(full.map((x) => x.rps)), 0)} req/s, p99 ${median(full.map((x) => x.p99))} ms; ` +
      `(a) the route's ${peers.routeSql.length} statements: ${tps(routeSql)}; (b) one table (products via ${peers.oneTableIndexes.join(',')}): ${tps(oneTable)}; ` +
      `route/(a) = ${fmt(median(vsRouteSql), 3)} (spread ${spread(vsRouteSql, 3)}; target >= 0.5), route/(b) = ${fmt(median(vsOneTable), 3)} (spread ${spread(vsOneTable, 3)}; target >= 0.25), ` +
      `p99 route/bare = ${fmt(median(p99Bare))} (target <= 4)`,
  );
}
