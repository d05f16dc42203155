import { productsRoutes as r } from '@market/contracts';
import Fastify from 'fastify';
import { DEFAULT_POOL_SIZE, type Driver } from '../apps/server/src/db/client.js';
import { fmt, median, runLoad, type LoadResult } from './lib/load.js';
import { pgbench, type PgbenchResult } from './lib/pgbench.js';
import { pagePeers, type PagePeers } from './lib/product-page-sql.js';
import { startBareSqlServer, type ServerProcess } from './lib/server-process.js';
import { auth, computed, productionProductsApp, productsApp, spread, type ProductsApp } from './lib/products-app.js';
import { p5Filters } from './p5-filters.js';

/**
 * P2: GET /api/v1/products?limit=50 (the real route, a product_team member's session, first page of the
 * default sort over the 1M-product fixture) against a bare Fastify route serving the same JSON bytes
 * from memory, alternating A/B: requests/s ratio (target >= 0.25) and p99 ratio (target <= 4).
 * Measured twice: as users get it (the page from the catalogue cache between writes, decision 007),
 * and with `Cache-Control: no-cache`, every page computed by its queries.
 * On PostgreSQL the computed page also has two pgbench peers in the same rounds, at the same client count
 * (issue 15): (a) the route's own statements for that page, and (b) the page read from `products` alone
 * through the same index: req/s route / tps (targets >= 0.5 and >= 0.25); the floor (a bare route running the
 * route's own statements, `floorServer`) in the same rounds; both peers once more with `-M prepared` (context
 * only); and the same comparison for each of P5's filters.
 */
export async function p2(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const app = await productsApp(driver);
    // PostgreSQL: the route as users get it, from the production server in its own process on the fixture's
    // database; PGlite's fixture lives in the bench's own process, so there the route is the bench's app.
    const p = app.databaseUrl ? await productionProductsApp(app) : app;
    const route = `${p.url}/api/v1/products?limit=50`;
    const body = await pageBody(p, route);
    // PostgreSQL: each P5 filter's page, with its peers, and its JSON for the bare route (registered before it listens).
    const filters = p.databaseUrl ? await filterPages(p) : [];
    const bare = Fastify();
    bare.get('/products', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    bare.get<{ Params: { i: string } }>('/filtered/:i', (req, reply) =>
      reply.type('application/json; charset=utf-8').send(filters[Number(req.params.i)]!.body),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
    const bareUrl = `${bareBase}/products`;
    const peers = p.databaseUrl ? await pagePeers(p.database.db, p.fixture.orgId) : null;
    const floor = peers ? await floorServer(p, peers, body, filters) : null;
    try {
      for (const [label, headers] of [
        ['cached page', auth(p)],
        ['every page computed', computed(p)],
      ] as const) {
        await runLoad({ url: route, duration: 2, connections: opts.connections, headers });
        await runLoad({ url: bareUrl, duration: 2, connections: opts.connections });
        if (floor && label === 'every page computed') await floorLoad(`${floor.url}/products`, 2, opts.connections);
        const rpsRatio: number[] = [];
        const p99Ratio: number[] = [];
        const full: { rps: number; p99: number }[] = [];
        const base: { rps: number; p99: number }[] = [];
        const withPeers = peers && label === 'every page computed' ? peers : null;
        const routeSqlRuns: PgbenchResult[] = [];
        const oneTableRuns: PgbenchResult[] = [];
        const floorRuns: LoadResult[] = [];
        for (let i = 0; i < opts.rounds; i++) {
          const a = await runLoad({ url: route, duration: opts.duration, connections: opts.connections, headers });
          const b = await runLoad({ url: bareUrl, duration: opts.duration, connections: opts.connections });
          if (a.errors || a.non2xx) throw new Error(`products list answered errors: ${JSON.stringify(a)}`);
          full.push(a);
          base.push(b);
          rpsRatio.push(a.rps / b.rps);
          p99Ratio.push(a.p99 / Math.max(1, b.p99));
          if (withPeers) {
            floorRuns.push(await floorLoad(`${floor!.url}/products`, opts.duration, opts.connections));
            routeSqlRuns.push(await pgbench(p.databaseUrl!, [withPeers.routeSql], opts.duration, opts.connections));
            oneTableRuns.push(await pgbench(p.databaseUrl!, [[withPeers.oneTable]], opts.duration, opts.connections));
          }
        }
        console.log(
          `P2 products page of 50 over ${p.fixture.products.toLocaleString('en')} (${driver}${p === app ? ', in the bench process' : ', route from the npm start server'}, ${label}): req/s route/bare = ${fmt(median(rpsRatio), 3)} (spread ${spread(rpsRatio, 3)}; ` +
            `route ${fmt(median(full.map((x) => x.rps)), 0)} req/s vs bare ${fmt(median(base.map((x) => x.rps)), 0)} req/s; target >= 0.25), ` +
            `p99 route/bare = ${fmt(median(p99Ratio))} (spread ${spread(p99Ratio)}; route p99 ${median(full.map((x) => x.p99))} ms vs bare ${median(base.map((x) => x.p99))} ms; target <= 4), ` +
            `${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections, ${body.length} bytes`,
        );
        if (withPeers) {
          printPeers(withPeers, full, base, routeSqlRuns, oneTableRuns, opts.connections);
          printFloor(full, base, floorRuns, routeSqlRuns, opts.connections);
          await printPrepared(p.databaseUrl!, withPeers, full, opts);
        }
      }
      if (filters.length) await perFilter(p, route, bareBase, floor!.url, filters, opts.connections);
    } finally {
      await bare.close();
      await floor?.close();
      if (p !== app) await p.close();
    }
  }
}

/** A page's JSON as the route sends it (50 items checked). */
async function pageBody(p: ProductsApp, url: string): Promise<string> {
  const res = await fetch(url, { headers: computed(p) });
  if (!res.ok) throw new Error(`products list answered ${res.status}: ${await res.text()}`);
  const body = await res.text();
  const items = (JSON.parse(body) as { items: unknown[] }).items.length;
  if (items !== 50) throw new Error(`products list gave ${items} items, expected 50 (${url})`);
  return body;
}

/**
 * The floor of a computed page: a bare Fastify route in its own process running the route's own statements
 * through node-postgres (`lib/bare-sql-server.mjs`), for the default page at /products and each filter's at
 * /filtered/<i>; checked to answer the route's items. What any route that keeps its data in this schema pays
 * for the page on this machine, with none of the route's own work (session, permission, validation, cache).
 */
async function floorServer(p: ProductsApp, peers: PagePeers, body: string, filters: FilterPage[]): Promise<ServerProcess> {
  const pages: Record<string, string[]> = { '/products': peers.routeSql };
  for (const [i, f] of filters.entries()) pages[`/filtered/${i}`] = f.peers.routeSql;
  const floor = await startBareSqlServer({ pages, databaseUrl: p.databaseUrl!, poolSize: DEFAULT_POOL_SIZE, limit: 50 });
  const items = (json: string) => JSON.stringify((JSON.parse(json) as { items: unknown[] }).items);
  for (const [path, page] of [['/products', body], ...filters.map((f, i) => [`/filtered/${i}`, f.body] as const)] as const) {
    const res = await fetch(`${floor.url}${path}`);
    if (!res.ok || items(await res.text()) !== items(page)) {
      await floor.close();
      throw new Error(`the floor's page ${path} is not the route's`);
    }
  }
  return floor;
}

const floorLoad = async (url: string, duration: number, connections: number): Promise<LoadResult> => {
  const r = await runLoad({ url, duration, connections });
  if (r.errors || r.non2xx) throw new Error(`the floor answered errors: ${JSON.stringify(r)}`);
  return r;
};

function printFloor(
  full: Pick<LoadResult, 'rps' | 'p99'>[],
  base: Pick<LoadResult, 'rps' | 'p99'>[],
  floor: Pick<LoadResult, 'rps' | 'p99'>[],
  routeSql: PgbenchResult[],
  clients: number,
): void {
  const vsRouteSql = rpsOver(floor, routeSql);
  const routeVsFloor = full.map((a, i) => a.rps / floor[i]!.rps);
  const p99Bare = p99OverBare(floor, base);
  console.log(
    `P2 computed page, the floor (bare Fastify running the route's statements through node-postgres, pool ${DEFAULT_POOL_SIZE}, own process), ${clients} connections, same rounds: ` +
      `${fmt(median(floor.map((x) => x.rps)), 0)} req/s, p99 ${median(floor.map((x) => x.p99))} ms; floor/(a) = ${fmt(median(vsRouteSql), 3)}${spreadOf(vsRouteSql, 3)} ` +
      `(the most route/(a) can be here; target for the route >= 0.5), route/floor = ${fmt(median(routeVsFloor), 3)}${spreadOf(routeVsFloor, 3)}, ` +
      `p99 floor/bare = ${fmt(median(p99Bare))}${spreadOf(p99Bare)} (route target <= 4)`,
  );
}

interface FilterPage {
  name: string;
  /** The query string that adds the filter to `?limit=50`. */
  q: string;
  body: string;
  peers: PagePeers;
}

/** P5's filters, each with its page's JSON and its two pgbench peers (checked in pagePeers). */
async function filterPages(p: ProductsApp): Promise<FilterPage[]> {
  const pages: FilterPage[] = [];
  for (const [name, q] of await p5Filters(p)) {
    const query = r.productListQuery.parse(Object.fromEntries(new URLSearchParams(`limit=50&${q}`)));
    const peers = await pagePeers(p.database.db, p.fixture.orgId, query);
    pages.push({ name, q, body: await pageBody(p, `${p.url}/api/v1/products?limit=50&${q}`), peers });
  }
  return pages;
}

/** Round i of a side's req/s over round i of a pgbench peer (run right after it). */
const rpsOver = (side: Pick<LoadResult, 'rps'>[], peer: Pick<PgbenchResult, 'tps'>[]) => side.map((x, i) => x.rps / peer[i]!.tps);

/** Round i of a side's p99 over round i of the bare route's (at least 1 ms). */
const p99OverBare = (side: Pick<LoadResult, 'p99'>[], base: Pick<LoadResult, 'p99'>[]) =>
  side.map((x, i) => x.p99 / Math.max(1, base[i]!.p99));

/** The spread of several rounds; nothing for one. */
const spreadOf = (xs: number[], d = 2) => (xs.length > 1 ? ` (spread ${spread(xs, d)})` : '');

const tpsText = (xs: PgbenchResult[]) =>
  `${fmt(median(xs.map((x) => x.tps)), 0)} tps${spreadOf(
    xs.map((x) => x.tps),
    0,
  )}, p99 ${fmt(median(xs.map((x) => x.p99)), 1)} ms`;

/** Where a peer's plan reads: its indexes, and the tables it reads besides `products`. */
const readsText = (reads: PagePeers['route']) => {
  const others = reads.tables.filter((t) => t !== 'products');
  return `${reads.indexes.join('+') || 'no index'}${others.length ? ` over ${others.join('+')}` : ''}${reads.cte ? ', CTE' : ''}`;
};

function printPeers(
  peers: PagePeers,
  full: Pick<LoadResult, 'rps' | 'p99'>[],
  base: Pick<LoadResult, 'rps' | 'p99'>[],
  routeSql: PgbenchResult[],
  oneTable: PgbenchResult[],
  clients: number,
): void {
  // Round i of the route against round i of each peer (run right after it), then the median of the ratios.
  const vsRouteSql = rpsOver(full, routeSql);
  const vsOneTable = rpsOver(full, oneTable);
  const p99Bare = p99OverBare(full, base);
  console.log(
    `P2 computed page vs pgbench, ${clients} clients, same rounds: route ${fmt(median(full.map((x) => x.rps)), 0)} req/s, p99 ${median(full.map((x) => x.p99))} ms; ` +
      `(a) the route's ${peers.routeSql.length} statements: ${tpsText(routeSql)}; (b) one table (products via ${peers.peer.indexes.join(',')}): ${tpsText(oneTable)}; ` +
      `route/(a) = ${fmt(median(vsRouteSql), 3)} (spread ${spread(vsRouteSql, 3)}; target >= 0.5), route/(b) = ${fmt(median(vsOneTable), 3)} (spread ${spread(vsOneTable, 3)}; target >= 0.25), ` +
      `p99 route/bare = ${fmt(median(p99Bare))} (target <= 4)`,
  );
}

/**
 * Both peers of the default page once more with pgbench's `-M prepared` (each statement planned once per
 * connection), after the rounds: context for the issue's prepared figures; the targets stay against the
 * default (simple) protocol, which is what the route's driver sends.
 */
async function printPrepared(
  url: string,
  peers: PagePeers,
  full: Pick<LoadResult, 'rps'>[],
  opts: { duration: number; connections: number },
): Promise<void> {
  const a = await pgbench(url, [peers.routeSql], opts.duration, opts.connections, { prepared: true });
  const b = await pgbench(url, [[peers.oneTable]], opts.duration, opts.connections, { prepared: true });
  const route = median(full.map((x) => x.rps));
  console.log(
    `P2 computed page, pgbench -M prepared (context, one run each after the rounds; targets stay against the simple protocol), ${opts.connections} clients: ` +
      `(a) the route's ${peers.routeSql.length} statements: ${tpsText([a])}; (b) one table: ${tpsText([b])}; ` +
      `route (median of the rounds above) / prepared (a) = ${fmt(route / a.tps, 3)}, / prepared (b) = ${fmt(route / b.tps, 3)}, ${opts.duration} s each`,
  );
}

/**
 * Every P5 filter (default sort, computed pages), each in its own alternating rounds: the route, a bare route
 * serving that filter's page, the floor's route for it, pgbench (a) with the route's statements for it and (b)
 * with the page from `products` alone. A line per filter and the worst filter for each ratio. Its own, smaller budget than the
 * default page's (11 filters x 5 runs a round): --quick 1 round x 3 s, otherwise 3 rounds x 5 s.
 */
async function perFilter(
  p: ProductsApp,
  route: string,
  bareBase: string,
  floorBase: string,
  filters: FilterPage[],
  connections: number,
): Promise<void> {
  const { rounds, duration } = process.argv.includes('--quick') ? { rounds: 1, duration: 3 } : { rounds: 3, duration: 5 };
  const rows: { name: string; vsRouteSql: number; vsOneTable: number; p99Bare: number; floorVsRouteSql: number; floorP99Bare: number }[] =
    [];
  for (const [i, f] of filters.entries()) {
    const url = `${route}&${f.q}`;
    const bareUrl = `${bareBase}/filtered/${i}`;
    // A whole run outlasts an access token: each filter starts with a fresh one.
    await p.renew?.();
    await runLoad({ url, duration: 1, connections, headers: computed(p) });
    await floorLoad(`${floorBase}/filtered/${i}`, 1, connections);
    const full: LoadResult[] = [];
    const base: LoadResult[] = [];
    const routeSql: PgbenchResult[] = [];
    const oneTable: PgbenchResult[] = [];
    const floor: LoadResult[] = [];
    for (let k = 0; k < rounds; k++) {
      const a = await runLoad({ url, duration, connections, headers: computed(p) });
      if (a.errors || a.non2xx) throw new Error(`products list (${f.name}) answered errors: ${JSON.stringify(a)}`);
      full.push(a);
      base.push(await runLoad({ url: bareUrl, duration, connections }));
      floor.push(await floorLoad(`${floorBase}/filtered/${i}`, duration, connections));
      routeSql.push(await pgbench(p.databaseUrl!, [f.peers.routeSql], duration, connections));
      oneTable.push(await pgbench(p.databaseUrl!, [[f.peers.oneTable]], duration, connections));
    }
    const vsRouteSql = rpsOver(full, routeSql);
    const vsOneTable = rpsOver(full, oneTable);
    const p99Bare = p99OverBare(full, base);
    const floorVsRouteSql = rpsOver(floor, routeSql);
    const floorP99Bare = p99OverBare(floor, base);
    rows.push({
      name: f.name,
      vsRouteSql: median(vsRouteSql),
      vsOneTable: median(vsOneTable),
      p99Bare: median(p99Bare),
      floorVsRouteSql: median(floorVsRouteSql),
      floorP99Bare: median(floorP99Bare),
    });
    console.log(
      `P2 filter ${f.name} (computed, default sort): route ${fmt(median(full.map((x) => x.rps)), 0)} req/s, p99 ${median(full.map((x) => x.p99))} ms (bare of that page p99 ${median(base.map((x) => x.p99))} ms); ` +
        `(a) the route's ${f.peers.routeSql.length} statements (page via ${readsText(f.peers.route)}): ${tpsText(routeSql)}; ` +
        `(b) one table (via ${readsText(f.peers.peer)}${f.peers.sameIndex ? ', same index' : ', same 51 ids'}): ${tpsText(oneTable)}; ` +
        `route/(a) = ${fmt(median(vsRouteSql), 3)}${spreadOf(vsRouteSql, 3)}, route/(b) = ${fmt(median(vsOneTable), 3)}${spreadOf(vsOneTable, 3)}, ` +
        `p99 route/bare = ${fmt(median(p99Bare))}${spreadOf(p99Bare)}; the floor ${fmt(median(floor.map((x) => x.rps)), 0)} req/s, ` +
        `p99 ${median(floor.map((x) => x.p99))} ms, floor/(a) = ${fmt(median(floorVsRouteSql), 3)}, p99 floor/bare = ${fmt(median(floorP99Bare))}`,
    );
  }
  const worst = (key: Exclude<keyof (typeof rows)[number], 'name'>, highIsBad: boolean) =>
    rows.reduce((w, x) => ((highIsBad ? x[key] > w[key] : x[key] < w[key]) ? x : w));
  const [a, b, q] = [worst('vsRouteSql', false), worst('vsOneTable', false), worst('p99Bare', true)];
  const [fa, fq] = [worst('floorVsRouteSql', false), worst('floorP99Bare', true)];
  const meeting = rows.filter((x) => x.vsRouteSql >= 0.5 && x.vsOneTable >= 0.25 && x.p99Bare <= 4).length;
  console.log(
    `P2 filters summary (${p.driver}, computed, ${rows.length} filters of P5, ${rounds} rounds x ${duration} s per side, ${connections} clients): ` +
      `worst route/(a) = ${fmt(a.vsRouteSql, 3)} (${a.name}; target >= 0.5), worst route/(b) = ${fmt(b.vsOneTable, 3)} (${b.name}; target >= 0.25), ` +
      `worst p99 route/bare = ${fmt(q.p99Bare)} (${q.name}; target <= 4); filters meeting all three: ${meeting}/${rows.length}; ` +
      `the floor: worst floor/(a) = ${fmt(fa.floorVsRouteSql, 3)} (${fa.name}), worst p99 floor/bare = ${fmt(fq.floorP99Bare)} (${fq.name}), ` +
      `filters whose floor reaches 0.5 of (a) and p99 <= 4x bare: ${rows.filter((x) => x.floorVsRouteSql >= 0.5 && x.floorP99Bare <= 4).length}/${rows.length}`,
  );
}
